// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../test/render";
import { currencyHint } from "./settings-form";
import { SettingsTab } from "./settings-tab";

stubResizeObserver();

const owner = {
  id: "u1",
  email: "owner@example.com",
  firstName: "Olive",
  lastName: "Owner",
  role: "owner",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  lastLoginAt: null,
};
const staff = { ...owner, id: "u2", email: "sam@example.com", firstName: "Sam", lastName: "Staff", role: "staff" };
const emptyAudit = { items: [], total: 0, page: 1, pageSize: 25, entityTypes: [], actions: [] };

function setup(overrides: Record<string, (body: unknown) => Response> = {}) {
  let users = [owner, staff];
  const routes: Record<string, (body: unknown) => Response> = {
    "GET /api/auth/user": () => Response.json(owner),
    "GET /api/admin/users": () => Response.json(users),
    "GET /api/admin/settings": () =>
      Response.json({ currency: "GBP", defaultCapacity: 15, defaultLocation: "Bali, Indonesia" }),
    "PUT /api/admin/settings": (body) => Response.json(body),
    "GET /api/admin/retreats": () => Response.json([]),
    "POST /api/admin/users": (body) => Response.json({ ...staff, id: "u3", ...(body as object) }, { status: 201 }),
    "PATCH /api/admin/users/u2": (body) => {
      users = users.map((u) => (u.id === "u2" ? { ...u, ...(body as object) } : u));
      return Response.json(users[1]);
    },
    ...overrides,
  };
  const { calls } = fakeApi(async ({ url, method, body }) => {
    const path = url.split("?")[0]!;
    if (path === "/api/admin/audit-logs") return Response.json(emptyAudit);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(body) : new Response("not found", { status: 404 });
  });
  renderWithClient(<SettingsTab />, { toaster: true });
  return calls;
}

afterEach(resetClientTest);

describe("SettingsTab", () => {
  it("lists users with their role and status", async () => {
    setup();
    const table = await screen.findByRole("table", { name: /Users who can sign in/ });
    expect(within(table).getByText("sam@example.com")).toBeTruthy();
    expect((screen.getByLabelText("Role for sam@example.com") as HTMLSelectElement).value).toBe("staff");
    expect(within(table).getAllByText("Active")).toHaveLength(2);
    expect(await screen.findByText("(you)")).toBeTruthy();
  });

  it("changes a role with PATCH {role}", async () => {
    const calls = setup();
    fireEvent.change(await screen.findByLabelText("Role for sam@example.com"), { target: { value: "vendor" } });
    await waitFor(() =>
      expect(calls).toContainEqual({ url: "/api/admin/users/u2", method: "PATCH", body: { role: "vendor" } }),
    );
    expect((await screen.findByRole("status")).textContent).toContain("User updated");
  });

  it("deactivates a user", async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Deactivate sam@example.com" }));
    await waitFor(() =>
      expect(calls).toContainEqual({ url: "/api/admin/users/u2", method: "PATCH", body: { isActive: false } }),
    );
    expect(await screen.findByRole("button", { name: "Reactivate sam@example.com" })).toBeTruthy();
  });

  it("shows the server's refusal (last owner) as a toast", async () => {
    setup({
      "PATCH /api/admin/users/u2": () =>
        Response.json(
          { message: "The last active owner cannot be deactivated or given another role." },
          { status: 409 },
        ),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Deactivate sam@example.com" }));
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Failed to update user");
    expect(toast.textContent).toContain("The last active owner");
  });

  it("validates a new user with the shared schema before calling the server", async () => {
    const calls = setup();
    const form = await screen.findByRole("form", { name: "Create user" });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: "new@example.com" } });
    fireEvent.change(within(form).getByLabelText(/^First password/), { target: { value: "short" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create user" }));
    expect(await within(form).findByText("Password must be at least 12 characters.")).toBeTruthy();
    expect(within(form).getByText("First name is required.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^First name/), { target: { value: "Nia" } });
    fireEvent.change(within(form).getByLabelText(/^Last name/), { target: { value: "New" } });
    fireEvent.change(within(form).getByLabelText(/^Role/), { target: { value: "guest" } });
    fireEvent.change(within(form).getByLabelText(/^First password/), { target: { value: "a long passphrase" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create user" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: "/api/admin/users",
        method: "POST",
        body: {
          email: "new@example.com",
          firstName: "Nia",
          lastName: "New",
          role: "guest",
          password: "a long passphrase",
        },
      }),
    );
  });

  it("creates a user who gets an emailed set-password link instead of a first password", async () => {
    const calls = setup();
    const form = await screen.findByRole("form", { name: "Create user" });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: "linked@example.com" } });
    fireEvent.change(within(form).getByLabelText(/^First name/), { target: { value: "Lin" } });
    fireEvent.change(within(form).getByLabelText(/^Last name/), { target: { value: "Ked" } });
    fireEvent.change(within(form).getByLabelText(/^First password/), { target: { value: "typed first" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: "Send a set-password link by email instead" }));
    expect(within(form).queryByLabelText(/^First password/)).toBeNull();
    fireEvent.click(within(form).getByRole("button", { name: "Create user" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: "/api/admin/users",
        method: "POST",
        body: {
          email: "linked@example.com",
          firstName: "Lin",
          lastName: "Ked",
          role: "staff",
          sendSetPasswordLink: true,
        },
      }),
    );
    expect((await screen.findByRole("status")).textContent).toContain(
      "We emailed linked@example.com a link to set their password.",
    );
  });

  it("sends a set-password link to an existing user from the list", async () => {
    const calls = setup({
      "POST /api/admin/users/u2/set-password-link": () =>
        Response.json({ success: true, email: "sam@example.com", expiresAt: "2026-01-04T00:00:00.000Z" }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Send set-password link to sam@example.com" }));
    await waitFor(() =>
      expect(calls).toContainEqual({ url: "/api/admin/users/u2/set-password-link", method: "POST", body: undefined }),
    );
    const toast = await screen.findByRole("status");
    expect(toast.textContent).toContain("Set-password link sent");
    expect(toast.textContent).toContain("sam@example.com");
  });

  it("without email set up, shows the owner the new user's link once, with a copy button, where they created them", async () => {
    const link = `http://localhost:3000/set-password/${"a".repeat(43)}`;
    setup({
      "POST /api/admin/users": (body) =>
        Response.json({ ...staff, id: "u3", ...(body as object), setPasswordUrl: link }, { status: 201 }),
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const form = await screen.findByRole("form", { name: "Create user" });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: "linked@example.com" } });
    fireEvent.change(within(form).getByLabelText(/^First name/), { target: { value: "Lin" } });
    fireEvent.change(within(form).getByLabelText(/^Last name/), { target: { value: "Ked" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: "Send a set-password link by email instead" }));
    fireEvent.click(within(form).getByRole("button", { name: "Create user" }));
    const panel = await screen.findByRole("region", { name: "Set-password link for linked@example.com" });
    expect(within(panel).getByRole("textbox", { name: "Set-password link for linked@example.com" })).toHaveProperty(
      "value",
      link,
    );
    expect(panel.textContent).toContain("no email was sent");
    expect((await screen.findByRole("status")).textContent).toContain("copy linked@example.com's set-password link");
    fireEvent.click(within(panel).getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    fireEvent.click(within(panel).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: /Set-password link for/ })).toBeNull());
    expect(document.body.textContent).not.toContain(link);
  });

  it("without email set up, shows the link for an existing user in their row", async () => {
    const link = `http://localhost:3000/set-password/${"b".repeat(43)}`;
    setup({
      "POST /api/admin/users/u2/set-password-link": () =>
        Response.json({
          success: true,
          email: "sam@example.com",
          expiresAt: "2026-01-04T00:00:00.000Z",
          setPasswordUrl: link,
        }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Send set-password link to sam@example.com" }));
    const panel = await screen.findByRole("region", { name: "Set-password link for sam@example.com" });
    expect(within(panel).getByRole("textbox")).toHaveProperty("value", link);
    expect((await screen.findByRole("status")).textContent).toContain("Set-password link ready");
  });

  it("shows why a link could not be sent", async () => {
    setup({
      "POST /api/admin/users/u2/set-password-link": () =>
        Response.json({ message: "This user is deactivated. Reactivate them before sending a link." }, { status: 409 }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Send set-password link to sam@example.com" }));
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Failed to send link");
    expect(toast.textContent).toContain("Reactivate them");
  });

  it("loads and saves the settings with the spec's options", async () => {
    const calls = setup();
    const form = await screen.findByRole("form", { name: "Retreat defaults" });
    const currency = (await within(form).findByLabelText("Currency")) as HTMLSelectElement;
    expect([...currency.options].map((o) => o.value)).toEqual(["GBP", "EUR"]);
    expect((within(form).getByLabelText("Default retreat capacity") as HTMLInputElement).value).toBe("15");
    expect((within(form).getByLabelText("Default location") as HTMLInputElement).value).toBe("Bali, Indonesia");

    fireEvent.change(within(form).getByLabelText("Default retreat capacity"), { target: { value: "0" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(await within(form).findByText("Default capacity must be between 1 and 100.")).toBeTruthy();

    fireEvent.change(currency, { target: { value: "EUR" } });
    fireEvent.change(within(form).getByLabelText("Default retreat capacity"), { target: { value: "20" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: "/api/admin/settings",
        method: "PUT",
        body: { currency: "EUR", defaultCapacity: 20, defaultLocation: "Bali, Indonesia" },
      }),
    );
    expect((await screen.findByRole("status")).textContent).toContain("Settings saved");
  });

  // Issue 16: Currency saved but nothing visible changed, and nothing said why.
  it("says exactly what the currency setting does, read out with the control", async () => {
    setup();
    const form = await screen.findByRole("form", { name: "Retreat defaults" });
    const currency = await within(form).findByLabelText("Currency");
    const hint = within(form).getByText(currencyHint);
    expect(currencyHint).toBe(
      "Pre-fills the currency of a new retreat in Add retreat. It does not change or convert existing retreats, prices, payments or finance figures.",
    );
    expect(currency.getAttribute("aria-describedby")).toContain(hint.id);
  });

  it("shows a user without a name by their email, and Set password as a real (outlined) button", async () => {
    setup({
      "GET /api/admin/users": () =>
        Response.json([owner, { ...staff, id: "u4", email: "nameless@example.com", firstName: null, lastName: null }]),
    });
    const table = await screen.findByRole("table", { name: /Users who can sign in/ });
    const row = within(table).getByLabelText("Role for nameless@example.com").closest("tr")!;
    const cells = within(row).getAllByRole("cell");
    expect(cells[0]!.textContent).toBe("nameless@example.com");
    for (const name of ["Set password for nameless@example.com", "Send set-password link to nameless@example.com"]) {
      const button = within(row).getByRole("button", { name });
      // Outlined like Deactivate beside it: a bordered control, not plain text.
      expect(button.className).toContain("border");
      expect(button.className).toContain("border-primary");
    }
  });
  it("sets a user's password from the row: the schema's minimum first, then the PATCH", async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Set password for sam@example.com" }));
    const input = screen.getByLabelText("New password for sam@example.com") as HTMLInputElement;
    expect(input.type).toBe("password");
    fireEvent.change(input, { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    const message = await screen.findByText("Password must be at least 12 characters.");
    expect(message.getAttribute("role")).toBe("alert");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(message.id);
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    fireEvent.change(input, { target: { value: "a long passphrase" } });
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: "/api/admin/users/u2",
        method: "PATCH",
        body: { password: "a long passphrase" },
      }),
    );
    expect((await screen.findByRole("status")).textContent).toContain("their other sessions have been signed out");
    await waitFor(() => expect(screen.queryByLabelText("New password for sam@example.com")).toBeNull());
  });
});
