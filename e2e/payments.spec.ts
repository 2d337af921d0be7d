/**
 * Money: the owner accepts an application in the Applications tab and finds its payment plan in
 * the Payments tab (deposit and two instalments), marks the deposit paid, records a manual
 * payment, and edits a booking type's price, which the landing page then shows. Own server on
 * its own data directory (PGlite allows one process per directory), owner made through the same service as `user:create`.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import {
  acceptNewApplicationInTab,
  api as apiAt,
  expectNoSeriousAxeViolations,
  screenshots,
  signIn as signInAs,
  toast,
} from "./support/page-helpers";

const owner = { email: "penny.owner@example.com", password: "e2e owner passphrase", firstName: "Penny" };
const shot = screenshots("payments");

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ name: "payments", users: [{ ...owner, role: "owner" }] });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page) => signInAs(page, baseUrl, owner, "/admin/dashboard");

const api = <T>(page: Page, method: "GET" | "POST", path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

/** The visible plan: a table row at desktop widths, a card on phones. */
function planEntry(page: Page, name: string): Locator {
  return page
    .locator("section[aria-label='Payment plans table'] tbody tr:visible, ul[aria-label='Payment plans'] > li:visible")
    .filter({ hasText: name });
}

async function showPayments(page: Page, name: string): Promise<Locator> {
  const list = page.getByRole("list", { name: `Payments of ${name}` });
  if (await list.isVisible()) return list;
  const expand = page.getByRole("button", { name: `Show payments of ${name}` });
  if (await expand.isVisible()) await expand.click();
  else
    await planEntry(page, name)
      .getByText(/^Payments \(\d+\)$/)
      .click();
  await expect(list).toBeVisible();
  return list;
}

/** Today in London, as the server dates the deposit: "12 May 2026". */
function londonToday(): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date());
}

test(
  "accept an application, see its plan, take the deposit and a manual payment",
  { tag: "@mobile" },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page);
    const email = `mia.money.${testInfo.project.name}@example.com`;
    const name = "Mia Money";
    const application = await acceptNewApplicationInTab(page, baseUrl, {
      firstName: "Mia",
      lastName: "Money",
      email,
      advocacyInvolvement: "Weekly street outreach in Bristol.",
    });

    // The plan: GBP 1,997 solo, deposit GBP 500 today, the rest in two instalments of GBP 748.50.
    await page.getByRole("tab", { name: "Payments" }).click();
    const plan = planEntry(page, name);
    await expect(plan).toHaveCount(1);
    await expect(plan).toContainText("Solo");
    await expect(plan).toContainText("£1,997");
    await expect(plan).toContainText("Active");
    await expect(plan).toContainText(londonToday());
    const payments = await showPayments(page, name);
    const rows = payments.getByRole("listitem");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Deposit £500");
    await expect(rows.nth(0)).toContainText(`Due ${londonToday()}`);
    await expect(rows.nth(1)).toContainText("Instalment 1 of 2 £748.50");
    await expect(rows.nth(2)).toContainText("Instalment 2 of 2 £748.50");
    await expect(page.getByText("Outstanding", { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shot(page, "payments-tab");

    // The deposit arrives by bank transfer.
    await payments.getByRole("button", { name: "Mark deposit of £500 completed" }).click();
    const mark = page.getByRole("dialog", { name: "Mark payment completed" });
    await expect(mark).toContainText("Deposit of £500 from Mia Money");
    await expectNoSeriousAxeViolations(page);
    await mark.getByLabel("Paid by").selectOption("bank_transfer");
    await mark.getByRole("button", { name: "Mark completed" }).click();
    await expect(toast(page, "Payment marked as completed")).toBeVisible();
    await expect(mark).toBeHidden();
    await expect(plan).toContainText("£1,497");
    await expect(rows.nth(0)).toContainText("Bank transfer");

    // GBP 200 in cash, recorded by hand: it comes off the next instalment.
    await plan.getByRole("button", { name: `Record payment from ${name}` }).click();
    const record = page.getByRole("dialog", { name: "Record payment" });
    await expect(record.getByText("Remaining: £1,497")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await record.getByLabel("Amount (£)").fill("2000");
    await record.getByRole("button", { name: "Record payment" }).click();
    await expect(record.getByText("The amount is more than the plan's remaining balance of £1,497.")).toBeVisible();
    await record.getByLabel("Amount (£)").fill("200");
    await record.getByLabel("Paid by").selectOption("cash");
    await record.getByLabel("Note").fill("Cash at the info evening");
    await record.getByRole("button", { name: "Record payment" }).click();
    await expect(toast(page, "Payment of £200 recorded")).toBeVisible();
    await expect(record).toBeHidden();
    await expect(plan).toContainText("£1,297");
    await expect(rows.filter({ hasText: "Cash at the info evening" })).toContainText("£200");
    await expect(rows.filter({ hasText: "Instalment 1 of 2" })).toContainText("£548.50");

    const stored = await api<{ remainingAmount: string }[]>(
      page,
      "GET",
      `/api/admin/payment-plans?applicationId=${application.id}`,
    );
    expect(stored[0]!.remainingAmount).toBe("1297.00");
    await shot(page, "payments-after");
  },
);

test("edit a booking type's price and see it on the landing page", async ({ page }) => {
  await signIn(page);
  await page.goto(`${baseUrl}/admin/dashboard?tab=payments`);
  const types = page.getByRole("list", { name: "Booking types" });
  await expect(types.getByRole("heading", { name: "Solo" })).toBeVisible();
  await page.getByRole("button", { name: "Edit Solo" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Solo" });
  await expectNoSeriousAxeViolations(page);
  await shot(page, "booking-type-dialog");
  await dialog.getByLabel("Price per person (£)").fill("2049");
  await dialog.getByRole("button", { name: "Save booking type" }).click();
  await expect(toast(page, "Booking type saved: Solo")).toBeVisible();
  await expect(types.getByRole("listitem").filter({ hasText: "Solo rate" })).toContainText("£2,049");

  await page.goto(`${baseUrl}/`);
  const investment = page.locator("#investment");
  await investment.scrollIntoViewIfNeeded();
  await expect(investment.getByTestId("rate-price")).toHaveText(["£2,049", "£1,897"]);
});
