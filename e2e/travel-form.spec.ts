import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { travelFormClosedMessage } from "../src/shared/schemas/travel";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations, screenshots } from "./support/page-helpers";

/**
 * The Travel Compliance Form against the real server. The form is only open to applications
 * holding a place, so a staff user (made before the server starts) moves each application to
 * accepted, or gives the place up while the form is open. Own server: PGlite allows one process
 * per data directory, and the shared one has no users.
 */

const staff = { email: "tess.staff@example.com", password: "e2e staff passphrase", firstName: "Tess" };

const shot = screenshots("travel-form");

let server: OwnServer | undefined;
let baseUrl = "";
let staffApi: APIRequestContext | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({ name: "travel-form", users: [{ ...staff, role: "staff" }] });
  baseUrl = server.baseUrl;
  staffApi = await playwrightRequest.newContext({ baseURL: baseUrl });
  const login = await staffApi.post("/api/auth/login", { data: { username: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  await staffApi?.dispose();
  await server?.stop();
});

let client = 0;
test.beforeEach(async ({ page }) => {
  client += 1;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${(client % 250) + 1}` });
});

const formUrl = (id: string) => `${baseUrl}/travel-form/${id}`;

/** Staff move the application on, as the Applications tab does (no emails). */
async function moveTo(id: string, stage: string) {
  const res = await staffApi!.post(`/api/admin/applications/${id}/escalate/${stage}`, { data: { notify: false } });
  expect(res.status(), `${stage}: ${await res.text()}`).toBe(200);
}

/** A new application through the public call the apply form makes. */
async function createApplication(request: APIRequestContext): Promise<string> {
  const retreat = await (await request.get(`${baseUrl}/api/current-retreat`)).json();
  const res = await request.post(`${baseUrl}/api/application`, {
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

/** An application holding a place: the only kind the travel form is for. */
async function acceptedApplication(request: APIRequestContext): Promise<string> {
  const id = await createApplication(request);
  for (const stage of ["screening", "interview", "accepted"]) await moveTo(id, stage);
  return id;
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
  const id = await acceptedApplication(request);
  await page.goto(formUrl(id));
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
  const id = await acceptedApplication(request);
  await page.goto(formUrl(id));
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
  await shot(page, "not-available");
  await expectNoSeriousAxeViolations(page, { settle: false });
});

test("an unknown application gets the failure toast and keeps the form", async ({ page }) => {
  await page.goto(formUrl(randomUUID()));
  await fillRequired(page);
  await page.getByRole("button", { name: "Submit Travel Information" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Submission Failed" });
  await expect(alert).toBeVisible();
  await expect(page.getByLabel(/^Insurance provider/)).toHaveValue("World Nomads");
  await expect(page.getByRole("button", { name: "Submit Travel Information" })).toBeEnabled();
});

test("a link without a valid application id says so", async ({ page }) => {
  await page.goto(`${baseUrl}/travel-form/12345`);
  await expect(page.getByRole("heading", { name: "Invalid Link" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, { settle: false });
});

test("a link for an application without a place says why instead of showing the form", { tag: "@mobile" }, async ({
  page,
  request,
}) => {
  const id = await createApplication(request);
  await page.goto(formUrl(id));
  await expect(page.getByRole("heading", { name: "Travel Form Not Available" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(travelFormClosedMessage);
  await expect(page.getByRole("button", { name: "Submit Travel Information" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: /@/ })).toBeVisible();
  await shot(page, "not-available");
  await expectNoSeriousAxeViolations(page, { settle: false });
});

test("a place given up while the form is open: 'Submission Failed' with the server's reason, nothing saved", async ({
  page,
  request,
}) => {
  const id = await acceptedApplication(request);
  await page.goto(formUrl(id));
  await fillRequired(page);
  await moveTo(id, "declined");

  const responsePromise = page.waitForResponse((r) => r.url().endsWith("/api/travel-compliance"));
  await page.getByRole("button", { name: "Submit Travel Information" }).click();
  expect((await responsePromise).status()).toBe(409);
  const alert = page.getByRole("alert").filter({ hasText: "Submission Failed" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(travelFormClosedMessage);
  await expect(page.getByLabel(/^Passport number/)).toHaveValue("123456789");
  await expect(page.getByRole("button", { name: "Submit Travel Information" })).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Thank you for submitting!" })).toHaveCount(0);

  const stored = await staffApi!.get(`/api/admin/applications/${id}/travel-form`);
  expect((await stored.json()).form).toBeNull();
});
