/**
 * Stored XSS in the back office (issue 8): hostile strings go in through the public forms and the
 * admin API into every free-text field we can reach, then the owner opens every dashboard tab and
 * section and the detail views. No JS dialog may open, no `window.__xss` may be set, no element
 * from the input may exist in the DOM (checked directly, since the CSP would stop an injected
 * handler from running and hide the bug), no CSP violation may be reported, and the strings must
 * show as literal text. Runs its own server (one owner) on a prepared DATA_DIR.
 */
import { expect, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { api, signIn } from "./support/page-helpers";

const owner = { email: "xena.owner@example.com", password: "e2e owner passphrase", firstName: "Xena" };

let server: OwnServer | undefined;
let baseUrl = "";

/**
 * A tagged hostile string: an image whose error handler sets window.__xss, a script, both quote
 * styles and an ampersand. The tag lets a test find the literal text again.
 */
const hostile = (tag: string) =>
  `XSS-${tag} <img src=x onerror="window.__xss='${tag}'"><script>window.__xss='${tag}'</script>"'&`;
/** For fields with short limits (phone numbers: 50 characters). */
const short = (tag: string) => `XSS-${tag}<img src=x onerror=__xss=1>`;
/** What a user should see: the opening of the string, as plain text. */
const visible = (tag: string) => `XSS-${tag} <img src=x onerror="window.__xss='${tag}'">`;

test.describe.configure({ mode: "serial" });
// Escaping does not depend on the viewport: desktop only (no @mobile tag, playwright.config.ts).

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    name: "xss",
    users: [{ ...owner, role: "owner" }],
    portEnvVar: "XSS_E2E_PORT",
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

/** Every trace an injection could leave: dialogs, the flag, CSP reports and injected elements. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on("console", (m) => {
    if (m.text().startsWith("csp: ")) console.log(m.text());
  });
  page.on("dialog", async (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      // Injected markup shows as a blocked inline script or handler; a library probing for eval
      // (blockedURI "eval") is not input-driven.
      if (e.blockedURI === "inline") w.__csp.push(`${e.violatedDirective} ${e.sample}`);
      else console.log(`csp: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async (where: string) => {
    const found = await page.evaluate(() => {
      const w = window as unknown as { __xss?: unknown; __csp: string[] };
      const injected = [
        ...document.querySelectorAll('img[src="x"], script:not([src]), [onerror], [onload], [onmouseover]'),
      ].map((el) => el.outerHTML.slice(0, 120));
      const scriptLinks = [...document.querySelectorAll("a[href], iframe[src]")]
        .map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? "")
        .filter((href) => /^\s*javascript:/i.test(href));
      return { xss: w.__xss ?? null, csp: w.__csp, injected, scriptLinks };
    });
    expect({ where, dialogs, ...found }).toEqual({
      where,
      dialogs: [],
      xss: null,
      csp: [],
      injected: [],
      scriptLinks: [],
    });
  };
}

/** Seeds every free-text field reachable through the public forms and the admin API. */
async function seed(page: Page) {
  const post = <T>(path: string, data: unknown) => api<T>(page, baseUrl, "POST", path, data);
  const retreat = await api<{ id: string }>(page, baseUrl, "GET", "/api/current-retreat");

  const application = await post<{ id: string }>("/api/application", {
    retreatId: retreat.id,
    applicationType: "couple",
    firstName: hostile("first"),
    lastName: hostile("last"),
    email: "xss.applicant@example.com",
    phone: short("phone"),
    city: hostile("city"),
    country: hostile("country"),
    instagramHandle: hostile("instagram"),
    linkedinUrl: "javascript:window.__xss='linkedin'",
    websiteUrl: hostile("website"),
    motivations: `${hostile("motivations")} and enough words to pass the fifty character minimum.`,
    advocacyInvolvement: `${hostile("advocacy")} for years.`,
    dietaryNotes: hostile("diet"),
    additionalInfo: hostile("additional"),
    partnerFirstName: hostile("partnerfirst"),
    partnerLastName: hostile("partnerlast"),
    partnerEmail: "xss.partner@example.com",
    partnerPhone: short("partnerphone"),
    partnerCity: hostile("partnercity"),
    partnerCountry: hostile("partnercountry"),
    consentGdpr: true,
    consentMarketing: true,
  });
  await post("/api/waitlist", { name: hostile("waitlist"), email: "xss.waitlist@example.com" });
  // The travel form is only open to applications holding a place.
  for (const stage of ["screening", "interview", "accepted"]) {
    await post(`/api/admin/applications/${application.id}/escalate/${stage}`, { notify: false });
  }
  await post("/api/travel-compliance", {
    applicationId: application.id,
    insuranceProvider: hostile("insurer"),
    insurancePolicyNumber: hostile("policy"),
    insuranceCoverage: hostile("coverage"),
    insuranceExpiryDate: "2035-01-01",
    outboundFlightNumber: hostile("flight"),
    outboundDepartureAirport: hostile("airport"),
    emergencyContactName: hostile("emergency"),
    emergencyContactRelationship: hostile("relationship"),
    emergencyContactPhone: short("emphone"),
    passportNumber: hostile("passport"),
    passportExpiryDate: "2035-01-01",
    nationality: hostile("nationality"),
    allergies: hostile("allergies"),
    dietaryRequirements: hostile("dietreq"),
    specialRequests: hostile("requests"),
  });
  await api(page, baseUrl, "PATCH", `/api/admin/applications/${application.id}`, {
    internalNotes: hostile("internal"),
  });
  const { interview } = await post<{ interview: { id: string } }>("/api/admin/interviews", {
    applicationId: application.id,
    scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  await api(page, baseUrl, "PATCH", `/api/admin/interviews/${interview.id}/complete`, {
    outcome: "pending",
    rating: 3,
    feedback: hostile("interview"),
  });

  await post("/api/admin/tasks", {
    title: hostile("task"),
    description: hostile("taskdesc"),
    content: hostile("taskcontent"),
    category: short("taskcat"),
  });
  await post("/api/admin/task-templates", { title: hostile("tasktemplate"), description: hostile("tpldesc") });
  const vendor = await post<{ id: string }>("/api/admin/vendors", {
    name: hostile("vendor"),
    type: short("vendortype"),
    services: [hostile("service")],
    notes: hostile("vendornotes"),
  });
  await post("/api/admin/budgets", { description: hostile("budget"), budgetedAmount: "100", notes: hostile("bnotes") });
  await post("/api/admin/expenses", {
    description: hostile("expense"),
    amount: "10",
    expenseDate: "2026-05-01",
    vendorId: vendor.id,
    notes: hostile("expnotes"),
  });
  const rejected = await post<{ id: string }>("/api/admin/expenses", {
    description: hostile("rejected"),
    amount: "5",
    expenseDate: "2026-05-02",
  });
  await api(page, baseUrl, "PUT", `/api/admin/expenses/${rejected.id}/reject`, { reason: hostile("reason") });
  await post("/api/admin/vendor-payments", { vendorId: vendor.id, amount: "7", notes: hostile("vpnotes") });
  await post("/api/admin/sessions", {
    title: hostile("session"),
    description: hostile("sessiondesc"),
    date: "2026-05-12",
    startTime: "10:00",
    endTime: "11:00",
    location: hostile("location"),
  });
  await post("/api/admin/rooms", { name: hostile("room") });
  const markdown = `# ${hostile("heading")}\n\n[click me](javascript:window.__xss='md')\n\n<img src=x onerror="window.__xss='mdhtml'">`;
  await post("/api/admin/email-campaigns", {
    name: hostile("campaign"),
    subject: hostile("subject"),
    content: `${hostile("body")}\n\n${markdown}`,
  });
  await post("/api/admin/email-marketing-templates", {
    name: hostile("template"),
    description: hostile("tpldescription"),
    subject: hostile("tplsubject"),
    content: markdown,
  });
  await post("/api/admin/email-subscribers", {
    email: "xss.subscriber@example.com",
    firstName: hostile("subfirst"),
    lastName: hostile("sublast"),
  });
  await post("/api/admin/users", {
    email: "xss.staff@example.com",
    firstName: hostile("userfirst"),
    lastName: hostile("userlast"),
    role: "staff",
    sendSetPasswordLink: true,
  });
  return { applicationId: application.id };
}

test("hostile text everywhere shows as text and never runs", async ({ page }) => {
  test.setTimeout(180_000);
  const check = await watch(page);
  await signIn(page, baseUrl, owner, "/admin/dashboard");
  await seed(page);

  const views: { tab: string; email?: string; subTab?: string; shows: string[] }[] = [
    { tab: "overview", shows: [] },
    { tab: "applications", shows: ["first"] },
    { tab: "waitlist", shows: ["subfirst"] },
    { tab: "waitlist", email: "campaigns", shows: ["campaign"] },
    { tab: "waitlist", email: "templates", shows: [] },
    { tab: "waitlist", email: "templates", subTab: "Marketing templates", shows: ["template"] },
    { tab: "waitlist", email: "outbox", shows: [] },
    { tab: "interviews", shows: [] },
    { tab: "schedule", shows: ["session"] },
    { tab: "tasks", shows: ["task"] },
    { tab: "finance", shows: ["expense", "vendor"] },
    { tab: "payments", shows: [] },
    { tab: "settings", shows: ["vendor", "userfirst"] },
  ];
  for (const view of views) {
    const query = `tab=${view.tab}${view.email ? `&email=${view.email}` : ""}`;
    await page.goto(`${baseUrl}/admin/dashboard?${query}`);
    await page.waitForLoadState("networkidle");
    if (view.subTab) await page.getByRole("tab", { name: view.subTab }).click();
    for (const tag of view.shows)
      await expect(page.getByText(visible(tag)).filter({ visible: true }).first(), `${query} ${tag}`).toBeVisible();
    await check(query);
  }

  // The application's detail view: every field of the application, travel form and interview.
  await page.goto(`${baseUrl}/admin/dashboard?tab=applications`);
  const name = `${hostile("first")} ${hostile("last")}`;
  await page
    .getByRole("button", { name: `View details for ${name}` })
    .first()
    .click();
  const detail = page.getByRole("dialog");
  await expect(detail).toBeVisible();
  await page.waitForLoadState("networkidle");
  for (const tag of ["motivations", "advocacy", "diet", "partnerfirst"]) {
    await expect(detail.getByText(visible(tag)).filter({ visible: true }).first(), tag).toBeVisible();
  }
  // The internal notes are an editable field: the hostile text is its value, character for character.
  await expect(detail.getByRole("textbox", { name: "Internal notes" })).toHaveValue(hostile("internal"));
  await check("application detail");

  // A task's edit dialog puts the values into inputs.
  await page.goto(`${baseUrl}/admin/dashboard?tab=tasks`);
  await page
    .getByRole("button", { name: `Edit ${hostile("task")}` })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByRole("textbox").first()).toBeVisible();
  await check("task edit dialog");

  // Rendered emails (campaign preview, outbox) sit in sandboxed frames: no script link inside either.
  const frameLinks = async (where: string) => {
    const frames = page.frames().slice(1);
    expect(frames.length, where).toBeGreaterThan(0);
    for (const frame of frames) {
      const links = await frame.evaluate(() =>
        [...document.querySelectorAll("a[href], img[src]")].map((a) => a.getAttribute("href") ?? a.getAttribute("src")),
      );
      expect(
        links.filter((href) => /^\s*javascript:/i.test(href ?? "")),
        where,
      ).toEqual([]);
      // The author's own <img src=x> may stay (an image is allowed in an email); its handler may not.
      expect(await frame.locator("script, [onerror], [onload], [onmouseover]").count(), where).toBe(0);
    }
  };
  await page.goto(`${baseUrl}/admin/dashboard?tab=waitlist&email=campaigns`);
  await page.getByRole("button", { name: `Preview ${hostile("campaign")}` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // The preview's own content, not network idle: an iframe's lifecycle can keep the page from ever
  // being "idle" in Chromium, which made this wait hang at random.
  await expect(page.frameLocator("iframe").first().getByText("click me")).toBeVisible();
  await check("campaign preview");
  await frameLinks("campaign preview");

  await page.goto(`${baseUrl}/admin/dashboard?tab=waitlist&email=outbox`);
  await page
    .getByRole("button", { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.frameLocator("iframe").first().locator("body")).not.toBeEmpty();
  await check("outbox message");
  await frameLinks("outbox message");
});
