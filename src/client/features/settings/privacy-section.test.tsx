// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type EraseResponse, eraseMismatchMessage, type SubjectExport } from "../../../shared/schemas/privacy";
import { dismiss } from "../../lib/use-toast";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient } from "../../test/render";
import { PrivacySection } from "./privacy-section";

const email = "ada@example.com";

function held(empty = false): SubjectExport {
  const rows = (n: number) => (empty ? [] : Array.from({ length: n }, (_, i) => ({ id: `row-${i}` })));
  return {
    email,
    generatedAt: "2026-11-22T10:00:00.000Z",
    sections: {
      applications: rows(2),
      subscribers: rows(1),
      travelForms: rows(1),
      emailLogs: rows(3),
      emailSends: [],
      interviews: rows(1),
      placeOffers: [],
      paymentPlans: rows(1),
      payments: rows(2),
      refunds: [],
      receipts: rows(1),
      users: [],
      vendors: [],
      teamProfiles: [],
      feedback: [],
      auditLogs: rows(4),
    },
  };
}

function setup(options: { erase?: () => Response } = {}) {
  let erased = false;
  const { calls } = fakeApi(async ({ url, method }) => {
    if (url === "/api/admin/privacy/retention")
      return Response.json({ travelDataDays: 30, declinedApplicationDays: 365 });
    if (url.startsWith("/api/admin/privacy/subject?")) return Response.json(held(erased));
    if (url === "/api/admin/privacy/erase" && method === "POST") {
      erased = true;
      const result: EraseResponse = {
        deleted: { applications: 1, emailLogs: 3, subscribers: 1 },
        anonymised: { applications: 1, payments: 2 },
        accountsKept: 0,
      };
      return options.erase ? options.erase() : Response.json(result);
    }
    return new Response("not found", { status: 404 });
  });
  renderWithClient(<PrivacySection />, { toaster: true });
  return calls;
}

afterEach(() => {
  act(() => dismiss());
  cleanup();
  vi.unstubAllGlobals();
});

async function find(address: string) {
  fireEvent.change(screen.getByLabelText("Email address"), { target: { value: address } });
  fireEvent.click(screen.getByRole("button", { name: "Find data" }));
}

describe("Settings: privacy", () => {
  it("shows the retention periods in force", async () => {
    setup();
    expect(await screen.findByText("Deleted 30 days after the retreat ends")).toBeTruthy();
    expect(screen.getByText(/Anonymised 365 days after being declined/)).toBeTruthy();
  });

  it("refuses a malformed address without calling the server", async () => {
    const calls = setup();
    await find("not an email");
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter a valid email address.");
    expect(calls.some((c) => c.url.includes("/subject"))).toBe(false);
  });

  it("finds an address, shows counts per section and links the JSON and CSV downloads", async () => {
    const calls = setup();
    await find("  Ada@Example.com ");
    await screen.findByText(`Held about ${email}`);
    expect(calls.some((c) => c.url === "/api/admin/privacy/subject?email=Ada%40Example.com")).toBe(true);
    const summary = screen.getByText("Emails sent").closest("dl")!;
    const count = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(count("Applications")).toBe("2");
    expect(count("Emails sent")).toBe("3");
    expect(count("Refunds")).toBe("0");
    expect(count("Receipts and credit notes")).toBe("1");
    const json = screen.getByRole("link", { name: "Download JSON" });
    const csv = screen.getByRole("link", { name: "Download CSV" });
    expect(json.getAttribute("href")).toBe("/api/admin/privacy/subject?email=Ada%40Example.com");
    expect(csv.getAttribute("href")).toBe("/api/admin/privacy/subject.csv?email=Ada%40Example.com");
    expect(json.hasAttribute("download")).toBe(true);
  });

  it("erases only after the address is typed again, then toasts the counts", async () => {
    const calls = setup();
    await find(email);
    fireEvent.click(await screen.findByRole("button", { name: "Erase all data…" }));
    const dialog = await screen.findByRole("alertdialog");
    const confirm = within(dialog).getByLabelText("Type the email address again to confirm");

    fireEvent.change(confirm, { target: { value: "someone@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Erase all data" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(eraseMismatchMessage);
    expect(calls.some((c) => c.url.endsWith("/erase"))).toBe(false);

    fireEvent.change(confirm, { target: { value: "ADA@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Erase all data" }));
    expect(await screen.findByText(`Data erased for ${email}`)).toBeTruthy();
    expect(
      screen.getByText(
        "Deleted 1 application, 3 emails, 1 subscription. Anonymised, kept for the accounts: 1 application, 2 payments.",
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/erase"))?.body).toEqual({ email, confirmEmail: "ADA@example.com" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(await screen.findByText(`Nothing is held about ${email}.`)).toBeTruthy();
  });

  it("keeps the dialog open with the server's message when erasure fails", async () => {
    setup({ erase: () => Response.json({ message: "Something went wrong" }, { status: 500 }) });
    await find(email);
    fireEvent.click(await screen.findByRole("button", { name: "Erase all data…" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.change(within(dialog).getByLabelText("Type the email address again to confirm"), {
      target: { value: email },
    });
    fireEvent.click(screen.getByRole("button", { name: "Erase all data" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Something went wrong");
  });
});
