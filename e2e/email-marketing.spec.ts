/**
 * The owner's email marketing in the Waitlist tab, as a person clicking through it: templates
 * (a marketing template with its preview; a product email edited then reset), subscribers (by
 * hand, an unsubscribe, a CSV import with errors, the filtered export), a campaign (audience
 * count, test send, send now, live counters, RFC 8058 one-click unsubscribe) and the outbox.
 * Runs its own server whose SMTP_URL is a real SMTP server started here, so every assertion about
 * mail is about what a provider would have received.
 */
import { type Cookie, expect, type Locator, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { headerOf, parseMessage, type SmtpSink, startSmtpSink } from "../src/server/test/smtp-sink";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations as expectNoSeriousAxe, signIn as signInAs, toast } from "./support/page-helpers";

const owner = { email: "olive.owner@example.com", password: "e2e owner passphrase", firstName: "Olive" };

const template = {
  name: "Spring news",
  subject: "Spring news for {{ firstName }}",
  content: "Hello **{{ firstName }}**,\n\nThe May retreat dates are out.\n\n[Apply now]({{ applyUrl }})",
};
const campaignName = "Spring news to the waitlist";
const testAddress = "tester@example.com";

/** Added by hand in the Subscribers tab. */
const byHand = [
  { email: "ada@example.com", firstName: "Ada", consent: true },
  // No marketing consent: never in a marketing campaign.
  { email: "cleo@example.com", firstName: "Cleo", consent: false },
  // Unsubscribed before the import, which then lists the address again.
  { email: "uma@example.com", firstName: "Uma", consent: true },
] as const;
const unsubscribed = "uma@example.com";
const importTag = "spring-import";
/**
 * Imported into the Waitlist segment with marketing consent. Line 1 is the header: line 4 is a bad
 * address, line 5 repeats line 2, line 6 is the unsubscribed person, and Gus has his own segment
 * (consent, but outside the campaign's targeting).
 */
const importCsv = [
  "Email,First Name,Last Name,Segment",
  "dan@example.com,Dan,Okafor,",
  "eve@example.com,Eve,Lind,",
  "not-an-email,Bad,Row,",
  "DAN@example.com,Dan,Again,",
  `${unsubscribed},Uma,Later,`,
  "fay@example.com,Fay,Ng,",
  "gus@example.com,Gus,Green,General",
].join("\n");
const imported = ["dan@example.com", "eve@example.com", "fay@example.com", "gus@example.com"];
/** Waitlist segment, marketing consent, not unsubscribed. */
const eligible = ["ada@example.com", "dan@example.com", "eve@example.com", "fay@example.com"];
const notReached = ["cleo@example.com", "gus@example.com", unsubscribed];
const firstNames: Record<string, string> = {
  "ada@example.com": "Ada",
  "dan@example.com": "Dan",
  "eve@example.com": "Eve",
  "fay@example.com": "Fay",
};

let server: OwnServer | undefined;
let sink: SmtpSink;
let baseUrl = "";
let session: Cookie[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  server = await startOwnServer({
    name: "email-marketing",
    users: [{ ...owner, role: "owner" }],
    portEnvVar: "E2E_EMAIL_PORT",
    env: (url) => ({ PUBLIC_URL: url, SMTP_URL: sink.url, EMAIL_RATE_PER_SECOND: "50" }),
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** The first journey signs in through the form; the later ones reuse its session cookie. */
async function signIn(page: Page) {
  if (session.length > 0) {
    await page.context().addCookies(session);
    await page.goto(`${baseUrl}/admin/dashboard`);
    await expect(page.getByText(`Welcome back, ${owner.firstName}`)).toBeVisible();
    return;
  }
  await signInAs(page, baseUrl, owner, "/admin/dashboard");
  session = await page.context().cookies();
}

/** Through the dashboard's tabs, the way staff get there. */
async function openSection(page: Page, section: "Subscribers" | "Campaigns" | "Templates" | "Outbox") {
  await page.getByRole("tab", { name: "Waitlist" }).click();
  const sections = page.getByRole("tablist", { name: "Email marketing sections" });
  await sections.getByRole("tab", { name: section }).click();
  await expect(sections.getByRole("tab", { name: section })).toHaveAttribute("aria-selected", "true");
}

/**
 * axe on the settled screen; the sandbox="" frames that show rendered emails are
 * left out (they hold the message, not the back office).
 */
const expectNoSeriousAxeViolations = (page: Page, { knownIssue }: { knownIssue?: string } = {}) =>
  expectNoSeriousAxe(page, { disableRules: knownIssue ? [knownIssue] : undefined });

/** The <dd> that goes with a <dt> label inside a description list. */
function definition(scope: Locator, label: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

/** The visible card (phone) or table row (wider) of one subscriber. */
function subscriberEntry(page: Page, email: string): Locator {
  return page
    .locator("ul[aria-label='Subscribers'] > li:visible, section[aria-label='Subscribers table'] tbody tr:visible")
    .filter({ hasText: email });
}

function subscriberEntries(page: Page): Locator {
  return page.locator(
    "ul[aria-label='Subscribers'] > li:visible, section[aria-label='Subscribers table'] tbody tr:visible",
  );
}

function visibleButton(page: Page, name: string): Locator {
  return page.getByRole("button", { name, exact: true }).filter({ visible: true });
}

async function addSubscriber(page: Page, person: (typeof byHand)[number]) {
  await page.getByRole("button", { name: "Add subscriber" }).click();
  const dialog = page.getByRole("dialog", { name: "Add subscriber" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(person.email);
  await dialog.getByRole("textbox", { name: "First name" }).fill(person.firstName);
  await dialog.getByRole("textbox", { name: "Last name" }).fill("Tester");
  await dialog.getByRole("combobox", { name: "Segment" }).selectOption({ label: "Waitlist" });
  if (person.consent) {
    await dialog.getByRole("checkbox", { name: "This person agreed to receive marketing emails" }).check();
  }
  await dialog.getByRole("button", { name: "Add subscriber" }).click();
  await expect(dialog).toBeHidden();
  await expect(subscriberEntry(page, person.email)).toHaveCount(1);
}

test("templates: a marketing template with its preview; a product email edited, then reset", {
  tag: "@mobile",
}, async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await openSection(page, "Templates");
  const kinds = page.getByRole("tablist", { name: "Template kinds" });
  await expect(kinds.getByRole("tab", { name: "Product emails" })).toHaveAttribute("aria-selected", "true");
  const welcome = page
    .getByRole("list", { name: "Product emails" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { name: "Waitlist welcome" }),
    });
  await expect(welcome).toContainText("Default");
  await expectNoSeriousAxeViolations(page);

  // A product email: edit the subject, see the live preview, save, see "Edited".
  await page.getByRole("button", { name: "Edit Waitlist welcome" }).click();
  await expect(page.getByRole("heading", { name: 'Edit "Waitlist welcome"' })).toBeFocused();
  const subject = page.getByRole("textbox", { name: "Subject" });
  await expect(subject).toHaveValue("You're on the waitlist for our Bali retreat");
  await subject.fill("Welcome to the waitlist, {{ firstName }}");
  await expect(page.getByText("Welcome to the waitlist, Alex", { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(toast(page, "Template saved")).toBeVisible();
  await expect(welcome).toContainText("Edited");
  const saved = await page.request.get(`${baseUrl}/api/admin/email-templates`);
  const savedWelcome = ((await saved.json()) as { items: { title: string; subject: string }[] }).items.find(
    (t) => t.title === "Waitlist welcome",
  );
  expect(savedWelcome?.subject).toBe("Welcome to the waitlist, {{ firstName }}");

  // ... then back to the built-in text.
  await page.getByRole("button", { name: "Edit Waitlist welcome" }).click();
  await expect(subject).toHaveValue("Welcome to the waitlist, {{ firstName }}");
  await page.getByRole("button", { name: "Reset to default" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Reset to default?" });
  await confirm.getByRole("button", { name: "Reset to default" }).click();
  await expect(toast(page, "Template reset to default")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(subject).toHaveValue("You're on the waitlist for our Bali retreat");
  await expect(page.getByRole("button", { name: "Reset to default" })).toBeDisabled();
  await page.getByRole("button", { name: "Back to templates" }).click();
  await expect(welcome).toContainText("Default");
  await expect(welcome).not.toContainText("Edited");

  // A marketing template, previewed with the sample subscriber before it is saved.
  await kinds.getByRole("tab", { name: "Marketing templates" }).click();
  await expect(page.getByText("No marketing templates yet.")).toBeVisible();
  await page.getByRole("button", { name: "New template" }).click();
  await expect(page.getByRole("heading", { name: "New marketing template" })).toBeFocused();
  await page.getByRole("textbox", { name: "Name" }).fill(template.name);
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Newsletter" });
  await page.getByRole("textbox", { name: "Subject" }).fill(template.subject);
  await page.getByRole("textbox", { name: "Content" }).fill(template.content);
  await expect(page.getByText("Spring news for Alex", { exact: true })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Email preview: Spring news for Alex"]');
  await expect(frame.locator("strong", { hasText: "Alex" })).toBeVisible();
  await expect(frame.getByText("The May retreat dates are out.")).toBeVisible();
  await page.getByRole("tab", { name: "Plain text" }).click();
  await expect(page.locator("pre").filter({ hasText: "The May retreat dates are out." })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(toast(page, "Template saved")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: template.name });
  await expect(row).toContainText("Newsletter");
  await expect(row).toContainText("0 campaigns");
  await expect(row).toContainText("Active");
});

test("subscribers: add by hand, unsubscribe one, import a CSV with errors, export the filtered list", {
  tag: "@mobile",
}, async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openSection(page, "Subscribers");
  await expect(page.getByText("No subscribers yet.").filter({ visible: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Add subscriber" }).click();
  const add = page.getByRole("dialog", { name: "Add subscriber" });
  await add.getByRole("button", { name: "Add subscriber" }).click();
  await expect(add.getByRole("alert")).toHaveText("Email is required");
  await expectNoSeriousAxeViolations(page);
  await add.getByRole("button", { name: "Cancel" }).click();

  for (const person of byHand) await addSubscriber(page, person);
  const total = definition(page.getByLabel("Subscriber figures"), "Total");
  await expect(total).toHaveText(String(byHand.length));

  // The same address again is refused with the server's reason.
  await page.getByRole("button", { name: "Add subscriber" }).click();
  await add.getByRole("textbox", { name: "Email" }).fill("ADA@example.com");
  await add.getByRole("button", { name: "Add subscriber" }).click();
  await expect(add.getByRole("alert")).toHaveText("A subscriber with this email already exists.");
  await add.getByRole("button", { name: "Cancel" }).click();
  await expect(total).toHaveText(String(byHand.length));
  await expect(definition(page.getByLabel("Subscriber figures"), "Unsubscribed")).toHaveText("0");

  // Unsubscribe one person from everything, from the Edit dialog.
  await visibleButton(page, `Edit ${unsubscribed}`).click();
  const edit = page.getByRole("dialog", { name: "Edit Uma Tester" });
  await expect(edit.getByRole("switch", { name: "Marketing emails" })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await edit.getByRole("button", { name: "Unsubscribe from all emails" }).click();
  await edit.getByRole("button", { name: "Confirm unsubscribe" }).click();
  await expect(toast(page, "Unsubscribed")).toContainText(`${unsubscribed} will get no more emails.`);
  await expect(edit).toBeHidden();
  await expect(subscriberEntry(page, unsubscribed).locator("[data-status]")).toHaveText("Unsubscribed");

  // Import: a bad address, a repeated one and the unsubscribed person are all reported, none imported.
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importer = page.getByRole("dialog", { name: "Import CSV" });
  await importer.getByLabel("CSV file").setInputFiles({
    name: "spring-contacts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(importCsv),
  });
  await importer.getByRole("combobox", { name: "Default segment" }).selectOption({ label: "Waitlist" });
  await importer.getByRole("textbox", { name: "Tags to add" }).fill(importTag);
  await importer.getByRole("checkbox", { name: "Everyone in this file agreed to receive marketing emails" }).check();
  await importer.getByRole("button", { name: "Preview" }).click();
  await expect(importer.getByRole("heading", { name: "Preview: 7 rows in the file" })).toBeFocused();
  await expect(importer.getByRole("list", { name: "Errors" }).getByRole("listitem")).toHaveText([
    'Line 4: "not-an-email" is not a valid email address',
  ]);
  const counts = {
    New: "4",
    Updated: "0",
    Unchanged: "0",
    "Skipped because unsubscribed": "1",
    Duplicates: "1",
    Errors: "1",
  };
  for (const [label, value] of Object.entries(counts)) {
    await expect(definition(importer, label)).toHaveText(value);
  }
  const preview = importer.getByRole("region", { name: "Preview rows" });
  await expect(preview.getByRole("row").filter({ hasText: "Dan Again" })).toContainText("Duplicate");
  await expect(preview.getByRole("row").filter({ hasText: "Uma Later" })).toContainText("Skip: unsubscribed");
  await expectNoSeriousAxeViolations(page);
  await importer.getByRole("button", { name: "Import 4 contacts" }).click();
  await expect(toast(page, "Import complete")).toContainText(
    "4 new, 0 updated, 0 unchanged, 1 skipped because unsubscribed, 1 duplicate, 1 error",
  );
  await expect(importer).toBeHidden();
  await expect(total).toHaveText(String(byHand.length + imported.length));
  await expect(definition(page.getByLabel("Subscriber figures"), "Unsubscribed")).toHaveText("1");
  for (const email of imported) {
    await expect(subscriberEntry(page, email)).toContainText(importTag);
    await expect(subscriberEntry(page, email).locator("[data-status]")).toHaveText("Active");
  }
  await expect(subscriberEntry(page, "not-an-email")).toHaveCount(0);
  await expect(subscriberEntry(page, unsubscribed)).toHaveCount(1);
  await expect(subscriberEntry(page, unsubscribed).locator("[data-status]")).toHaveText("Unsubscribed");
  await expect(subscriberEntry(page, unsubscribed)).not.toContainText(importTag);

  // Filter by the import's tag, then export exactly those rows.
  await page.getByRole("combobox", { name: "Tag" }).selectOption(importTag);
  await expect(subscriberEntries(page)).toHaveCount(imported.length);
  const exportLink = page.getByRole("link", { name: "Export CSV (opens in a new tab)" });
  await expect(exportLink).toHaveAttribute("target", "_blank");
  // The link opens a new tab (the CSV is an attachment there); its contents are read with the same session.
  const [tab] = await Promise.all([page.context().waitForEvent("page"), exportLink.click()]);
  await tab.close();
  const href = await exportLink.getAttribute("href");
  expect(href).toBe(`/api/admin/email-subscribers/export?tag=${importTag}`);
  const res = await page.request.get(`${baseUrl}${href}`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
  const csv = await res.text();
  const header = csv.replace(/^\uFEFF/, "").split(/\r?\n/)[0];
  expect(header).toMatch(/^"ID","Email","First name","Last name","Segment","Source","Status","Tags",/);
  const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.map((r) => r.Email).sort()).toEqual([...imported].sort());
  for (const row of rows) expect(row).toMatchObject({ Status: "active", Source: "admin_upload", Tags: importTag });
  expect(rows.filter((r) => r.Segment === "waitlist").map((r) => r.Email)).toHaveLength(imported.length - 1);
  expect(rows.find((r) => r.Email === "gus@example.com")?.Segment).toBe("general");
  expect(rows.find((r) => r.Email === "eve@example.com")).toMatchObject({ "First name": "Eve", "Last name": "Lind" });
});

test("campaigns: from the template to a sent campaign, with one-click unsubscribe counted", { tag: "@mobile" }, async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openSection(page, "Campaigns");
  await expect(page.getByText("No campaigns yet. Create one with New campaign.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "New campaign" }).click();
  const form = page.getByRole("dialog", { name: "New campaign" });
  await form.getByRole("combobox", { name: "Start from template" }).selectOption({ label: template.name });
  await expect(form.getByRole("textbox", { name: "Subject" })).toHaveValue(template.subject);
  await expect(form.getByRole("textbox", { name: "Content" })).toHaveValue(template.content);
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(campaignName);
  const audience = form.getByTestId("audience-count");
  // Everyone with marketing consent who has not unsubscribed, in any segment.
  await expect(audience).toHaveText(`This campaign will reach ${eligible.length + 1} subscribers`);
  await form.getByRole("checkbox", { name: "Waitlist" }).check();
  await expect(audience).toHaveText(`This campaign will reach ${eligible.length} subscribers`);
  // Narrowed further by the import's tag (Ada was added by hand), then widened again.
  await form.getByRole("button", { name: `Add tag ${importTag} (${imported.length})` }).click();
  await expect(form.getByRole("list", { name: "Chosen tags" })).toHaveText(importTag);
  await expect(audience).toHaveText(`This campaign will reach ${eligible.length - 1} subscribers`);
  await expectNoSeriousAxeViolations(page);
  await form.getByRole("button", { name: `Remove tag ${importTag}` }).click();
  await expect(audience).toHaveText(`This campaign will reach ${eligible.length} subscribers`);
  await form.getByRole("button", { name: "Create draft" }).click();
  await expect(toast(page, "Campaign saved")).toContainText(`"${campaignName}" is a draft.`);
  await expect(form).toBeHidden();

  const card = page.getByRole("article", { name: campaignName });
  await expect(card.locator("[data-status]")).toHaveText("Draft");
  await expect(card).toContainText("Spring news for {{ firstName }}");

  // A test copy to one address, with "[Test]" before the subject.
  await card.getByRole("button", { name: `Send test of ${campaignName}` }).click();
  const testDialog = page.getByRole("dialog", { name: "Send a test email" });
  await expect(testDialog.getByRole("textbox", { name: "Send to" })).toHaveValue(owner.email);
  await testDialog.getByRole("textbox", { name: "Send to" }).fill(testAddress);
  await expectNoSeriousAxeViolations(page);
  await testDialog.getByRole("button", { name: "Send test" }).click();
  await expect(toast(page, `Test email sent to ${testAddress}`)).toBeVisible();
  await sink.waitForCount(1);
  expect(sink.to(testAddress)).toHaveLength(1);
  const testMail = await parseMessage(sink.to(testAddress)[0]!);
  expect(testMail.subject).toMatch(/^\[Test\] Spring news for /);

  // Send now, after the dialog says how many it reaches.
  await card.getByRole("button", { name: `Send ${campaignName}`, exact: true }).click();
  const send = page.getByRole("alertdialog", { name: `Send "${campaignName}"` });
  await expect(send).toContainText(`Send to ${eligible.length} subscribers?`);
  await expectNoSeriousAxeViolations(page);
  await send.getByRole("button", { name: "Send now", exact: true }).click();
  await expect(toast(page, "Campaign is sending")).toBeVisible();
  await expect(send).toBeHidden();
  // The list polls while the campaign goes out; no reload is needed to see it finish.
  await expect(card.locator("[data-status]")).toHaveText("Sent", { timeout: 30_000 });
  const counter = (key: string) => card.locator(`[data-counter="${key}"]`);
  await expect(counter("totalRecipients")).toHaveText(String(eligible.length));
  await expect(counter("delivered")).toHaveText(String(eligible.length));
  await expect(counter("failed")).toHaveText("0");
  await expect(counter("unsubscribed")).toHaveText("0");
  await expectNoSeriousAxeViolations(page);

  // What the SMTP server received: one personal message per eligible subscriber, none for the rest.
  await sink.waitForCount(1 + eligible.length);
  const oneClick = new RegExp(
    `^<${baseUrl.replace(/\./g, "\\.")}/api/email/one-click-unsubscribe/([^?>]+)\\?campaign=([0-9a-f-]{36})>$`,
  );
  const unsubscribeUrls = new Map<string, string>();
  const campaignIds = new Set<string>();
  for (const email of eligible) {
    const received = sink.to(email);
    expect(received, email).toHaveLength(1);
    const mail = await parseMessage(received[0]!);
    expect(mail.subject).toBe(`Spring news for ${firstNames[email]}`);
    expect(mail.html).toContain(`<strong>${firstNames[email]}</strong>`);
    const listUnsubscribe = headerOf(mail, "List-Unsubscribe") ?? "";
    const match = oneClick.exec(listUnsubscribe);
    expect(match, listUnsubscribe).not.toBeNull();
    campaignIds.add(match![2]!);
    unsubscribeUrls.set(email, listUnsubscribe.slice(1, -1));
    expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  }
  expect(campaignIds.size).toBe(1);
  expect(new Set(unsubscribeUrls.values()).size).toBe(eligible.length);
  for (const email of notReached) {
    expect(sink.to(email), email).toHaveLength(0);
  }

  // RFC 8058: the mail app POSTs the form, without cookies; the campaign counts the unsubscribe.
  const oneClickUrl = unsubscribeUrls.get("ada@example.com")!;
  const res = await request.post(oneClickUrl, { form: { "List-Unsubscribe": "One-Click" } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ success: true });
  await page.reload();
  await expect(page.getByRole("tab", { name: "Campaigns" })).toHaveAttribute("aria-selected", "true");
  await expect(counter("unsubscribed")).toHaveText("1");
  await expect(counter("delivered")).toHaveText(String(eligible.length));
  const ada = await page.request.get(`${baseUrl}/api/admin/email-subscribers?search=ada%40example.com`);
  const [adaRow] = ((await ada.json()) as { items: { marketingEmails: boolean; status: string }[] }).items;
  expect(adaRow).toMatchObject({ marketingEmails: false });
});

test("outbox: the sent messages, each viewable as HTML and plain text", { tag: "@mobile" }, async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await openSection(page, "Outbox");
  const chips = page.getByRole("group", { name: "Filter by status" });
  // One campaign message per eligible subscriber, and the test copy.
  await expect(chips.getByRole("button", { name: /^Sent/ })).toHaveText(`Sent ${eligible.length + 1}`);
  await expectNoSeriousAxeViolations(page);
  await chips.getByRole("button", { name: /^Sent/ }).click();
  await expect(chips.getByRole("button", { name: /^Sent/ })).toHaveAttribute("aria-pressed", "true");
  const rows = page.locator(
    "ul[aria-label='Messages'] > li:visible, section[aria-label='Messages table'] tbody tr:visible",
  );
  await expect(rows).toHaveCount(eligible.length + 1);
  await expect(rows.filter({ hasText: testAddress })).toContainText("[Test] Spring news for");
  for (const email of eligible) {
    await expect(rows.filter({ hasText: email })).toContainText(`Spring news for ${firstNames[email]}`);
  }
  for (const email of notReached) await expect(rows.filter({ hasText: email })).toHaveCount(0);

  await visibleButton(page, "View message to dan@example.com").click();
  const dialog = page.getByRole("dialog", { name: "Spring news for Dan" });
  await expect(dialog).toContainText("To Dan Okafor <dan@example.com>");
  await expect(dialog.locator("[data-status]")).toHaveText("Sent");
  const html = dialog.frameLocator('iframe[title="HTML of \\"Spring news for Dan\\""]');
  await expect(html.locator("strong", { hasText: "Dan" })).toBeVisible();
  await expect(html.getByText("The May retreat dates are out.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("tab", { name: "Plain text" }).click();
  const text = dialog.locator("pre");
  await expect(text).toContainText("The May retreat dates are out.");
  await expect(text).toContainText(`${baseUrl}/email/unsubscribe/`);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
});
