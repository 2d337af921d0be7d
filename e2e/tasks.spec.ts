/**
 * Running the retreat, tasks and vendors: the owner creates a task and moves it through every
 * column with the board's buttons, moves another with the keyboard, assigns one to a vendor, and
 * the vendor signs in to the vendor portal and starts and completes it. Runs its own server on a
 * DATA_DIR prepared through the product's services (an owner and a vendor user).
 */
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations, screenshots, signIn as signInAs } from "./support/page-helpers";

const owner = { email: "tess.owner@example.com", password: "e2e owner passphrase", firstName: "Tess" };
const vendor = { email: "vic.vendor@example.com", password: "e2e vendor passphrase", firstName: "Vic" };
const shot = screenshots("tasks", { prefix: "e2e-" });

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    name: "tasks",
    users: [
      { ...owner, role: "owner" },
      { ...vendor, role: "vendor" },
    ],
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, user: typeof owner, landing: string) => signInAs(page, baseUrl, user, landing);

async function openTasks(page: Page) {
  await page.goto(`${baseUrl}/admin/dashboard?tab=tasks`);
  await expect(page.getByRole("heading", { name: "Tasks", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Pending/ })).toBeVisible();
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;
const column = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });
const card = (scope: Page | Locator, title: string) => scope.getByRole("listitem", { name: title });

async function createTask(page: Page, fields: { title: string; description: string; assignee?: string; due?: string }) {
  await page.getByRole("button", { name: "Create task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create task" });
  await dialog.getByLabel(/^Title/).fill(fields.title);
  await dialog.getByLabel(/^Description/).fill(fields.description);
  await dialog.getByLabel("Priority").selectOption("high");
  await dialog.getByLabel("Category").fill("logistics");
  if (fields.assignee) await dialog.getByLabel("Assignee").selectOption({ label: fields.assignee });
  if (fields.due) await dialog.getByLabel("Due date").fill(fields.due);
  await dialog.getByRole("button", { name: "Create task" }).click();
  await expect(page.getByText("Task created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("owner creates a task and moves it through every column with the buttons", { tag: "@mobile" }, async ({
  page,
}) => {
  await signIn(page, owner, "/admin/dashboard");
  await openTasks(page);
  await expectNoSeriousAxeViolations(page);

  // The form says what is missing before anything is sent.
  await page.getByRole("button", { name: "Create task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create task" });
  await dialog.getByRole("button", { name: "Create task" }).click();
  await expect(dialog.getByText("Title is required.")).toBeVisible();
  await expect(dialog.getByText("Description is required.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "tasks-create-errors");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await createTask(page, { title: "Book the yoga shala", description: "Two sessions a day", due: "2020-03-01" });
  const pending = card(column(page, "Pending"), "Book the yoga shala");
  await expect(pending.getByText("Overdue")).toBeVisible();
  await expect(pending.getByText("High")).toBeVisible();

  const steps: [string, string][] = [
    ["Start", "In Progress"],
    ["Complete", "Review"],
    ["Revise", "In Progress"],
    ["Complete", "Review"],
    ["Approve", "Completed"],
  ];
  for (const [button, to] of steps) {
    await page.getByRole("button", { name: `${button}: Book the yoga shala` }).click();
    await expect(card(column(page, to), "Book the yoga shala")).toBeVisible();
  }
  // Done: no longer overdue.
  await expect(card(column(page, "Completed"), "Book the yoga shala").getByText("Overdue")).toHaveCount(0);
  await shot(page, "tasks-board");

  // After a reload the server still has it in Completed.
  await page.reload();
  await expect(card(column(page, "Completed"), "Book the yoga shala")).toBeVisible();
});

test("a card moves with the keyboard alone", { tag: "@mobile" }, async ({ page }) => {
  await signIn(page, owner, "/admin/dashboard");
  await openTasks(page);
  await createTask(page, { title: "Order yoga mats", description: "Fifteen mats" });
  const select = card(column(page, "Pending"), "Order yoga mats").getByLabel("Move Order yoga mats to");
  await select.focus();
  // On a focused closed <select>, the arrow keys change the choice without opening it (Linux Chromium);
  // nothing moves until the Move button is pressed.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("review");
  await expect(card(column(page, "Pending"), "Order yoga mats")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Move Order yoga mats" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card(column(page, "Review"), "Order yoga mats")).toBeVisible();
  await expect(page.getByText('"Order yoga mats" moved to Review.')).toBeVisible();

  if (!isPhone(page)) {
    // Mouse users drag the card (native drag and drop): back to Pending.
    await card(column(page, "Review"), "Order yoga mats").dragTo(column(page, "Pending"));
    await expect(card(column(page, "Pending"), "Order yoga mats")).toBeVisible();
  }

  await page.getByRole("button", { name: "Timeline" }).click();
  await expect(page.getByRole("heading", { name: "No due date" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Week of/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "tasks-timeline");
});

test("templates make a season checklist once", { tag: "@mobile" }, async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, owner, "/admin/dashboard");
  await openTasks(page);
  await page.getByRole("button", { name: "Templates" }).click();
  const dialog = page.getByRole("dialog", { name: "Task templates" });
  await dialog.getByLabel(/^Title/).fill("Confirm airport pickups");
  await dialog.getByLabel("Days from the retreat start").fill("-7");
  await dialog.getByRole("button", { name: "Add template" }).click();
  await expect(dialog.getByText("7 days before the start")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("button", { name: "Create season checklist" }).click();
  await expect(page.getByText(/^1 tasks added\./)).toBeVisible();
  // On a phone the toast sits over the dialog's footer, and clicking the toast counts as a click
  // outside the dialog (closing it): wait the toast's 5 s out instead, pointer off it (hover pauses it).
  await page.mouse.move(1, 1);
  await expect(page.getByText(/^1 tasks added\./)).toBeHidden({ timeout: 8000 });
  await dialog.getByRole("button", { name: "Create season checklist" }).click();
  await expect(page.getByText(/^0 tasks added\. 1 already on the board\./)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card(column(page, "Pending"), "Confirm airport pickups")).toHaveCount(1);
});

test("the vendor starts and completes their own task in the vendor portal", { tag: "@mobile" }, async ({
  page,
  browser,
}) => {
  await signIn(page, owner, "/admin/dashboard");
  // Link the vendor user to a vendor record (API only for now).
  const linked = await page.evaluate(async (email) => {
    const people = (await (await fetch("/api/admin/tasks/assignees")).json()) as { id: string; name: string }[];
    const vendorUser = people.find((p) => p.name === email || p.name.startsWith("Vic"));
    const res = await fetch("/api/admin/vendors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Bali Green Kitchen", type: "catering", userId: vendorUser?.id }),
    });
    return res.status;
  }, vendor.email);
  expect(linked).toBe(201);
  await openTasks(page);
  await createTask(page, {
    title: "Prepare welcome lunch",
    description: "Plant-based, 20 people",
    assignee: "Vic (vendor)",
  });
  await createTask(page, { title: "Staff-only task", description: "Not for vendors" });

  const vendorPage = await newPage(browser, page);
  await signIn(vendorPage, vendor, "/admin/vendor");
  await expect(vendorPage.getByRole("heading", { name: "Vendor Portal" })).toBeVisible();
  const pendingList = vendorPage.getByRole("region", { name: "Pending tasks" });
  await expect(card(pendingList, "Prepare welcome lunch")).toBeVisible();
  await expect(vendorPage.getByText("Staff-only task")).toHaveCount(0);
  await expect(vendorPage.getByText("No sessions booked yet.")).toBeVisible();
  await expectNoSeriousAxeViolations(vendorPage);
  await shot(vendorPage, "vendor-portal");

  await vendorPage.getByRole("button", { name: "Start: Prepare welcome lunch" }).click();
  await expect(card(vendorPage.getByRole("region", { name: "In progress" }), "Prepare welcome lunch")).toBeVisible();
  await vendorPage.getByRole("button", { name: "Complete: Prepare welcome lunch" }).click();
  await expect(vendorPage.getByText("Awaiting review by the team: Prepare welcome lunch")).toBeVisible();
  await shot(vendorPage, "vendor-portal-done");

  // The owner sees it waiting for review and approves it.
  await page.reload();
  await page.getByRole("button", { name: "Approve: Prepare welcome lunch" }).click();
  await expect(card(column(page, "Completed"), "Prepare welcome lunch")).toBeVisible();
  await vendorPage.reload();
  await expect(vendorPage.getByRole("definition").nth(2)).toHaveText("1");
  await vendorPage.context().close();
});

/** A second, separate browser session with the same viewport as the test's page. */
async function newPage(browser: Browser, like: Page): Promise<Page> {
  const viewport = like.viewportSize() ?? { width: 1440, height: 900 };
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
  });
  return context.newPage();
}
