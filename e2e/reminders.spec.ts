/**
 * Payment reminders: the owner accepts an application, and its reminders are planned within
 * seconds (a payments.reminder-sweep job after the acceptance commits, not the five-minute sweep),
 * then sends one now from Payments → Payment reminders and finds the email in the outbox. Own
 * server on its own data directory (PGlite allows one process per directory), owner made by
 * the same service as `user:create`, the retreat's dates set before the server starts.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { EmailLogListResponse } from "../src/shared/schemas/email-outbox";
import type { PaymentReminderList } from "../src/shared/schemas/payment-reminders";
import { type OwnServer, startOwnServer } from "./support/own-server";
import {
  acceptNewApplicationInTab,
  api as apiAt,
  expectNoSeriousAxeViolations as expectNoSeriousAxe,
  screenshots,
  signIn as signInAs,
  toast,
} from "./support/page-helpers";
import { startOpenRetreatIn } from "./support/retreat-dates";

const owner = { email: "rita.owner@example.com", password: "e2e owner passphrase", firstName: "Rita" };
const shot = screenshots("reminders");

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    name: "reminders",
    users: [{ ...owner, role: "owner" }],
    // The retreat starts in 240 days, written before the server starts: both instalments (6 and 3
    // months before) fall weeks ahead, so each has its 7- and 1-day reminders still to come.
    prepare: ({ database }) => startOpenRetreatIn(database, 240),
    portEnvVar: "E2E_REMINDERS_PORT",
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page) => signInAs(page, baseUrl, owner, "/admin/dashboard");

/** axe on one part of the screen, once its animations have settled. */
const expectNoSeriousAxeViolations = (page: Page, part: Locator) => expectNoSeriousAxe(page, { include: part });

const api = <T>(page: Page, method: "GET" | "POST", path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

test(
  "accept an application, see its reminders at once, send one now",
  { tag: "@mobile" },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page);
    const email = `rosa.reminder.${testInfo.project.name}@example.com`;
    const name = "Rosa Reminder";
    const application = await acceptNewApplicationInTab(page, baseUrl, {
      firstName: "Rosa",
      lastName: "Reminder",
      email,
      advocacyInvolvement: "Monthly leafleting in Leeds.",
    });

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
    await shot(page, "reminders-pending", section);

    const first = list
      .getByRole("listitem", { name: `${name}, 7 days before` })
      .filter({ hasText: "Instalment 1 of 2" });
    await first.getByRole("button", { name: `Send reminder to ${name}` }).click();
    await expect(toast(page, "Reminder sent successfully")).toBeVisible();
    await expect(first).toContainText("Sent");
    await expect(first).not.toContainText("Pending");
    await expect(first.getByRole("button", { name: `Send reminder to ${name}` })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Sent 1" })).toBeVisible();
    await expect(section.getByRole("button", { name: "Pending 3" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, section);
    await shot(page, "reminders-sent", section);

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
  },
);

test("a declined applicant's reminders are cancelled with the plan and offer no Send", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page);
  const name = "Nora Notneeded";
  const application = await acceptNewApplicationInTab(page, baseUrl, {
    firstName: "Nora",
    lastName: "Notneeded",
    email: `nora.notneeded.${testInfo.project.name}@example.com`,
    advocacyInvolvement: "Sanctuary volunteering in Devon.",
  });
  const mine = async () =>
    (await api<PaymentReminderList>(page, "GET", "/api/admin/payment-reminders")).items.filter(
      (r) => r.applicationId === application.id,
    );
  await expect.poll(async () => (await mine()).filter((r) => r.canSend).length, { timeout: 20_000 }).toBe(4);

  // Declining cancels the plan, and its reminders with it, at once.
  await api(page, "POST", `/api/admin/applications/${application.id}/escalate/declined`, { notify: false });
  expect((await mine()).map((r) => [r.status, r.canSend])).toEqual(Array(4).fill(["cancelled", false]));

  await page.goto(`${baseUrl}/admin/dashboard?tab=payments`);
  const section = page
    .locator("div.rounded-card")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Payment reminders" }) });
  const rows = section.getByRole("list", { name: "Payment reminders" }).getByRole("listitem").filter({ hasText: name });
  await expect(rows).toHaveCount(4);
  for (const row of await rows.all()) {
    await expect(row).toContainText("Cancelled");
    await expect(row).toContainText("the payment plan was cancelled or completed");
    await expect(row).not.toContainText("Goes out");
  }
  await expect(section.getByRole("button", { name: `Send reminder to ${name}` })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await shot(page, "reminders-cancelled", section);
});
