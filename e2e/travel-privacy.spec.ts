/**
 * Travel details in the back office: an applicant submits the travel form, staff open the
 * application and see masked values (last four of the passport, medical details only "on file"),
 * reveal them (an audited read the owner can see in the audit log) and mark the form reviewed.
 * Runs its own server: the staff and owner users are made with the real CLI before it starts.
 */
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations, screenshots, signIn } from "./support/page-helpers";

const staff = { email: "sam.staff@example.com", password: "e2e staff passphrase", firstName: "Sam" };
const owner = { email: "olive.owner@example.com", password: "e2e owner passphrase", firstName: "Olive" };
const shot = screenshots("travel-privacy", { prefix: "e2e-" });
const passport = "ZX98764321";
const medical = "Exercise-induced asthma";

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({
    name: "travel-privacy",
    users: [
      { ...staff, role: "staff" },
      { ...owner, role: "owner" },
    ],
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

/** The travel form as the page sends it; `changes` stand for the applicant editing it later. */
async function sendTravelForm(api: APIRequestContext, applicationId: string, changes: Record<string, string> = {}) {
  const travel = await api.post(`${baseUrl}/api/travel-compliance`, {
    data: {
      applicationId,
      insuranceProvider: "World Nomads",
      insurancePolicyNumber: "WN-123456",
      insuranceExpiryDate: "2030-12-31",
      outboundFlightNumber: "QR 962",
      outboundArrivalDate: "2026-05-10T14:30",
      outboundDepartureAirport: "LHR",
      outboundArrivalAirport: "DPS",
      emergencyContactName: "Bo Byron",
      emergencyContactRelationship: "Partner",
      emergencyContactPhone: "+44 7700 900456",
      passportNumber: passport,
      passportExpiryDate: "2032-01-01",
      nationality: "British",
      allergies: "Bee stings",
      medicalConditions: medical,
      ...changes,
    },
  });
  expect(travel.status(), await travel.text()).toBe(201);
}

/** An application and its travel form, through the public calls the pages make. */
async function applicantWithTravelForm(api: APIRequestContext, tag: string) {
  const retreat = await (await api.get(`${baseUrl}/api/current-retreat`)).json();
  const email = `travel-privacy-${tag}-${Date.now()}@example.com`;
  const created = await api.post(`${baseUrl}/api/application`, {
    data: {
      retreatId: retreat.id,
      firstName: "Tove",
      lastName: `Traveller ${tag}`,
      email,
      phone: "+44 7700 900123",
      motivations: "I want to learn from other advocates and bring those skills back home.",
      advocacyInvolvement: "Five years of street outreach.",
      roomPreference: "shared_bed",
      consentGdpr: true,
      consentMarketing: false,
    },
  });
  expect(created.status()).toBe(201);
  const applicationId = (await created.json()).id as string;
  // The travel form is only open to applications holding a place: staff accept this one.
  const login = await api.post(`${baseUrl}/api/auth/login`, {
    data: { username: staff.email, password: staff.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  for (const stage of ["screening", "interview", "accepted"]) {
    const moved = await api.post(`${baseUrl}/api/admin/applications/${applicationId}/escalate/${stage}`, {
      data: { notify: false },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await sendTravelForm(api, applicationId);
  return { applicationId, email, name: `Tove Traveller ${tag}` };
}

test(
  "staff see masked travel details, reveal them (audited) and mark the form reviewed",
  { tag: "@mobile" },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const applicant = await applicantWithTravelForm(page.request, testInfo.project.name);

    await signIn(page, baseUrl, staff, "/admin/dashboard");
    await page.goto(`${baseUrl}/admin/dashboard?tab=applications`);
    await page.getByLabel("Search", { exact: true }).fill(applicant.email);
    await page.getByRole("button", { name: `View details for ${applicant.name}` }).click();
    const modal = page.getByRole("dialog", { name: applicant.name });
    const travel = modal.getByRole("region", { name: "Travel details" });
    await expect(travel.getByText("Submitted, awaiting review")).toBeVisible();
    await expect(travel.getByText("•••• 4321")).toBeVisible();
    await expect(travel.getByText("Medical details on file")).toBeVisible();
    await expect(travel.getByText(/QR 962, LHR → DPS/)).toBeVisible();
    await expect(modal).not.toContainText(passport);
    await expect(modal).not.toContainText(medical);
    await travel.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page, { include: modal });
    await shot(page, "travel-masked", modal);

    await travel.getByRole("button", { name: "Show passport and medical details" }).click();
    const revealed = travel.getByRole("region", { name: "Passport and medical details" });
    await expect(revealed).toBeFocused();
    await expect(revealed.getByText(passport)).toBeVisible();
    await expect(revealed.getByText(medical)).toBeVisible();
    await expect(revealed.getByText("Bee stings")).toBeVisible();
    await expectNoSeriousAxeViolations(page, { include: modal });
    await shot(page, "travel-revealed", modal);

    await travel.getByLabel("Review notes").fill("Insurance and flights checked");
    await travel.getByRole("button", { name: "Mark reviewed" }).click();
    await expect(travel.getByRole("status")).toHaveText("Travel form marked reviewed.");
    await expect(travel.getByText("Reviewed", { exact: true })).toBeVisible();

    // The owner sees who looked at the passport and medical details, without the values.
    const ownerApi = await playwrightRequest.newContext({ baseURL: baseUrl });
    try {
      const login = await ownerApi.post("/api/auth/login", {
        data: { username: owner.email, password: owner.password },
      });
      expect(login.ok()).toBe(true);
      const forms = await (await ownerApi.get("/api/admin/travel-forms?status=reviewed")).json();
      const form = forms.items.find(
        (item: { applicationId: string }) => item.applicationId === applicant.applicationId,
      );
      expect(form).toMatchObject({ passportNumberMasked: "•••• 4321", reviewNotes: "Insurance and flights checked" });
      const audit = await (
        await ownerApi.get("/api/admin/audit-logs?action=travel_form.sensitive_read&pageSize=100")
      ).json();
      const reads = audit.items.filter((entry: { entityId: string }) => entry.entityId === form.id);
      expect(reads).toHaveLength(1);
      expect(reads[0].userEmail).toBe(staff.email);
      expect(JSON.stringify(audit)).not.toContain(passport);
      expect(JSON.stringify(audit)).not.toContain(medical);
    } finally {
      await ownerApi.dispose();
    }

    // The applicant sends a new passport number after the review: staff see the form changed, and when.
    await sendTravelForm(page.request, applicant.applicationId, {
      passportNumber: "ZX11112222",
    });
    await page.reload();
    await page.getByLabel("Search", { exact: true }).fill(applicant.email);
    await page.getByRole("button", { name: `View details for ${applicant.name}` }).click();
    const reopened = page.getByRole("dialog", { name: applicant.name }).getByRole("region", { name: "Travel details" });
    await expect(reopened.getByText("Submitted, awaiting review")).toBeVisible();
    await expect(reopened.getByText("Updated after review")).toBeVisible();
    await expect(reopened.getByText(/^Changed by the applicant on .+, after the review on .+$/)).toBeVisible();
    await expect(reopened.getByText("•••• 2222")).toBeVisible();
  },
);
