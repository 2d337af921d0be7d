/**
 * First run without a terminal detour: a new install prints a one-time setup link, and whoever
 * opens it creates the first owner and lands on the dashboard. This spec runs its own server on a
 * data directory with no user at all (the run's template: migrated, seeded, nobody in it).
 */
import { expect, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations, screenshots } from "./support/page-helpers";

const shot = screenshots("first-run");
let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    name: "first-run",
    users: [],
    captureStdout: true,
    env: (baseUrl) => ({ PUBLIC_URL: baseUrl }),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function printedSetupLink(): Promise<string> {
  const pattern = /http:\/\/127\.0\.0\.1:\d+\/setup\/[A-Za-z0-9_-]{43}/;
  await expect.poll(() => server!.stdout()).toMatch(pattern);
  return server!.stdout().match(pattern)![0];
}

// Each project's worker starts its own server (beforeAll), so the phone run has a fresh link too.
test("the printed setup link creates the first owner, signed in on the dashboard", {
  tag: ["@desktop", "@mobile"],
}, async ({ page }) => {
  // Two argon2 hashes and three first page loads, on a shared machine.
  test.setTimeout(90_000);
  const link = await printedSetupLink();
  await page.goto(link);
  // The first page a new install opens: on a busy machine its chunk takes a while.
  await expect(page.getByRole("heading", { level: 1, name: "Create the First Owner" })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSeriousAxeViolations(page);

  // The usual rules, shown at the fields.
  await page.getByRole("button", { name: "Create owner" }).click();
  await expect(page.getByText("First name is required.")).toBeVisible();
  await page.getByLabel(/^Password/).fill("too short");
  await page.getByLabel("Confirm password").fill("something else");
  await page.getByRole("button", { name: "Create owner" }).click();
  await expect(page.getByText("Password must be at least 12 characters.")).toBeVisible();
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  await shot(page, "setup-errors");

  await page.getByLabel("First name").fill("Olive");
  await page.getByLabel("Last name").fill("Owner");
  await page.getByLabel("Email").fill("olive.first@example.com");
  await page.getByLabel(/^Password/).fill("first owner passphrase here");
  await page.getByLabel("Confirm password").fill("first owner passphrase here");
  await shot(page, "setup-filled");
  await page.getByRole("button", { name: "Create owner" }).click();

  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByText("Welcome back, Olive")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("OWNER", { exact: true })).toBeVisible();
  const me = await page.request.get(new URL("/api/auth/user", link).href);
  expect(await me.json()).toMatchObject({ email: "olive.first@example.com", role: "owner" });

  // Used up: the link and its API are gone, for everyone.
  expect((await page.request.get(link)).status()).toBe(404);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Setup Link Invalid" })).toBeVisible();
  await shot(page, "setup-used");
});
