/**
 * Lists and receipts (issue 21): staff record a guest's payment; the guest downloads its receipt
 * PDF from the portal; staff open the kitchen list and its PDF and share it with a caterer, who
 * then opens it in the vendor portal. Bad input: someone else's receipt, a vendor without a grant
 * and an unknown retreat all answer 404. PDFs are read back with a PDF text extractor (unpdf).
 * Own server on its own data directory: its staff, guests and vendors are made before it starts.
 */
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { users, vendors } from "../src/server/db/schema";
import { seasonYear } from "../src/shared/season";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { api as apiAt, expectNoSeriousAxeViolations, screenshots, signIn, toast } from "./support/page-helpers";

const staff = { email: "sam.lists@example.com", password: "e2e staff passphrase", firstName: "Sam" };
const gina = {
  email: "gina.guest@example.com",
  password: "e2e guest passphrase",
  firstName: "Gina",
  lastName: "Green",
};
const otto = { email: "otto.other@example.com", password: "e2e other guest passphrase", firstName: "Otto" };
const caterer = { email: "chef.wayan@example.com", password: "e2e caterer passphrase", firstName: "Wayan" };
const driver = { email: "driver.made@example.com", password: "e2e driver passphrase", firstName: "Made" };
const shot = screenshots("lists-and-receipts");

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    name: "lists-receipts",
    users: [
      { ...staff, role: "staff" },
      { ...gina, role: "guest" },
      { ...otto, role: "guest" },
      { ...caterer, role: "vendor" },
      { ...driver, role: "vendor" },
    ],
    // The vendor records the portal users stand for: a caterer and a driver.
    prepare: async ({ database }) => {
      for (const [name, type, email] of [
        ["Warung Catering", "Catering", caterer.email],
        ["Made's Transfers", "Transport", driver.email],
      ] as const) {
        const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        await database.db.insert(vendors).values({ name, type, userId: user!.id });
      }
    },
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const api = <T>(page: Page, method: "GET" | "POST" | "PUT", path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

/** The text of a downloaded PDF, as a viewer reads it, whitespace runs made single spaces. */
async function pdfTextOf(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** Clicks a download link and returns the downloaded file's text. */
async function downloadPdf(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: download.suggestedFilename(), text: await pdfTextOf((await download.path())!) };
}

type Plan = { id: string; payments: { id: string; type: string; status: string }[] };

/** An accepted booking of the current retreat for the guest's address, linked to their portal account. */
async function bookingFor(page: Page, person: { firstName: string; lastName: string; email: string }) {
  const application = await api<{ id: string }>(page, "POST", "/api/admin/applications", {
    ...person,
    motivations: "I want to learn how to be a more effective advocate for animals everywhere.",
    advocacyInvolvement: "Weekly street outreach in Bristol and monthly sanctuary volunteering.",
  });
  for (const stage of ["screening", "interview", "accepted"]) {
    await api(page, "POST", `/api/admin/applications/${application.id}/escalate/${stage}`, { notify: false });
  }
  // The guest account exists already: inviting links it to the booking.
  await api(page, "POST", "/api/admin/guests", { applicationId: application.id });
  const [plan] = await api<Plan[]>(page, "GET", `/api/admin/payment-plans?applicationId=${application.id}`);
  return { applicationId: application.id, plan: plan! };
}

test("record a payment, download its receipt as the guest, open the kitchen list as staff and as a granted caterer", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, baseUrl, staff, "/admin/dashboard");
  const retreat = await api<{ id: string; name: string; startDate: string | null }>(
    page,
    "GET",
    "/api/current-retreat",
  );
  const year = seasonYear(retreat);
  const ginaBooking = await bookingFor(page, { firstName: "Gina", lastName: "Green", email: gina.email });
  const ottoBooking = await bookingFor(page, { firstName: "Otto", lastName: "Other", email: otto.email });
  // Gina's travel form carries her allergy (encrypted at rest); her dietary needs are plain.
  const travel = await page.request.post(`${baseUrl}/api/travel-compliance`, {
    data: {
      applicationId: ginaBooking.applicationId,
      insuranceProvider: "World Nomads",
      insurancePolicyNumber: "WN-1",
      insuranceExpiryDate: "2035-12-31",
      emergencyContactName: "Gus Green",
      emergencyContactRelationship: "Brother",
      emergencyContactPhone: "+44 7700 900111",
      passportNumber: "GB1234567",
      passportExpiryDate: "2035-01-01",
      nationality: "British",
      allergies: "Peanuts",
      medications: "EpiPen",
      medicalConditions: "Anaphylaxis",
      dietaryRequirements: "Gluten-free",
    },
  });
  expect(travel.status(), await travel.text()).toBe(201);

  // Staff record Gina's deposit by hand; the payment shows its receipt.
  await page.goto(`${baseUrl}/admin/dashboard?tab=payments`);
  await page.getByRole("button", { name: "Record payment from Gina Green" }).click();
  const record = page.getByRole("dialog", { name: "Record payment" });
  await record.getByLabel("Amount (£)").fill("500");
  await record.getByLabel("Paid by").selectOption("bank_transfer");
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page, "Payment of £500 recorded")).toBeVisible();
  const receiptNumber = `R-${year}-0001`;
  const payments = page.getByRole("region", { name: "Payments table" });
  await expect(payments.getByRole("link", { name: `Download receipt ${receiptNumber} (PDF)` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const [ginaPayment] = (
    await api<{ items: { id: string; receipt: { number: string } | null }[] }>(
      page,
      "GET",
      `/api/admin/payments?applicationId=${ginaBooking.applicationId}&status=completed`,
    )
  ).items;
  expect(ginaPayment!.receipt?.number).toBe(receiptNumber);
  // Otto pays his deposit too: his receipt is the next number, and his alone.
  const ottoDeposit = ottoBooking.plan.payments.find((p) => p.type === "deposit")!;
  await api(page, "PUT", `/api/admin/payments/${ottoDeposit.id}/status`, { status: "completed" });

  // Gina downloads her receipt from the guest portal.
  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();
  await signIn(guestPage, baseUrl, gina, "/admin/guest");
  const receipts = guestPage.getByRole("list", { name: "Your receipts" });
  await expect(receipts).toContainText(`Receipt ${receiptNumber}`);
  await expect(receipts).not.toContainText(`R-${year}-0002`);
  await expectNoSeriousAxeViolations(guestPage);
  await shot(guestPage, "guest-receipts");
  const receipt = await downloadPdf(
    guestPage,
    receipts.getByRole("link", { name: `Download receipt ${receiptNumber} (PDF)` }),
  );
  expect(receipt.name).toBe(`receipt-${receiptNumber}.pdf`);
  for (const expected of [
    `Receipt ${receiptNumber}`,
    retreat.name,
    "Gina Green",
    "Amount paid £500",
    "Bank transfer",
    "Deposit £500",
  ]) {
    expect(receipt.text).toContain(expected);
  }
  // Someone else's receipt is not found, whoever asks.
  const others = await guestPage.request.get(`${baseUrl}/api/guest/receipts/${ottoDeposit.id}.pdf`);
  expect(others.status()).toBe(404);
  expect(await others.json()).toEqual({ message: "Receipt not found." });

  // Staff open the kitchen list and its PDF.
  await page.goto(`${baseUrl}/admin/dashboard?tab=lists`);
  const kitchen = page.getByRole("region", { name: "Kitchen list table" });
  const ginaRow = kitchen.getByRole("row", { name: /Gina Green/ });
  await expect(ginaRow).toContainText("Gluten-free");
  await expect(ginaRow).toContainText("Peanuts");
  await expect(page.getByRole("tabpanel", { name: "Lists" })).not.toContainText("Anaphylaxis");
  await expectNoSeriousAxeViolations(page);
  await shot(page, "kitchen-list");
  const kitchenPdf = await downloadPdf(page, page.getByRole("link", { name: "Download the kitchen list as PDF" }));
  expect(kitchenPdf.name).toMatch(/^kitchen-list-.*\.pdf$/);
  for (const expected of ["Kitchen list", retreat.name, "Printed", "Gina Green", "Gluten-free", "Peanuts"]) {
    expect(kitchenPdf.text).toContain(expected);
  }
  expect(kitchenPdf.text).not.toContain("EpiPen");

  // Staff share it with the caterer.
  await page.getByLabel("Vendor").selectOption({ label: "Warung Catering (Catering)" });
  await page.getByRole("button", { name: "Share kitchen list" }).click();
  await expect(toast(page, "Kitchen list shared")).toBeVisible();
  await expect(page.getByRole("list", { name: "Vendors with the kitchen list" })).toContainText("Warung Catering");

  // The caterer opens it in the vendor portal, and downloads its PDF.
  const vendorContext = await browser.newContext();
  const vendorPage = await vendorContext.newPage();
  await signIn(vendorPage, baseUrl, caterer, "/admin/vendor");
  const shared = vendorPage.getByRole("listitem").filter({ hasText: `Kitchen list: ${retreat.name}` });
  await shared.getByRole("button", { name: "Open kitchen list" }).click();
  const vendorKitchen = vendorPage.getByRole("region", { name: "Kitchen list table" });
  await expect(vendorKitchen.getByRole("row", { name: /Gina Green/ })).toContainText("Peanuts");
  await expect(vendorPage.getByRole("main")).not.toContainText("Anaphylaxis");
  await expect(vendorPage.getByRole("main")).not.toContainText("EpiPen");
  await expectNoSeriousAxeViolations(vendorPage);
  await shot(vendorPage, "vendor-kitchen-list");
  const vendorPdf = await downloadPdf(
    vendorPage,
    vendorPage.getByRole("link", { name: `Download the kitchen list of ${retreat.name} as PDF` }),
  );
  expect(vendorPdf.text).toContain("Gina Green");
  expect(vendorPdf.text).toContain("Peanuts");

  // A vendor without a grant, and an unknown retreat: 404.
  const driverContext = await browser.newContext();
  const driverPage = await driverContext.newPage();
  await signIn(driverPage, baseUrl, driver, "/admin/vendor");
  await expect(driverPage.getByRole("heading", { name: "Lists shared with you" })).toHaveCount(0);
  const refused = await driverPage.request.get(`${baseUrl}/api/vendor/reports/kitchen?retreatId=${retreat.id}`);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toEqual({ message: "This list has not been shared with you." });
  const unknown = await page.request.get(`${baseUrl}/api/admin/reports/kitchen?retreatId=${crypto.randomUUID()}`);
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ message: "Retreat not found." });

  await Promise.all([guestContext.close(), vendorContext.close(), driverContext.close()]);
});

test("the lists on a phone: arrivals and rooming open from the chips", { tag: "@mobile" }, async ({ page }) => {
  await signIn(page, baseUrl, staff, "/admin/dashboard");
  await page.goto(`${baseUrl}/admin/dashboard?tab=lists&list=arrivals`);
  await expect(page.getByRole("heading", { name: "Arrivals and departures", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Arrivals", level: 3 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Rooming list" }).click();
  await expect(page.getByRole("heading", { name: "Rooming list", level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/list=rooming/);
  // Nothing on the tab is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await shot(page, "rooming-list");
});
