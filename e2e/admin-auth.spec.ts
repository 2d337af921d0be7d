/**
 * Sign-in journeys for every role. This spec runs its own server on a DATA_DIR seeded with one
 * user per role written through the service behind `user:create` (PGlite allows one process per data
 * directory, so users cannot be added to the shared e2e server while it runs, and production
 * code has no test-only way in).
 */
import { expect, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import {
  expectNoSeriousAxeViolations as expectNoSeriousAxe,
  screenshots,
  signInThroughForm as signInAs,
} from "./support/page-helpers";

const password = "e2e passphrase for every role";
const users = [
  { role: "owner", email: "olive.owner@example.com", firstName: "Olive", lands: "/admin/dashboard" },
  { role: "staff", email: "sam.staff@example.com", firstName: "Sam", lands: "/admin/dashboard" },
  { role: "vendor", email: "vic.vendor@example.com", firstName: "Vic", lands: "/admin/vendor" },
  { role: "guest", email: "gia.guest@example.com", firstName: "Gia", lands: "/admin/guest" },
] as const;
const shot = screenshots("auth");

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ name: "auth", users: users.map((user) => ({ ...user, password })) });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, email: string, secret = password) => signInAs(page, baseUrl, { email, password: secret });

const expectNoSeriousAxeViolations = (page: Page) => expectNoSeriousAxe(page, { settle: false });

test("the admin entry page is accessible and asks for both fields", { tag: "@mobile" }, async ({ page }) => {
  await page.goto(`${baseUrl}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Portal" })).toBeVisible();
  await expect(page.getByText(/authorised personnel only/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "admin-entry");

  const toggle = page.getByRole("button", { name: "Show password" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Sign in" }).click();
  const toast = page.getByRole("alert");
  await expect(toast).toContainText("Missing Information");
  await expect(toast).toContainText("Please enter both username and password.");
});

test("a wrong password shows Login Failed with the server's message", async ({ page }) => {
  await signIn(page, users[0].email, "not the password at all");
  const toast = page.getByRole("alert");
  await expect(toast).toContainText("Login Failed");
  await expect(toast).toContainText("Invalid username or password. Please try again.");
  await shot(page, "admin-login-failed");
  await expect(page).toHaveURL(`${baseUrl}/admin`);
});

for (const user of users) {
  test(`${user.role} signs in and lands on ${user.lands}`, async ({ page }) => {
    await signIn(page, user.email.toUpperCase());
    await expect(page).toHaveURL(`${baseUrl}${user.lands}`);
    // back to /admin while signed in: redirected by role again
    await page.goto(`${baseUrl}/admin`);
    await expect(page).toHaveURL(`${baseUrl}${user.lands}`);
    const me = await page.request.get(`${baseUrl}/api/auth/user`);
    expect((await me.json()).role).toBe(user.role);
  });
}

test("a vendor sees the vendor portal, is refused elsewhere, and signs out", { tag: "@mobile" }, async ({ page }) => {
  await signIn(page, users[2].email);
  await expect(page).toHaveURL(`${baseUrl}/admin/vendor`);
  await expect(page.getByRole("heading", { level: 1, name: "Vendor Portal" })).toBeVisible();
  await expect(page.getByText("Welcome back, Vic")).toBeVisible();
  await expect(page.getByText("VENDOR", { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "vendor-portal");

  await page.goto(`${baseUrl}/admin/guest`);
  await expect(page.getByText("This portal is only accessible to retreat guests.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "guest-portal-denied");
  // the server refuses too, whatever the page shows
  expect((await page.request.get(`${baseUrl}/api/admin/users`)).status()).toBe(403);

  await page.goto(`${baseUrl}/admin/vendor`);
  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
  expect((await page.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
});

test("a guest is refused the vendor portal with a link home", async ({ page }) => {
  await signIn(page, users[3].email);
  await expect(page).toHaveURL(`${baseUrl}/admin/guest`);
  await page.goto(`${baseUrl}/admin/vendor`);
  await expect(page.getByText("This portal is only accessible to vendors.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
});

test("signed out, a portal says Unauthorized and goes to sign-in after 0.5 s", async ({ page }) => {
  // The toast lives for the half second before the page is replaced by the sign-in page: a loaded
  // machine can miss it between two polls, so every alert the page shows is recorded as it appears.
  const alerts: string[] = [];
  await page.exposeFunction("recordAlert", (text: string) => alerts.push(text));
  await page.addInitScript(() => {
    const record = window as unknown as { recordAlert(text: string): void };
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll("[role=alert]")) {
        if (alert.textContent) record.recordAlert(alert.textContent);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(`${baseUrl}/admin/vendor`);
  await expect(page).toHaveURL(`${baseUrl}/admin`);
  expect(
    alerts.some((text) => text.includes("Unauthorized") && text.includes("You are logged out. Logging in again...")),
  ).toBe(true);
  await expect(page.getByLabel("Username")).toBeVisible();
});

test("the owner reaches the owner-only API; staff is refused it", async ({ page }) => {
  await signIn(page, users[0].email);
  await expect(page).toHaveURL(`${baseUrl}/admin/dashboard`);
  const list = await page.request.get(`${baseUrl}/api/admin/users`);
  expect(list.status()).toBe(200);
  expect((await list.json()).map((u: { email: string }) => u.email)).toEqual(
    expect.arrayContaining(users.map((u) => u.email)),
  );
  await page.goto(`${baseUrl}/api/logout`);
  await signIn(page, users[1].email);
  await expect(page).toHaveURL(`${baseUrl}/admin/dashboard`);
  expect((await page.request.get(`${baseUrl}/api/admin/users`)).status()).toBe(403);
});

test("a vendor sent to the dashboard lands on the vendor portal; staff has no Settings tab", async ({ page }) => {
  await signIn(page, users[2].email);
  await expect(page).toHaveURL(`${baseUrl}/admin/vendor`);
  await page.goto(`${baseUrl}/admin/dashboard`);
  await expect(page).toHaveURL(`${baseUrl}/admin/vendor`);
  await page.goto(`${baseUrl}/api/logout`);

  await signIn(page, users[1].email);
  await expect(page).toHaveURL(`${baseUrl}/admin/dashboard`);
  await expect(page.getByText("STAFF", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveCount(0);
});

test("the owner manages users and settings, and finds both in the audit log", { tag: "@mobile" }, async ({ page }) => {
  // many steps, two of them argon2 hashes, on a shared machine
  test.setTimeout(90_000);
  const newcomer = "nia.new@example.com";
  await signIn(page, users[0].email);
  await expect(page).toHaveURL(`${baseUrl}/admin/dashboard`);
  await expect(page.getByText("Welcome back, Olive")).toBeVisible();
  await expect(page.getByText("OWNER", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Settings" }).click();

  const table = page.getByRole("table", { name: "Users who can sign in to the back office" });
  for (const user of users) await expect(table.getByText(user.email)).toBeVisible();

  const form = page.getByRole("form", { name: "Create user" });
  await form.getByRole("textbox", { name: /^Email/ }).fill(newcomer);
  await form.getByLabel("First name").fill("Nia");
  await form.getByLabel("Last name").fill("New");
  await form.getByLabel("First password").fill("short");
  await form.getByRole("button", { name: "Create user" }).click();
  await expect(form.getByText("Password must be at least 12 characters.")).toBeVisible();
  await form.getByLabel("First password").fill("a long first passphrase");
  await form.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status").filter({ hasText: "User created" })).toBeVisible();
  await expect(table.getByText(newcomer)).toBeVisible();

  await page.getByLabel(`Role for ${newcomer}`).selectOption("vendor");
  await expect(page.getByRole("status").filter({ hasText: `${newcomer} is now vendor.` })).toBeVisible();

  // This server sends no email: a set-password link is shown to the owner once, where they asked.
  await page.getByRole("button", { name: `Send set-password link to ${newcomer}` }).click();
  const revealed = page.getByRole("region", { name: `Set-password link for ${newcomer}` });
  await expect(revealed).toContainText("no email was sent");
  const link = await revealed.getByRole("textbox").inputValue();
  // The server's PUBLIC_URL (its default here) and the token.
  const path = /\/set-password\/[A-Za-z0-9_-]{43}$/.exec(link)?.[0];
  expect(path, link).toBeTruthy();
  await expect(revealed.getByRole("button", { name: "Copy link" })).toBeVisible();
  await shot(page, "one-time-set-password-link");
  // On a phone the users table scrolls sideways; the panel stays whole within the screen.
  const box = await revealed.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, "the link panel").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  const invitee = await page.context().browser()!.newContext();
  const setPage = await invitee.newPage();
  await setPage.goto(`${baseUrl}${path}`);
  await expect(setPage.getByRole("form", { name: "Set your password" })).toBeVisible();
  await invitee.close();
  await revealed.getByRole("button", { name: "Done" }).click();
  await expect(revealed).toHaveCount(0);
  await page.getByRole("button", { name: `Deactivate ${newcomer}` }).click();
  await expect(page.getByRole("button", { name: `Reactivate ${newcomer}` })).toBeVisible();

  // the last owner cannot demote themselves: the server says why
  await page.getByLabel(`Role for ${users[0].email}`).selectOption("staff");
  await expect(page.getByRole("alert").filter({ hasText: "The last active owner" })).toBeVisible();
  await expect(page.getByLabel(`Role for ${users[0].email}`)).toHaveValue("owner");

  const defaults = page.getByRole("form", { name: "Retreat defaults" });
  await expect(defaults.getByLabel("Default retreat capacity")).toHaveValue("15");
  await expect(defaults.getByLabel("Default location")).toHaveValue("Bali, Indonesia");
  await defaults.getByLabel("Currency").selectOption("EUR");
  await defaults.getByLabel("Default retreat capacity").fill("20");
  await defaults.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("form", { name: "Retreat defaults" }).getByLabel("Currency")).toHaveValue("EUR");
  await expect(page.getByRole("form", { name: "Retreat defaults" }).getByLabel("Default retreat capacity")).toHaveValue(
    "20",
  );

  const audit = page.getByRole("table", { name: "Audit log entries" });
  await page.getByLabel("Entity").selectOption("settings");
  await expect(audit.getByText("defaultCapacity")).toBeVisible();
  await page.getByLabel("Entity").selectOption("user");
  await page.getByLabel("Action").selectOption("deactivate");
  await expect(audit.getByRole("row")).toHaveCount(2);
  await expect(audit.getByText("isActive")).toBeVisible();
  await page.getByLabel("Action").selectOption("");
  await page.getByLabel("Entity").selectOption("");

  await expectNoSeriousAxeViolations(page);
  await shot(page, "settings-tab");
});
