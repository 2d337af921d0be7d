/**
 * The Finance tab: the owner plans a budget category, adds an expense with each cost model (the
 * dialog shows the spec's 'Validation Error:' alert and the total as it is typed), approves them,
 * rejects one with a reason, marks one paid, records and approves a vendor payment, and watches
 * the summary follow; the CSV export carries the same figures. axe on the tab and every dialog.
 * Runs its own server on a DATA_DIR prepared through the product's services (one owner).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations, screenshots, signIn as signInAs } from "./support/page-helpers";

const owner = { email: "fern.owner@example.com", password: "e2e owner passphrase", firstName: "Fern" };
const shot = screenshots("finance", { prefix: "e2e-" });

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    name: "finance",
    users: [{ ...owner, role: "owner" }],
    portEnvVar: "FINANCE_E2E_PORT",
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page) => signInAs(page, baseUrl, owner, "/admin/dashboard");

const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}`);
const expenseItem = (page: Page, description: string) =>
  page.getByRole("list", { name: "Expenses" }).getByRole("listitem", { name: description });

type Expense = {
  description: string;
  amount: string;
  category?: string;
  model?: { costModel: string; participants?: string; start?: string; end?: string; trips?: string };
  total: string;
  liveTotal: string;
};

async function fillExpense(dialog: Locator, e: Expense) {
  await dialog.getByLabel(/^Description/).fill(e.description);
  await dialog.getByLabel(/^Amount/).fill(e.amount);
  if (e.category) await dialog.getByLabel("Category", { exact: true }).selectOption(e.category);
  const model = e.model;
  if (model) {
    await dialog.getByLabel("Cost model").selectOption(model.costModel);
    if (model.participants) await dialog.getByLabel(/^Number of participants/).fill(model.participants);
    if (model.start) await dialog.getByLabel(/^Start date/).fill(model.start);
    if (model.end) await dialog.getByLabel(/^End date/).fill(model.end);
    if (model.trips) await dialog.getByLabel(/^Number of trips/).fill(model.trips);
  }
}

async function addAndApprove(page: Page, e: Expense) {
  await page.getByRole("button", { name: "Add expense" }).click();
  const dialog = page.getByRole("dialog", { name: "Add expense" });
  await fillExpense(dialog, e);
  await expect(dialog.getByText(`Total: ${e.liveTotal}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Add expense" }).click();
  await expect(page.getByText("Expense created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const item = expenseItem(page, e.description);
  await expect(item.getByText(e.total, { exact: true })).toBeVisible();
  await expect(item.getByText("Pending", { exact: true })).toBeVisible();
  await item.getByRole("button", { name: `Approve ${e.description}` }).click();
  await expect(page.getByText("Expense approved successfully")).toBeVisible();
  await expect(item.getByText("Approved", { exact: true })).toBeVisible();
}

test("budget, expenses with every cost model, approval, rejection and the summary", { tag: "@mobile" }, async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto(`${baseUrl}/admin/dashboard?tab=finance`);
  await expect(page.getByRole("heading", { name: "Finance", exact: true })).toBeVisible();
  await expect(figure(page, "spent")).toHaveText("£0");
  await expect(page.getByRole("figure", { name: "Budget against actual" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Add budget category: the form's checks first, then a per-person line with its total.
  await page.getByRole("button", { name: "Add budget category" }).click();
  const budget = page.getByRole("dialog", { name: "Add budget category" });
  await budget.getByRole("button", { name: "Add budget item" }).click();
  const budgetAlert = budget.getByRole("alert").filter({ hasText: "Validation Error:" });
  await expect(budgetAlert).toContainText("Description is required");
  await expect(budgetAlert).toContainText("Amount must be greater than 0");
  await expectNoSeriousAxeViolations(page);
  await budget.getByLabel("Category", { exact: true }).selectOption("food");
  await budget.getByLabel(/^Description/).fill("Plant-based catering");
  await budget.getByLabel(/^Budgeted amount/).fill("30");
  await budget.getByLabel("Cost model").selectOption("per_person");
  await budget.getByLabel(/^Number of participants/).fill("15");
  await expect(budget.getByText("Total: £450 (£30 × 15 people)")).toBeVisible();
  await budget.getByRole("button", { name: "Add budget item" }).click();
  await expect(page.getByText("Budget item created successfully")).toBeVisible();
  await expect(figure(page, "budget")).toHaveText("£450");

  // Add expense: the spec's messages in the 'Validation Error:' alert, per cost model.
  await page.getByRole("button", { name: "Add expense" }).click();
  const dialog = page.getByRole("dialog", { name: "Add expense" });
  await dialog.getByRole("button", { name: "Add expense" }).click();
  const alert = dialog.getByRole("alert").filter({ hasText: "Validation Error:" });
  await expect(alert).toContainText("Description is required");
  await expect(alert).toContainText("Amount must be greater than 0");
  await dialog.getByLabel("Cost model").selectOption("per_person");
  await dialog.getByRole("button", { name: "Add expense" }).click();
  await expect(alert).toContainText("Number of participants must be greater than 0");
  await dialog.getByLabel("Cost model").selectOption("daily_rate");
  await dialog.getByLabel(/^Start date/).fill("2026-05-12");
  await dialog.getByLabel(/^End date/).fill("2026-05-10");
  await dialog.getByRole("button", { name: "Add expense" }).click();
  await expect(alert).toContainText("End date must be on or after start date");
  await dialog.getByLabel("Cost model").selectOption("per_trip");
  await dialog.getByRole("button", { name: "Add expense" }).click();
  await expect(alert).toContainText("Number of trips must be greater than 0");
  await expectNoSeriousAxeViolations(page);
  await shot(page, "finance-expense-errors");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  const expenses: Expense[] = [
    { description: "Villa deposit", amount: "2000", total: "£2,000", liveTotal: "£2,000" },
    {
      description: "Welcome dinner",
      amount: "25.50",
      category: "food",
      model: { costModel: "per_person", participants: "15" },
      total: "£382.50",
      liveTotal: "£382.50 (£25.50 × 15 people)",
    },
    {
      description: "Photographer",
      amount: "150",
      category: "staff",
      model: { costModel: "daily_rate", start: "2026-05-10", end: "2026-05-12" },
      total: "£450",
      liveTotal: "£450 (£150 × 3 days)",
    },
    {
      description: "Airport minibus",
      amount: "40",
      category: "transport",
      model: { costModel: "per_trip", trips: "3" },
      total: "£120",
      liveTotal: "£120 (£40 × 3 trips)",
    },
  ];
  for (const e of expenses) await addAndApprove(page, e);
  // 2,000 + 382.50 + 450 + 120: approved counts as spent.
  await expect(figure(page, "spent")).toHaveText("£2,952.50");
  await expect(figure(page, "pending")).toHaveText("£0");
  await expect(figure(page, "margin")).toHaveText("-£2,952.50");
  // At the seeded solo price of £1,997: 2,952.50 / 1,997 = 1.48, so 2 guests.
  await expect(figure(page, "break-even")).toHaveText("2 guests");

  // Reject one with a reason: it moves nothing into spent.
  await page.getByRole("button", { name: "Add expense" }).click();
  await fillExpense(dialog, { description: "Duplicate taxi", amount: "35", total: "£35", liveTotal: "£35" });
  await dialog.getByRole("button", { name: "Add expense" }).click();
  await expect(page.getByText("Expense created successfully")).toBeVisible();
  await expect(figure(page, "pending")).toHaveText("£35");
  await expenseItem(page, "Duplicate taxi").getByRole("button", { name: "Reject Duplicate taxi" }).click();
  const reject = page.getByRole("dialog", { name: "Reject expense" });
  await reject.getByRole("button", { name: "Reject expense" }).click();
  await expect(reject.getByRole("alert")).toContainText("A reason is required to reject an expense");
  await expectNoSeriousAxeViolations(page);
  await reject.getByLabel(/^Reason/).fill("Booked twice");
  await reject.getByRole("button", { name: "Reject expense" }).click();
  await expect(page.getByText("Expense rejected successfully")).toBeVisible();
  await expect(expenseItem(page, "Duplicate taxi").getByText("Rejected: Booked twice")).toBeVisible();
  await expect(figure(page, "pending")).toHaveText("£0");
  await expect(figure(page, "spent")).toHaveText("£2,952.50");

  // Mark one paid: still spent, now Paid.
  await expenseItem(page, "Villa deposit").getByRole("button", { name: "Mark Villa deposit paid" }).click();
  await expect(page.getByText("Expense marked as paid")).toBeVisible();
  await expect(expenseItem(page, "Villa deposit").getByText("Paid", { exact: true })).toBeVisible();

  // The chart's text alternative follows the rows.
  const table = page.getByRole("table", { name: "Budget against actual per category" });
  await expect(table.getByRole("row", { name: /Food/ })).toContainText("£450");
  await expect(table.getByRole("row", { name: /Food/ })).toContainText("£382.50");
  await expectNoSeriousAxeViolations(page);
  await shot(page, "finance");

  // The CSV carries the same figures.
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  const csv = await page.request.get(`${baseUrl}${href}`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const rows: string[][] = parse(await csv.text(), { bom: true });
  expect(rows.find((r) => r[0] === "Budget" && r[1] === "Total")?.slice(5, 8)).toEqual(["450.00", "2952.50", "0.00"]);
  expect(rows.find((r) => r[0] === "Expense" && r[1] === "Photographer")?.[9]).toBe("450.00");
});

test("a vendor payment is recorded and approved", async ({ page }) => {
  await signIn(page);
  const created = await page.request.post(`${baseUrl}/api/admin/vendors`, { data: { name: "Island Transfers" } });
  expect(created.status()).toBe(201);
  await page.goto(`${baseUrl}/admin/dashboard?tab=finance`);
  await page.getByRole("button", { name: "Record vendor payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Record vendor payment" });
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Validation Error:");
  await expectNoSeriousAxeViolations(page);
  await dialog.getByLabel(/^Vendor/).selectOption({ label: "Island Transfers" });
  await dialog.getByLabel(/^Amount/).fill("120");
  await dialog.getByLabel("Payment reference").fill("BT-001");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("Vendor payment recorded successfully")).toBeVisible();
  await page.getByRole("button", { name: "Approve payment to Island Transfers" }).click();
  await expect(page.getByText("Vendor payment approved successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark payment to Island Transfers paid" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
