/**
 * Payment reminders: the owner accepts an application, and its reminders are planned within
 * seconds (a payments.reminder-sweep job after the acceptance commits, not the five-minute sweep),
 * then sends one now from Payments → Payment reminders and finds the email in the outbox. Own
 * server on its own data directory (PGlite allows one process per directory), owner made by
 * `user:create`, the retreat's dates set before the server starts.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { retreats } from "../src/server/db/schema";
import { seedBaseData } from "../src/server/db/seed";
import { addDays, todayIn } from "../src/shared/finance/dates";
import type { EmailLogListResponse } from "../src/shared/schemas/email-outbox";
import type { PaymentReminderList } from "../src/shared/schemas/payment-reminders";
import { freePort, waitForReady } from "./support/server";

const run = promisify(execFile);
const owner = { email: "rita.owner@example.com", password: "e2e owner passphrase", firstName: "Rita" };
const shots = process.env.SHOTS_DIR ?? "/tmp/shots-reminders";

let server: ChildProcess | undefined;
let dataDir = "";
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), "rhq-e2e-reminders-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" };
  await run(
    "node",
    [
      "--import",
      "tsx",
      "src/server/auth/user-create-cli.ts",
      "--email",
      owner.email,
      "--password",
      owner.password,
      "--role",
      "owner",
      "--first-name",
      owner.firstName,
    ],
    { env },
  );
  // The retreat starts in 240 days, written before the server starts: both instalments (6 and 3
  // months before) fall weeks ahead, so each has its 7- and 1-day reminders still to come.
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedBaseData(database.db);
    const start = addDays(todayIn("Europe/London"), 240);
    await database.db
      .update(retreats)
      .set({ startDate: start, endDate: addDays(start, 9) })
      .where(eq(retreats.status, "open"));
  } finally {
    await database.close();
  }
  // E2E_REMINDERS_PORT pins the port when several people share a machine; a free one otherwise.
  const port = Number(process.env.E2E_REMINDERS_PORT) || (await freePort());
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

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel("Username").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseUrl}/admin/dashboard`);
}

/** axe on one part of the screen, once its animations have settled. */
async function expectNoSeriousAxeViolations(page: Page, part: Locator) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await part.evaluate((el) => el.setAttribute("data-axe-target", ""));
  const results = await new AxeBuilder({ page }).include("[data-axe-target]").analyze();
  await part.evaluate((el) => el.removeAttribute("data-axe-target"));
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function api<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${baseUrl}${path}`, { method, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

function toast(page: Page, text: string): Locator {
  return page.getByRole("status").filter({ hasText: text });
}

test("accept an application, see its reminders at once, send one now", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page);
  const email = `rosa.reminder.${testInfo.project.name}@example.com`;
  const name = "Rosa Reminder";
  const application = await api<{ id: string }>(page, "POST", "/api/admin/applications", {
    firstName: "Rosa",
    lastName: "Reminder",
    email,
    motivations: "I want to learn how to be a more effective advocate for animals everywhere.",
    advocacyInvolvement: "Monthly leafleting in Leeds.",
  });
  for (const stage of ["screening", "interview"]) {
    await api(page, "POST", `/api/admin/applications/${application.id}/escalate/${stage}`, { notify: false });
  }

  await page.goto(`${baseUrl}/admin/dashboard?tab=applications`);
  await page.getByLabel("Search", { exact: true }).fill(email);
  await page.getByRole("button", { name: `Move ${name} to accepted` }).click();
  const move = page.getByRole("dialog", { name: `Move ${name} to accepted?` });
  await move.getByRole("button", { name: "Move to accepted" }).click();
  await expect(toast(page, "Stage Updated")).toContainText("Application moved to accepted stage successfully");

  // The worker swept at start-up and sweeps again only in five minutes: reminders within
  // seconds come from the sweep the acceptance asked for.
  await expect
    .poll(
      async () =>
        (await api<PaymentReminderList>(page, "GET", "/api/admin/payment-reminders")).items.filter(
          (r) => r.applicationId === application.id && r.status === "pending",
        ).length,
      { timeout: 20_000, message: "the accepted applicant's pending reminders" },
    )
    .toBe(4);

  await page.getByRole("tab", { name: "Payments" }).click();
  const section = page
    .locator("div.rounded-card")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Payment reminders" }) });
  const list = section.getByRole("list", { name: "Payment reminders" });
  const mine = list.getByRole("listitem").filter({ hasText: name });
  await expect(mine).toHaveCount(4);
  // Two instalments (the deposit falls due today: nothing to remind about ahead of it), each
  // reminded 7 days and 1 day before, all still to go out.
  for (const instalment of ["Instalment 1 of 2", "Instalment 2 of 2"]) {
    for (const timing of ["7 days before", "1 day before"]) {
      const row = list.getByRole("listitem", { name: `${name}, ${timing}` }).filter({ hasText: instalment });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Pending");
      await expect(row).toContainText("Goes out");
    }
  }
  await expect(section.getByRole("button", { name: "Pending 4" })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, section);
  await section.screenshot({ path: join(shots, `reminders-pending-${page.viewportSize()?.width ?? 0}.png`) });

  const first = list.getByRole("listitem", { name: `${name}, 7 days before` }).filter({ hasText: "Instalment 1 of 2" });
  await first.getByRole("button", { name: `Send reminder to ${name}` }).click();
  await expect(toast(page, "Reminder sent successfully")).toBeVisible();
  await expect(first).toContainText("Sent");
  await expect(first).not.toContainText("Pending");
  await expect(first.getByRole("button", { name: `Send reminder to ${name}` })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Sent 1" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Pending 3" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, section);
  await section.screenshot({ path: join(shots, `reminders-sent-${page.viewportSize()?.width ?? 0}.png`) });

  // The email went through the outbox: one payment reminder to Rosa, about the first instalment.
  const reminders = await api<PaymentReminderList>(page, "GET", "/api/admin/payment-reminders?status=sent");
  const sent = reminders.items.filter((r) => r.applicationId === application.id);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ paymentDescription: "Instalment 1 of 2", daysBefore: 7 });
  const outbox = await api<EmailLogListResponse>(
    page,
    "GET",
    `/api/admin/email-logs?search=${encodeURIComponent(email)}`,
  );
  const mail = outbox.items.filter((m) => m.kind === "payment_reminder");
  expect(mail).toHaveLength(1);
  expect(mail[0]!.recipientEmail).toBe(email);
  expect(mail[0]!.subject).toMatch(/^Payment reminder: £[\d,.]+ due on \d{1,2} [A-Z][a-z]+ \d{4}$/);
  expect(["queued", "sending", "sent", "logged"]).toContain(mail[0]!.status);
});
