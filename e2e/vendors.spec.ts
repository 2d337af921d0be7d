/**
 * Vendors: staff add a vendor record linked to a vendor user, book it onto a session, and the
 * vendor signs in and sees that session in the vendor portal. Own server on its own data
 * directory (PGlite allows one process per directory); users made with the real CLI.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { freePort, waitForReady } from "./support/server";

const run = promisify(execFile);
const staff = { email: "sid.staff@example.com", password: "e2e staff passphrase", firstName: "Sid", lastName: "Staff" };
const vendor = {
  email: "vera.vendor@example.com",
  password: "e2e vendor passphrase",
  firstName: "Vera",
  lastName: "Cook",
};
const shots = process.env.SHOTS_DIR ?? "/tmp/shots-vendors";

let server: ChildProcess | undefined;
let dataDir = "";
let baseUrl = "";

test.describe.configure({ mode: "serial" });

async function createUser(env: NodeJS.ProcessEnv, user: typeof staff, role: string) {
  await run(
    "node",
    [
      "--import",
      "tsx",
      "src/server/auth/user-create-cli.ts",
      "--email",
      user.email,
      "--password",
      user.password,
      "--role",
      role,
      "--first-name",
      user.firstName,
      "--last-name",
      user.lastName,
    ],
    { env },
  );
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), "rhq-e2e-vendors-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" };
  await createUser(env, staff, "staff");
  await createUser(env, vendor, "vendor");
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", CLIENT_DIR: process.env.CLIENT_DIR ?? "dist/client" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForReady(`${baseUrl}/readyz`, server);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, user: typeof staff, landing: string) {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel("Username").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseUrl}${landing}`);
}

async function expectNoSeriousAxeViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  return page.screenshot({ path: join(shots, `vendors-${name}-${width}.png`), fullPage: true });
}

const toast = (page: Page, text: string) =>
  page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });

test("staff add a vendor, book it onto a session, and the vendor sees it in the portal", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, staff, "/admin/dashboard");
  const sessionTitle = "Welcome dinner";
  const vendorName = "Bali Green Kitchen";
  const session = await page.request.post(`${baseUrl}/api/admin/sessions`, {
    data: { title: sessionTitle, date: "2027-05-11", startTime: "18:30", endTime: "20:30", location: "Open pavilion" },
  });
  expect(session.status(), await session.text()).toBe(201);

  await page.goto(`${baseUrl}/admin/dashboard?tab=schedule`);
  const vendors = page.getByRole("heading", { name: "Vendors", exact: true });
  await expect(vendors).toBeVisible();

  // Add vendor: the form names what is missing before anything is sent.
  await page.getByRole("button", { name: "Add vendor" }).click();
  const dialog = page.getByRole("dialog", { name: "Add vendor" });
  await dialog.getByLabel("Email").fill("kitchen@");
  await dialog.getByRole("button", { name: "Add vendor" }).click();
  await expect(dialog.getByText("Name is required.")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "add-vendor-errors");

  await dialog.getByLabel(/^Name/).fill(vendorName);
  await dialog.getByLabel(/^Type/).fill("catering");
  await dialog.getByLabel("Email").fill("kitchen@example.com");
  await dialog.getByLabel("Phone").fill("+62 361 555 0100");
  await dialog.getByLabel(/^Services/).fill("lunch, dinner");
  const userSelect = dialog.getByLabel("Vendor portal user");
  await expect(userSelect.locator("option", { hasText: "Vera Cook" })).toHaveCount(1);
  await expect(userSelect.locator("option", { hasText: "Sid Staff" })).toHaveCount(0);
  await userSelect.selectOption({ label: "Vera Cook" });
  await dialog.getByRole("button", { name: "Add vendor" }).click();
  await expect(toast(page, `Vendor added: ${vendorName}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("listitem", { name: vendorName });
  await expect(row.getByText("catering · 0 bookings")).toBeVisible();
  await expect(row.getByText("lunch, dinner")).toBeVisible();
  await expect(row.getByText("Vera Cook")).toBeVisible();

  // Book it onto the session.
  await page.getByRole("button", { name: `Book vendor for ${sessionTitle}` }).click();
  const book = page.getByRole("dialog", { name: "Book vendor" });
  await book.getByRole("button", { name: "Book vendor" }).click();
  await expect(book.getByText("Please choose a vendor.")).toBeVisible();
  await book.getByLabel(/^Vendor/).selectOption({ label: `${vendorName} (catering)` });
  await book.getByLabel(/^Rate/).fill("320.00");
  await book.getByLabel("Description").fill("Three-course vegan dinner for 15");
  await expectNoSeriousAxeViolations(page);
  await shot(page, "book-vendor");
  await book.getByRole("button", { name: "Book vendor" }).click();
  await expect(toast(page, `${vendorName} booked for ${sessionTitle}`)).toBeVisible();
  await expect(book).toBeHidden();
  const booked = page.getByRole("list", { name: `Vendors booked for ${sessionTitle}` });
  await expect(booked.getByText(vendorName)).toBeVisible();
  await expect(booked.getByText("£320.00 · Three-course vegan dinner for 15")).toBeVisible();
  await expect(row.getByText("catering · 1 booking")).toBeVisible();

  // The same vendor cannot be booked twice on one session: the choice is disabled.
  await page.getByRole("button", { name: `Book vendor for ${sessionTitle}` }).click();
  await expect(book.getByLabel(/^Vendor/).locator("option", { hasText: vendorName })).toBeDisabled();
  await book.getByRole("button", { name: "Cancel" }).click();

  await booked.getByLabel(`Status of ${vendorName} for ${sessionTitle}`).selectOption("confirmed");
  await expect(toast(page, `${vendorName}: Confirmed`)).toBeVisible();
  await page.getByRole("heading", { name: "Vendor bookings" }).scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "schedule-vendors");

  // The vendor signs in and finds the session in the portal, with nothing of anyone else's.
  const vendorContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const vendorPage = await vendorContext.newPage();
  await signIn(vendorPage, vendor, "/admin/vendor");
  const schedule = vendorPage.getByRole("region", { name: "Your schedule" });
  await expect(schedule.getByText(sessionTitle)).toBeVisible();
  await expect(schedule.getByText("Three-course vegan dinner for 15")).toBeVisible();
  await expect(schedule.getByText(/Open pavilion/)).toBeVisible();
  await expectNoSeriousAxeViolations(vendorPage);
  await shot(vendorPage, "vendor-portal");
  await vendorContext.close();
});
