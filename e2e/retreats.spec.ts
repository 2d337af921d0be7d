/**
 * The owner sets the retreat's dates and capacity in Settings: a cut below the places already
 * taken is refused in the dialog, a valid change survives a reload. Own server on its own data
 * directory (PGlite allows one process per directory), owner made through the same service as `user:create`.
 */
import { expect, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import {
  api as apiAt,
  expectNoSeriousAxeViolations as expectNoSeriousAxe,
  screenshots,
  signIn as signInAs,
} from "./support/page-helpers";

const owner = { email: "olive.owner@example.com", password: "e2e passphrase for the owner", firstName: "Olive" };
const retreatName = "Bali Vegan Activism Retreat 2026";
/** The viewport only: the dialog is fixed and the Settings tab is long. */
const shot = screenshots("retreats", { fullPage: false });

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ name: "retreats", users: [{ ...owner, role: "owner" }] });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page) => signInAs(page, baseUrl, owner, "/admin/dashboard");

const expectNoSeriousAxeViolations = (page: Page, selector: string) =>
  expectNoSeriousAxe(page, { settle: false, include: selector });

const api = <T>(page: Page, method: "GET" | "POST", path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

async function openSettings(page: Page) {
  await page.getByRole("tab", { name: "Settings" }).click();
  const section = page.getByRole("list", { name: "Retreats" });
  await expect(section).toBeVisible();
  return section.getByRole("listitem", { name: retreatName });
}

test("the owner edits the retreat's dates and capacity in Settings and sees them after a reload", {
  tag: "@mobile",
}, async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);

  // Two people hold places (a couple, accepted through the admin API), so capacity cannot drop to 1.
  const couple = await api<{ id: string }>(page, "POST", "/api/admin/applications", {
    firstName: "Cara",
    lastName: "Couple",
    email: "cara.couple@example.com",
    applicationType: "couple",
    partnerFirstName: "Cal",
    partnerLastName: "Couple",
    partnerEmail: "cal.couple@example.com",
    motivations: "We want to learn how to be more effective advocates for animals together.",
    advocacyInvolvement: "Monthly outreach stalls in Leeds.",
  });
  for (const stage of ["screening", "interview", "accepted"]) {
    await api(page, "POST", `/api/admin/applications/${couple.id}/escalate/${stage}`, { notify: false });
  }
  // Accepted behind the open dashboard's back (through the API): a reload, as a person would, so
  // the season list it may already hold from before is fetched again.
  await page.reload();

  let item = await openSettings(page);
  await expect(item.getByText("Dates to be announced")).toBeVisible();
  await expect(item.getByText("2 of 15 taken")).toBeVisible();
  await expect(item.getByText("Asia/Makassar")).toBeVisible();
  await item.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, "ul[aria-labelledby]");

  await item.getByRole("button", { name: `Edit ${retreatName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit retreat" });
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole("form", { name: "Edit retreat" });

  // Checked in the browser first: an end before the start never reaches the server.
  await form.getByLabel("Start date").fill("2027-05-10");
  await form.getByLabel("End date").fill("2027-05-01");
  await form.getByLabel(/Capacity/).fill("1");
  await dialog.getByRole("button", { name: "Save retreat" }).click();
  await expect(form.getByText("End date must be on or after the start date.")).toBeVisible();
  await expect(form.getByLabel("End date")).toBeFocused();

  // The server refuses a capacity below the places taken (409), shown under the field.
  await form.getByLabel("End date").fill("2027-05-19");
  await dialog.getByRole("button", { name: "Save retreat" }).click();
  await expect(form.getByText("2 places are already taken, so the capacity cannot be lower than 2.")).toBeVisible();
  await expect(form.getByLabel(/Capacity/)).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  await shot(page, "retreat-dialog-409");

  await form.getByLabel(/Capacity/).fill("12");
  await dialog.getByRole("button", { name: "Save retreat" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Retreat updated" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(item.getByText("10 May 2027 – 19 May 2027")).toBeVisible();

  await page.reload();
  item = await openSettings(page);
  await expect(item.getByText("10 May 2027 – 19 May 2027")).toBeVisible();
  await expect(item.getByText("2 of 12 taken")).toBeVisible();
  // Fits the viewport at 375 px as at 1440 px: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await item.scrollIntoViewIfNeeded();
  await shot(page, "retreats-section");

  // The public site reads the same row.
  const current = await api<{ startDate: string; endDate: string; capacity: number }>(
    page,
    "GET",
    "/api/current-retreat",
  );
  expect(current).toMatchObject({ startDate: "2027-05-10", endDate: "2027-05-19", capacity: 12 });
});
