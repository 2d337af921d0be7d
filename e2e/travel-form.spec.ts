import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/page-helpers";

/** The Travel Compliance Form against the real server, for an application created through the API. */

let client = 0;
test.beforeEach(async ({ page }) => {
  client += 1;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${(client % 250) + 1}` });
});

async function createApplication(request: APIRequestContext): Promise<string> {
  const retreat = await (await request.get("/api/current-retreat")).json();
  const res = await request.post("/api/application", {
    headers: { "x-forwarded-for": `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
    data: {
      retreatId: retreat.id,
      firstName: "Ada",
      lastName: "Lovelace",
      email: `travel-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
      phone: "+44 7700 900123",
      motivations: "I want to learn from other advocates and bring those skills back home.",
      advocacyInvolvement: "Five years of street outreach.",
      roomPreference: "shared_bed",
      consentGdpr: true,
      consentMarketing: true,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

function isoDay(offsetDays: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function fillRequired(page: Page) {
  await page.getByLabel(/^Insurance provider/).fill("World Nomads");
  await page.getByLabel(/^Policy number/).fill("WN-123456");
  await page.getByLabel(/^Policy expiry date/).fill(isoDay(400));
  await page.getByLabel(/^Full name/).fill("Bo Byron");
  await page.getByLabel(/^Relationship/).fill("Partner");
  await page.getByLabel(/^Phone number/).fill("+44 7700 900456");
  await page.getByLabel(/^Passport number/).fill("123456789");
  await page.getByLabel(/^Nationality/).fill("British");
  await page.getByLabel(/^Passport expiry date/).fill(isoDay(2000));
}

test("the form shows every required message, and expiry pickers start today", { tag: "@mobile" }, async ({
  page,
  request,
}) => {
  const id = await createApplication(request);
  await page.goto(`/travel-form/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Travel Compliance Form" })).toBeVisible();
  await expect(page.getByLabel(/^Policy expiry date/)).toHaveAttribute("min", isoDay(0));
  await expect(page.getByLabel(/^Passport expiry date/)).toHaveAttribute("min", isoDay(0));
  await expectNoSeriousAxeViolations(page, { settle: false });

  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  await page.getByRole("button", { name: "Submit Travel Information" }).click();
  for (const message of [
    "Please provide your insurance provider",
    "Please provide your policy number",
    "Insurance expiry date is required",
    "Please provide emergency contact name",
    "Please provide relationship",
    "Please provide emergency contact phone",
    "Please provide your passport number",
    "Please provide your nationality",
    "Passport expiry date is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel(/^Insurance provider/)).toBeFocused();
  await expectNoSeriousAxeViolations(page, { settle: false });
  expect(posted).toBe(false);
});

test("submitting shows 'Submitting...', then the thank-you screen with no way back", async ({ page, request }) => {
  const id = await createApplication(request);
  await page.goto(`/travel-form/${id}`);
  await fillRequired(page);
  await page.locator("#travel-outboundFlightNumber").fill("QR 960");
  await page.locator("#travel-outboundDepartureDate").fill(`${isoDay(180)}T08:30`);
  await page.getByLabel(/^Allergies/).fill("Peanuts");
  await page.getByRole("checkbox", { name: "I need an airport pickup" }).click();

  await page.route("**/api/travel-compliance", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  const responsePromise = page.waitForResponse((r) => r.url().endsWith("/api/travel-compliance"));
  await page.getByRole("button", { name: "Submit Travel Information" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  const response = await responsePromise;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    applicationId: id,
    insuranceProvider: "World Nomads",
    outboundFlightNumber: "QR 960",
    outboundDepartureDate: `${isoDay(180)}T08:30`,
    allergies: "Peanuts",
    airportPickupRequired: true,
  });

  await expect(page.getByRole("heading", { name: "Thank you for submitting!" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Success!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Travel Information" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: /@/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page, { settle: false });
});

test("an unknown application gets the failure toast and keeps the form", async ({ page }) => {
  await page.goto(`/travel-form/${randomUUID()}`);
  await fillRequired(page);
  await page.getByRole("button", { name: "Submit Travel Information" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Submission Failed" });
  await expect(alert).toBeVisible();
  await expect(page.getByLabel(/^Insurance provider/)).toHaveValue("World Nomads");
  await expect(page.getByRole("button", { name: "Submit Travel Information" })).toBeEnabled();
});

test("a link without a valid application id says so", async ({ page }) => {
  await page.goto("/travel-form/12345");
  await expect(page.getByRole("heading", { name: "Invalid Link" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, { settle: false });
});
