/**
 * Vendors: staff add a vendor record linked to a vendor user, book it onto a session, and the
 * vendor signs in and sees that session in the vendor portal. Own server on its own data
 * directory (PGlite allows one process per directory); users made with the real CLI.
 */
import { expect, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations, screenshots, signIn as signInAs } from "./support/page-helpers";

const staff = { email: "sid.staff@example.com", password: "e2e staff passphrase", firstName: "Sid", lastName: "Staff" };
const vendor = {
  email: "vera.vendor@example.com",
  password: "e2e vendor passphrase",
  firstName: "Vera",
  lastName: "Cook",
};
const shot = screenshots("vendors", { prefix: "vendors-" });

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    name: "vendors",
    users: [
      { ...staff, role: "staff" },
      { ...vendor, role: "vendor" },
    ],
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, user: typeof staff, landing: string) => signInAs(page, baseUrl, user, landing);

const toast = (page: Page, text: string) =>
  page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });

test("staff add a vendor, book it onto a session, and the vendor sees it in the portal", { tag: "@mobile" }, async ({
  page,
  browser,
}) => {
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
  await expect(booked.getByText("£320 · Three-course vegan dinner for 15")).toBeVisible();
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
