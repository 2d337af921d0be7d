// @vitest-environment jsdom
import { configure, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { passwordTooShortMessage } from "../../../shared/password-rules";
import { duplicateEmailMessage, setupLinkInvalidMessage } from "../../../shared/schemas/users";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { passwordsDifferMessage } from "./new-password";
import SetupPage from "./setup-page";

configure({ asyncUtilTimeout: 5000 });

const code = "C".repeat(43);
const apiUrl = `/api/auth/setup/${code}`;
type Call = { url: string; method: string; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

const invalid = () => Response.json({ message: setupLinkInvalidMessage }, { status: 404 });
const owner = {
  id: "1",
  email: "olive@example.com",
  firstName: "Olive",
  lastName: "Owner",
  role: "owner",
  isActive: true,
};

function renderPage(handlers: { get?: Handler; post?: Handler } = {}) {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
  const { calls } = fakeApi(async (call) => {
    const { url } = call;
    if (url !== apiUrl) return new Response(null, { status: 500 });
    if (call.method === "GET") return (handlers.get ?? (() => Response.json({ valid: true })))(call);
    return (handlers.post ?? (() => Response.json(owner)))(call);
  });
  renderWithClient(
    <Router hook={memoryLocation({ path: `/setup/${code}` }).hook}>
      <SetupPage params={{ code }} />
    </Router>,
    { toaster: true },
  );
  return { calls, assign };
}

afterEach(resetClientTest);

async function fillOwner(password: string, confirm: string) {
  fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: "Olive" } });
  fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: "Owner" } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "olive@example.com" } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: confirm } });
}

describe("SetupPage", () => {
  it("checks every field, then creates the owner and goes to the dashboard", async () => {
    const { calls, assign } = renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Create the First Owner" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Create owner" }));
    expect(await screen.findByText("First name is required.")).toBeTruthy();
    expect(screen.getByText("Last name is required.")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();

    await fillOwner("short", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create owner" }));
    expect(await screen.findByText(passwordTooShortMessage)).toBeTruthy();

    await fillOwner("a long enough passphrase", "a long enough passfrase");
    fireEvent.click(screen.getByRole("button", { name: "Create owner" }));
    expect(await screen.findByText(passwordsDifferMessage)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await fillOwner("a long enough passphrase", "a long enough passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Create owner" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/admin/dashboard"));
    expect(calls).toContainEqual({
      url: apiUrl,
      method: "POST",
      body: { firstName: "Olive", lastName: "Owner", email: "olive@example.com", password: "a long enough passphrase" },
    });
  });

  it("says the link is invalid when the server does not know it (or an owner exists)", async () => {
    renderPage({ get: invalid });
    expect(await screen.findByRole("heading", { name: "Setup Link Invalid" })).toBeTruthy();
    expect(screen.getByText(setupLinkInvalidMessage)).toBeTruthy();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    expect(screen.getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe("/admin");
  });

  it("switches to the invalid view when someone else created the owner meanwhile", async () => {
    const { assign } = renderPage({ post: invalid });
    await fillOwner("a long enough passphrase", "a long enough passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Create owner" }));
    expect(await screen.findByRole("heading", { name: "Setup Link Invalid" })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in a toast and keeps the form", async () => {
    renderPage({ post: () => Response.json({ message: duplicateEmailMessage }, { status: 409 }) });
    await fillOwner("a long enough passphrase", "a long enough passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Create owner" }));
    expect(await screen.findByText(duplicateEmailMessage)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create owner" })).toBeTruthy();
  });
});
