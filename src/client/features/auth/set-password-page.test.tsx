// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { passwordTooShortMessage } from "../../../shared/password-rules";
import { setPasswordLinkInvalidMessage } from "../../../shared/schemas/users";
import { authUserQueryKey } from "../../lib/use-auth";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { passwordsDifferMessage } from "./new-password";
import SetPasswordPage from "./set-password-page";

configure({ asyncUtilTimeout: 5000 });

const token = "T".repeat(43);
const linkUrl = `/api/auth/set-password/${token}`;
type Call = { url: string; method: string; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

const invalid = () => Response.json({ message: setPasswordLinkInvalidMessage }, { status: 404 });

function renderPage(handlers: { get?: Handler; post?: Handler } = {}) {
  const { calls } = fakeApi(async (call) => {
    const { url } = call;
    if (url !== linkUrl) return new Response(null, { status: 500 });
    if (call.method === "GET") return (handlers.get ?? (() => Response.json({ email: "ina@example.com" })))(call);
    return (handlers.post ?? (() => Response.json({ success: true })))(call);
  });
  const { queryClient } = renderWithClient(<SetPasswordPage params={{ token }} />, {
    toaster: true,
    path: `/set-password/${token}`,
  });
  return { calls, queryClient };
}

afterEach(resetClientTest);

async function fill(password: string, confirm: string) {
  fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: confirm } });
}

describe("SetPasswordPage", () => {
  it("names the account, checks both fields, then saves and offers the way to sign in", async () => {
    const { calls, queryClient } = renderPage();
    queryClient.setQueryData(authUserQueryKey, { id: "old", role: "staff" });
    expect(await screen.findByRole("heading", { level: 1, name: "Set Your Password" })).toBeTruthy();
    expect(screen.getByText("ina@example.com")).toBeTruthy();

    await fill("short", "short");
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText(passwordTooShortMessage)).toBeTruthy();

    await fill("a long enough passphrase", "a long enough passfrase");
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText(passwordsDifferMessage)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await fill("a long enough passphrase", "a long enough passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));
    const done = await screen.findByRole("heading", { level: 1, name: "Password Set" });
    expect(calls).toContainEqual({ url: linkUrl, method: "POST", body: { password: "a long enough passphrase" } });
    // The success heading takes focus so screen readers announce it.
    expect(document.activeElement).toBe(done);
    expect(screen.getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe("/admin");
    // The server ended every session of this user: the cached sign-in is dropped.
    expect(queryClient.getQueryData(authUserQueryKey)).toBeUndefined();
  });

  it("shows and hides both passwords with one labelled toggle", async () => {
    renderPage();
    const password = (await screen.findByLabelText(/^New password/)) as HTMLInputElement;
    const confirm = screen.getByLabelText(/^Confirm password/) as HTMLInputElement;
    expect(password.type).toBe("password");
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(password.type).toBe("text");
    expect(confirm.type).toBe("text");
    expect(screen.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("says the link is invalid or expired when the server does not know it", async () => {
    renderPage({ get: invalid });
    expect(await screen.findByRole("heading", { level: 1, name: "Link Invalid or Expired" })).toBeTruthy();
    expect(screen.getByText(setPasswordLinkInvalidMessage)).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it("switches to the invalid view when the link was used meanwhile", async () => {
    renderPage({ post: invalid });
    await fill("a long enough passphrase", "a long enough passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Link Invalid or Expired" })).toBeTruthy();
  });

  it("keeps the form and shows the server's message on other errors", async () => {
    renderPage({ post: () => Response.json({ message: "Too many requests" }, { status: 429 }) });
    await fill("a long enough passphrase", "a long enough passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));
    const toast = await screen.findByRole("alert");
    await waitFor(() => expect(toast.textContent).toContain("Too many requests"));
    expect(toast.textContent).toContain("Password Not Saved");
    expect(screen.getByLabelText(/^New password/)).toBeTruthy();
  });

  it("offers a retry when the link cannot be checked", async () => {
    let attempts = 0;
    renderPage({
      get: () => {
        attempts += 1;
        return attempts === 1 ? new Response("down", { status: 503 }) : Response.json({ email: "ina@example.com" });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText(/^New password/)).toBeTruthy();
  });
});
