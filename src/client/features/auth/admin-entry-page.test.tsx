// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { oidcErrorMessages } from "../../../shared/schemas/auth";
import { type ApiCall, type ApiReply, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import AdminEntryPage from "./admin-entry-page";

type Handler = (call: ApiCall) => ApiReply;

function renderPage(handler: Handler, path = "/admin") {
  const { fetchMock } = fakeApi(handler);
  const { location } = renderWithClient(<AdminEntryPage />, { toaster: true, path });
  return { fetchMock, location: location! };
}

const signedOut: Handler = ({ url }) =>
  url === "/api/auth/user"
    ? Response.json({ message: "Unauthorized" }, { status: 401 })
    : new Response(null, { status: 500 });

const reload = vi.fn();

beforeEach(() => {
  vi.stubGlobal("location", { ...window.location, reload });
});
afterEach(() => {
  resetClientTest();
  reload.mockReset();
});

async function fill(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText("Username"), { target: { value: username } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
}

describe("AdminEntryPage", () => {
  it("shows the sign-in form with the authorised-personnel note", async () => {
    renderPage(signedOut);
    expect(screen.getByRole("heading", { level: 1, name: "Admin Portal" })).toBeTruthy();
    expect(await screen.findByLabelText("Username")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(screen.getByText(/authorised personnel only/).textContent).toMatch(/logged/);
  });

  it("toggles the password's visibility with a labelled, pressed-state button", async () => {
    renderPage(signedOut);
    const password = (await screen.findByLabelText("Password")) as HTMLInputElement;
    expect(password.type).toBe("password");
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(password.type).toBe("text");
    const hide = screen.getByRole("button", { name: "Hide password" });
    expect(hide.getAttribute("aria-pressed")).toBe("true");
  });

  it("asks for both fields without calling the server", async () => {
    const { fetchMock } = renderPage(signedOut);
    await fill("owner@example.com", "");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Missing Information");
    expect(toast.textContent).toContain("Please enter both username and password.");
    expect(fetchMock).not.toHaveBeenCalledWith("/api/auth/login", expect.anything());
  });

  it("shows the server's message when sign-in fails", async () => {
    renderPage((call) =>
      call.url === "/api/auth/login"
        ? Response.json(
            { message: "Too many sign-in attempts. Please wait 15 minutes and try again." },
            { status: 429 },
          )
        : signedOut(call),
    );
    await fill("owner@example.com", "wrong");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Login Failed");
    expect(toast.textContent).toContain("Too many sign-in attempts");
  });

  it("falls back to the spec's message when the failure has no message", async () => {
    renderPage((call) => (call.url === "/api/auth/login" ? new Response("", { status: 502 }) : signedOut(call)));
    await fill("owner@example.com", "wrong");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid username or password. Please try again.");
  });

  it("says Signing in... while pending, sends {username, password}, and reloads on success", async () => {
    let resolve: (r: Response) => void = () => {};
    const { fetchMock } = renderPage((call) =>
      call.url === "/api/auth/login" ? new Promise<Response>((r) => (resolve = r)) : signedOut(call),
    );
    await fill("  Owner@Example.com ", "secret");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const pending = await screen.findByRole("button", { name: "Signing in..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/login")!;
    expect(call[1]).toMatchObject({ method: "POST", credentials: "include" });
    expect(JSON.parse(String(call[1]!.body))).toEqual({ username: "Owner@Example.com", password: "secret" });
    resolve(Response.json({ id: "1", role: "owner" }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it.each([
    ["owner", "/admin/dashboard"],
    ["staff", "/admin/dashboard"],
    ["vendor", "/admin/vendor"],
    ["guest", "/admin/guest"],
    ["someone-else", "/admin/dashboard"],
  ])("sends a signed-in %s to %s", async (role, path) => {
    const { location } = renderPage(() => Response.json({ id: "1", email: "a@example.com", role }));
    await waitFor(() => expect(location.history?.at(-1)).toBe(path));
    expect(screen.queryByLabelText("Username")).toBeNull();
  });

  it("shows why single sign-on failed, then drops the code from the address", async () => {
    const { location } = renderPage(signedOut, "/admin?error=oidc_no_account");
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Login Failed");
    expect(toast.textContent).toContain(oidcErrorMessages.oidc_no_account);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/admin"));
    expect(await screen.findByLabelText("Username")).toBeTruthy();
  });

  it("shows only its own text for an unknown error code", async () => {
    renderPage(signedOut, "/admin?error=Call%20us%20on%20555-0100");
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain(oidcErrorMessages.oidc_failed);
    expect(toast.textContent).not.toContain("555");
  });
});
