/**
 * Next year's retreat without a developer (issue 18): the owner copies the season to the following
 * year (computed from today) with new dates, switches the back office to it, changes the hero title
 * and adds a question in the Site tab, and publishes. Without JavaScript, "/" then shows the new
 * season's name, dates, title and question and nothing of the old season's name or dates; an
 * application sent from the page lands in the new season; the old season is still there in the back
 * office with its applications and figures. Own server: the journey changes what the public sees.
 */
import { expect, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { api as apiAt, screenshots, signIn, toast } from "./support/page-helpers";

const owner = { email: "season.owner@example.com", password: "e2e passphrase for the seasons", firstName: "Selma" };
const oldName = "Bali Vegan Activism Retreat 2026";
const nextYear = new Date().getUTCFullYear() + 1;
const newName = `Bali Vegan Activism Retreat ${nextYear}`;
const newTitle = `Bali ${nextYear}: ten days for the animals`;
const newQuestion = "Can I bring my yoga mat?";
const shot = screenshots("seasons", { fullPage: false });

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ name: "seasons", users: [{ ...owner, role: "owner" }] });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

interface Retreat {
  id: string;
  name: string;
  isCurrent: boolean;
}
interface ApplicationList {
  items: { firstName: string; lastName: string; email: string }[];
}

const api = <T>(page: Page, method: string, path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

async function chooseSeason(page: Page, retreatId: string) {
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/admin/season") && r.request().method() === "PUT");
  await page.getByLabel("Season", { exact: true }).selectOption(retreatId);
  expect((await saved).status()).toBe(200);
}

test("the owner starts next year's season, publishes it, and the public site and the back office follow", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    window.localStorage.setItem("retreat.cookie-consent", "e2e");
    window.localStorage.setItem("retreat.dev-notice-acknowledged", "e2e");
  });
  await signIn(page, baseUrl, owner, "/admin/dashboard");

  // This season has people and money: a couple, accepted (two places, a payment plan).
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
  const [oldSeason] = await api<Retreat[]>(page, "GET", "/api/admin/retreats");
  expect(oldSeason!.name).toBe(oldName);

  // Copy season, in Settings.
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("button", { name: `Copy season ${oldName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Copy season" });
  await dialog.getByLabel("Name").fill(newName);
  await dialog.getByLabel("Start date").fill(`${nextYear}-06-12`);
  await dialog.getByLabel("End date").fill(`${nextYear}-06-21`);
  await dialog.getByRole("button", { name: "Copy season" }).click();
  await expect(toast(page, "Season copied")).toBeVisible();
  const newSeason = (await api<Retreat[]>(page, "GET", "/api/admin/retreats")).find((r) => r.name === newName)!;
  expect(newSeason).toBeTruthy();

  // Work on the new season: the Site tab edits its copied words.
  await chooseSeason(page, newSeason.id);
  await page.getByRole("tab", { name: "Site" }).click();
  const hero = page.locator("#site-section-hero");
  await expect(hero.getByLabel("Title")).toHaveValue(newName);
  await expect(page.locator("#site-section-dates").getByLabel("Dates")).toHaveValue(`June ${nextYear}`);
  await hero.getByLabel("Title").fill(newTitle);
  const faq = page.locator("#site-section-faq");
  await faq.getByRole("button", { name: "Add question" }).click();
  await faq.getByLabel("Question").last().fill(newQuestion);
  await faq.getByLabel("Answer").last().fill("Yes, and the villa has **plenty** of mats too.");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Publish the public site?" });
  // The public site shows the old season now: the dialog says publishing switches it.
  await expect(confirm.getByTestId("season-switch")).toContainText(oldName);
  await shot(page, "publish-dialog");
  await confirm.getByRole("button", { name: "Save and publish" }).click();
  await expect(toast(page, "published")).toBeVisible();

  // The public page, without JavaScript: the new season, complete in the HTML.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await noScript.newPage();
  await visitor.goto(`${baseUrl}/`);
  await expect(visitor).toHaveTitle(newName);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(newTitle);
  await expect(visitor.locator("#dates h2")).toHaveText(`June ${nextYear}`);
  await expect(visitor.locator("#faq summary", { hasText: newQuestion })).toBeVisible();
  await expect(visitor.locator("#faq")).toContainText("plenty");
  const html = await visitor.content();
  expect(html).not.toContain(oldName);
  expect(html).not.toContain("May 2026");
  await shot(visitor, "public-site-no-js");
  await noScript.close();

  // An application sent from the page lands in the new season.
  const applicant = await page.context().newPage();
  await applicant.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.77" });
  await applicant.goto(`${baseUrl}/#apply`);
  await expect(applicant.locator("#apply h2")).toHaveText(`Apply for Bali ${nextYear}`);
  const apply = applicant.locator("#apply");
  await applicant.evaluate(() => document.getElementById("apply")?.scrollIntoView());
  await expect(apply.getByRole("button", { name: "Submit Application" })).toBeVisible({ timeout: 20_000 });
  await apply.getByRole("radio", { name: /Individual/ }).click();
  await apply.getByLabel(/^Full name/).fill("Nia Nextyear");
  await apply.getByLabel(/^Email address/).fill("nia.nextyear@example.com");
  await apply.getByLabel(/^Phone number/).fill("+44 7700 900456");
  await apply.getByLabel(/Where are you based/).fill("Bristol, United Kingdom");
  await apply.getByLabel(/Social media or website/).fill("@nia.vegan");
  await apply
    .getByLabel(/Why do you want to join/)
    .fill("I want to learn from other advocates and bring those skills back to my local group.");
  await apply.getByLabel(/advocacy experience/).fill("Three years of street outreach and leafleting.");
  await apply.getByRole("radio", { name: /No preference/ }).click();
  const sent = applicant.waitForResponse((r) => r.url().endsWith("/api/application"));
  await apply.getByRole("button", { name: "Submit Application" }).click();
  expect((await sent).status()).toBe(201);
  await applicant.close();

  const inNew = await api<ApplicationList>(page, "GET", `/api/admin/applications?retreatId=${newSeason.id}`);
  expect(inNew.items.map((a) => a.email)).toEqual(["nia.nextyear@example.com"]);
  await page.reload();
  await page.getByRole("tab", { name: "Applications" }).click();
  await expect(page.getByRole("tabpanel", { name: "Applications" })).toContainText("Nia Nextyear");
  await expect(page.getByRole("tabpanel", { name: "Applications" })).not.toContainText("Cara Couple");

  // The old season is still there, with its people and figures.
  await chooseSeason(page, oldSeason!.id);
  await expect(page.getByRole("tabpanel", { name: "Applications" })).toContainText("Cara Couple");
  await expect(page.getByRole("tabpanel", { name: "Applications" })).not.toContainText("Nia Nextyear");
  await expect(page.getByTestId("pipeline-accepted")).toHaveText("1");
  const inOld = await api<ApplicationList>(page, "GET", `/api/admin/applications?retreatId=${oldSeason!.id}`);
  expect(inOld.items.map((a) => a.email)).toEqual(["cara.couple@example.com"]);
  await page.getByRole("tab", { name: "Payments" }).click();
  await expect(page.getByRole("tabpanel", { name: "Payments" })).toContainText("Cara Couple");
  await shot(page, "old-season-payments");
});
