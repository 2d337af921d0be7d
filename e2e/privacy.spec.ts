/**
 * A data subject request end to end: an applicant applies, is accepted and sends the travel form; the owner
 * finds the address in Settings → Privacy, downloads the JSON (passport decrypted inside), erases
 * everything after typing the address again, and the application is gone from the list. Own
 * server (PGlite allows one process per data directory), owner made through the same service as `user:create`.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations, screenshots, signIn, toast } from "./support/page-helpers";

const owner = { email: "olive.owner@example.com", password: "e2e passphrase for the owner", firstName: "Olive" };
/** The viewport only: the Settings tab is long and the dialog is fixed. */
const shot = screenshots("privacy", { prefix: "e2e-", fullPage: false });
const passport = "PR1V4CY42";

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ name: "privacy", users: [{ ...owner, role: "owner" }] });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

/** An application and its travel form through the public calls the pages make. */
async function applicant(page: Page, tag: string) {
  const retreat = await (await page.request.get(`${baseUrl}/api/current-retreat`)).json();
  const lastName = `Erasable${tag}`;
  const email = `Rhea.${lastName}@Example.com`;
  const created = await page.request.post(`${baseUrl}/api/application`, {
    data: {
      retreatId: retreat.id,
      firstName: "Rhea",
      lastName,
      email,
      phone: "+44 7700 900321",
      motivations: "I want to learn from other advocates and bring those skills back home.",
      advocacyInvolvement: "Three years of street outreach.",
      roomPreference: "shared_bed",
      consentGdpr: true,
      consentMarketing: false,
    },
  });
  expect(created.status()).toBe(201);
  const applicationId = (await created.json()).id as string;
  // The travel form is only open to applications holding a place: the owner accepts this one.
  const login = await page.request.post(`${baseUrl}/api/auth/login`, {
    data: { username: owner.email, password: owner.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  for (const stage of ["screening", "interview", "accepted"]) {
    const moved = await page.request.post(`${baseUrl}/api/admin/applications/${applicationId}/escalate/${stage}`, {
      data: { notify: false },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const travel = await page.request.post(`${baseUrl}/api/travel-compliance`, {
    data: {
      applicationId,
      insuranceProvider: "World Nomads",
      insurancePolicyNumber: "WN-654321",
      insuranceExpiryDate: "2030-12-31",
      emergencyContactName: "Bo Byron",
      emergencyContactRelationship: "Partner",
      emergencyContactPhone: "+44 7700 900456",
      passportNumber: passport,
      passportExpiryDate: "2032-01-01",
      nationality: "British",
    },
  });
  expect(travel.status()).toBe(201);
  return { applicationId, email, lastName, name: `Rhea ${lastName}` };
}

test(
  "the owner finds an applicant's data, downloads it and erases it",
  { tag: "@mobile" },
  async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const person = await applicant(page, testInfo.project.name === "mobile" ? "Mobile" : "Desktop");

    await signIn(page, baseUrl, owner, "/admin/dashboard");
    await page.getByRole("tab", { name: "Settings" }).click();
    const privacy = page.getByRole("region", { name: "Privacy" });
    await expect(privacy.getByText("Deleted 30 days after the retreat ends")).toBeVisible();

    await privacy.getByLabel("Email address").fill(person.email);
    await privacy.getByRole("button", { name: "Find data" }).click();
    await expect(privacy.getByText(`Held about ${person.email.toLowerCase()}`)).toBeVisible();
    const count = (label: string) =>
      privacy.getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");
    await expect(count("Applications")).toHaveText("1");
    await expect(count("Travel forms")).toHaveText("1");
    await expect(count("Emails sent")).not.toHaveText("0");
    await privacy.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page, { include: privacy });
    await shot(page, "privacy-found");

    const downloading = page.waitForEvent("download");
    await privacy.getByRole("link", { name: "Download JSON" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(data.sections.applications).toHaveLength(1);
    expect(data.sections.applications[0]).toMatchObject({ id: person.applicationId, lastName: person.lastName });
    expect(data.sections.travelForms[0].passportNumber).toBe(passport);
    expect(data.sections.emailLogs.length).toBeGreaterThan(0);

    await privacy.getByRole("button", { name: "Erase all data…" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Erase all data?" });
    await dialog.getByLabel("Type the email address again to confirm").fill(person.email.toUpperCase());
    await expectNoSeriousAxeViolations(page, { include: dialog });
    await shot(page, "privacy-erase-dialog");
    await dialog.getByRole("button", { name: "Erase all data" }).click();
    await expect(toast(page, `Data erased for ${person.email.toLowerCase()}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(privacy.getByText(`Nothing is held about ${person.email.toLowerCase()}.`)).toBeVisible();
    await shot(page, "privacy-erased");

    await page.getByRole("tab", { name: "Applications" }).click();
    await page.getByLabel("Search", { exact: true }).fill(person.lastName);
    await expect(
      page.getByText("No applications match your search and filter.").filter({ visible: true }),
    ).toBeVisible();
    await expect(page.getByText(person.name)).toHaveCount(0);
  },
);
