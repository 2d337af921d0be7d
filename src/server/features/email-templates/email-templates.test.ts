import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type MarketingTemplate,
  systemTemplateKeys,
  type TransactionalTemplate,
} from "../../../shared/schemas/email-templates";
import {
  applications,
  auditLogs,
  emailLogs,
  emailMarketingTemplates,
  emailSubscribers,
  emailTemplates,
  retreats,
} from "../../db/schema";
import { systemTemplates } from "../../email/system-templates";
import { settleFormJobs } from "../../test/form-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let t: TestApp;
let staffCookie: string;
let vendorCookie: string;
let ipCounter = 0;

type Method = "GET" | "POST" | "PUT" | "DELETE";
function call(method: Method, url: string, payload?: unknown, cookie = staffCookie) {
  return t.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
}
/** The form's POST, filed as the worker would (PostgreSQL answers through the intake). */
const joinWaitlist = async (name: string, email: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/waitlist",
    payload: { name, email },
    remoteAddress: `10.9.0.${++ipCounter % 250}`,
  });
  await settleFormJobs(t.app);
  return res;
};

async function templates(): Promise<TransactionalTemplate[]> {
  const res = await call("GET", "/api/admin/email-templates");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}
async function template(name: string): Promise<TransactionalTemplate> {
  return (await templates()).find((item) => item.name === name)!;
}
const auditFor = (entityId: string) =>
  t.app.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(auditLogs.createdAt);

beforeAll(async () => {
  t = await createTestApp();
  staffCookie = (await signedInAs(t.app, "staff")).cookie;
  vendorCookie = (await signedInAs(t.app, "vendor")).cookie;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(emailLogs);
  await t.app.db.delete(emailSubscribers);
  // Every test starts from the built-in texts (the list puts the rows back).
  await t.app.db.delete(emailTemplates);
});

describe("who may call the template API", () => {
  it("refuses anonymous callers with 401 and vendors with 403 on every route", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const preview = { kind: "marketing", subject: "Hi", body: "Hi" };
    const marketing = { name: "N", subject: "S", content: "C" };
    const routes: [Method, string, unknown?][] = [
      ["GET", "/api/admin/email-templates"],
      ["PUT", `/api/admin/email-templates/${id}`, { subject: "S", body: "B", isActive: true }],
      ["POST", `/api/admin/email-templates/${id}/reset`, {}],
      ["POST", "/api/admin/email-templates/preview", preview],
      ["GET", "/api/admin/email-marketing-templates"],
      ["POST", "/api/admin/email-marketing-templates", marketing],
      ["PUT", `/api/admin/email-marketing-templates/${id}`, marketing],
      ["DELETE", `/api/admin/email-marketing-templates/${id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, payload, "")).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, payload, vendorCookie)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.app.db.select().from(emailMarketingTemplates)).toHaveLength(0);
  });
});

describe("GET /api/admin/email-templates", () => {
  it("lists every product message with its default text, variables and governing preference", async () => {
    const items = await templates();
    expect(items.map((item) => item.name)).toEqual([...systemTemplateKeys]);
    for (const item of items) {
      expect(item).toMatchObject({ isActive: true, isDefault: true, subject: systemTemplates[item.name].subject });
      expect(item.title.length).toBeGreaterThan(0);
    }
    const welcome = items.find((item) => item.name === "waitlist_welcome")!;
    expect(welcome).toMatchObject({ title: "Waitlist welcome", type: "system" });
    expect(welcome.variables.map((v) => v.name)).toEqual(["firstName", "applyUrl", "publicUrl", "preferencesUrl"]);
    expect(items.find((item) => item.name === "payment_reminder")!.variables).toContainEqual({
      name: "amount",
      description: "Amount due, formatted",
      sample: "£500.00",
    });
    // Listing again adds nothing.
    await templates();
    expect(await t.app.db.select().from(emailTemplates)).toHaveLength(systemTemplateKeys.length);
  });
});

describe("editing a product message", () => {
  const edited = {
    subject: "Welcome aboard, {{ firstName }}",
    body: "# Hello {{ firstName }}\n\nYou're on the list. [Apply]({{ applyUrl }})",
    isActive: true,
  };

  it("changes the email the waitlist sends, with the values still escaped, and is audited", async () => {
    const { id } = await template("waitlist_welcome");
    const res = await call("PUT", `/api/admin/email-templates/${id}`, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: "waitlist_welcome", ...edited, isDefault: false });

    const join = await joinWaitlist("<script>alert(1)</script> Lovelace", "ada@example.com");
    expect(join.statusCode, join.body).toBe(200);
    const [log, ...others] = await t.app.db.select().from(emailLogs);
    expect(others).toHaveLength(0);
    // A subject is a header, not HTML: the name is as typed there.
    expect(log!.subject).toBe("Welcome aboard, <script>alert(1)</script>");
    expect(log!.body).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;</h1>");
    expect(log!.body).not.toContain("<script>");
    expect(log!.body).toContain('href="http://localhost:3000/#apply"');
    expect(log!.body).toContain("You're receiving this because you joined the waitlist");
    expect(log!.kind).toBe("waitlist_welcome");

    const [audit] = await auditFor(id);
    expect(audit).toMatchObject({ action: "update", entityType: "email_template" });
    expect(audit!.oldValues).toMatchObject({ subject: systemTemplates.waitlist_welcome.subject, isActive: true });
    expect(audit!.newValues).toMatchObject({ subject: edited.subject, body: edited.body, isActive: true });
  });

  it("switched off, the message is not sent while joining the waitlist still succeeds", async () => {
    const { id, subject, body } = await template("waitlist_welcome");
    const res = await call("PUT", `/api/admin/email-templates/${id}`, { subject, body, isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false, isDefault: true });

    const join = await joinWaitlist("Ada Lovelace", "ada@example.com");
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json().success).toBe(true);
    expect(await t.app.db.select().from(emailSubscribers)).toHaveLength(1);
    expect(await t.app.db.select().from(emailLogs)).toHaveLength(0);
  });

  it("switched off, a stage decision is made without notifying the applicant", async () => {
    const { id, subject, body } = await template("stage_declined");
    await call("PUT", `/api/admin/email-templates/${id}`, { subject, body, isActive: false });
    const [retreat] = await t.app.db.select({ id: retreats.id }).from(retreats).limit(1);
    const [app] = await t.app.db
      .insert(applications)
      .values({
        retreatId: retreat!.id,
        firstName: "Noor",
        lastName: "Test",
        email: "noor@example.com",
        country: "United Kingdom",
        motivations: "m".repeat(60),
        advocacyInvolvement: "a".repeat(30),
      })
      .returning();
    const res = await call("POST", `/api/admin/applications/${app!.id}/escalate/declined`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ notified: false, application: { stage: "declined" } });
    expect(await t.app.db.select().from(emailLogs)).toHaveLength(0);
  });

  it("reset puts the default text back and switches the message on", async () => {
    const { id } = await template("waitlist_welcome");
    await call("PUT", `/api/admin/email-templates/${id}`, { ...edited, isActive: false });
    const res = await call("POST", `/api/admin/email-templates/${id}/reset`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subject: systemTemplates.waitlist_welcome.subject,
      body: systemTemplates.waitlist_welcome.body,
      isActive: true,
      isDefault: true,
    });
    expect((await auditFor(id)).map((a) => a.action)).toEqual(["update", "reset"]);

    await joinWaitlist("Ada Lovelace", "ada@example.com");
    const [log] = await t.app.db.select().from(emailLogs);
    expect(log!.subject).toBe("You're on the waitlist for our Bali retreat");
    // Without a body, too (the client may send none).
    expect((await call("POST", `/api/admin/email-templates/${id}/reset`)).statusCode).toBe(200);
  });

  it("refuses unknown variables with a 400 naming them, and leaves the message unchanged", async () => {
    const { id } = await template("stage_accepted");
    const res = await call("PUT", `/api/admin/email-templates/${id}`, {
      subject: "Hi",
      body: "Dear {{ firstName }}, pay {{ amount }}",
      isActive: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Unknown variable {{ amount }}. You can use: firstName, retreatName, publicUrl, payUrl.",
    );
    expect(await template("stage_accepted")).toMatchObject({ isDefault: true });
    expect(await auditFor(id)).toHaveLength(0);
  });

  it("refuses syntax errors, empty fields, unknown templates and other email_templates rows", async () => {
    const { id } = await template("stage_accepted");
    const broken = await call("PUT", `/api/admin/email-templates/${id}`, {
      subject: "Hi",
      body: "{% if firstName %}no end",
      isActive: true,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The body has a template error/);

    const empty = await call("PUT", `/api/admin/email-templates/${id}`, { subject: " ", body: "x", isActive: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({ path: "body.subject", message: "Subject is required" });

    const unknown = "00000000-0000-4000-8000-000000000000";
    const valid = { subject: "Hi", body: "Hi", isActive: true };
    expect((await call("PUT", `/api/admin/email-templates/${unknown}`, valid)).statusCode).toBe(404);
    expect((await call("POST", `/api/admin/email-templates/${unknown}/reset`, {})).statusCode).toBe(404);
    expect((await call("PUT", "/api/admin/email-templates/not-a-uuid", valid)).statusCode).toBe(400);

    const [legacy] = await t.app.db
      .insert(emailTemplates)
      .values({ name: "demo-payment-reminder", subject: "s", body: "b" })
      .returning();
    expect((await call("PUT", `/api/admin/email-templates/${legacy!.id}`, valid)).statusCode).toBe(404);
    expect((await templates()).map((item) => item.id)).not.toContain(legacy!.id);
  });
});

describe("POST /api/admin/email-templates/preview", () => {
  const preview = (payload: object) => call("POST", "/api/admin/email-templates/preview", payload);

  it("renders unsaved text of a product message with its sample values and its own footer", async () => {
    const res = await preview({
      kind: "payment_reminder",
      subject: "Due: {{ amount }}",
      body: '# Hi {{ firstName }}\n\n{% if payUrl != "" %}[Pay]({{ payUrl }}){% endif %} by {{ dueDate }}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const email = res.json();
    expect(email.subject).toBe("Due: £500.00");
    expect(email.html).toContain("Hi Alex</h1>");
    expect(email.text).toContain("Pay: https://example.com/pay/sample by 1 March 2026");
    expect(email.text).toContain("Manage your email preferences: https://example.com/email/preferences/sample");
    expect(email.text).not.toContain("Unsubscribe");
  });

  it("renders marketing text with the unsubscribe footer and the current retreat", async () => {
    const res = await preview({
      kind: "marketing",
      subject: "News for {{ firstName }}",
      body: "About {{ retreatName }}",
    });
    expect(res.statusCode, res.body).toBe(200);
    const email = res.json();
    expect(email.subject).toBe("News for Alex");
    const [retreat] = await t.app.db.select({ name: retreats.name }).from(retreats).limit(1);
    expect(email.text).toContain(`About ${retreat!.name}`);
    expect(email.text).toContain("Unsubscribe: https://example.com/email/unsubscribe/sample");
    expect(email.html).toContain(">Unsubscribe</a>");
  });

  it("answers 400 with the reason for a text that cannot be used", async () => {
    const system = await preview({ kind: "stage_accepted", subject: "Hi", body: "{{ unsubscribeUrl }}" });
    expect(system.statusCode).toBe(400);
    expect(system.json().message).toMatch(/^Unknown variable \{\{ unsubscribeUrl \}\}/);
    const marketing = await preview({ kind: "marketing", subject: "Hi", body: "{{ payUrl }}" });
    expect(marketing.statusCode).toBe(400);
    expect(marketing.json().message).toMatch(/^Unknown variable \{\{ payUrl \}\}/);
    expect((await preview({ kind: "nope", subject: "Hi", body: "x" })).statusCode).toBe(400);
  });
});

describe("marketing templates", () => {
  const base = "/api/admin/email-marketing-templates";
  const input = {
    name: "Applications open",
    description: "When applications open",
    category: "announcement",
    subject: "Applications are open, {{ firstName }}",
    content: "# {{ retreatName }}\n\n[Apply]({{ applyUrl }})",
  };

  beforeEach(async () => {
    await t.app.db.delete(emailMarketingTemplates);
  });

  it("creates, lists newest first, updates and deletes, auditing every write", async () => {
    expect((await call("GET", base)).json()).toEqual({ items: [] });

    const created = await call("POST", base, input);
    expect(created.statusCode, created.body).toBe(201);
    const first: MarketingTemplate = created.json();
    expect(first).toMatchObject({
      ...input,
      variables: ["firstName", "retreatName", "applyUrl"],
      isActive: true,
      usageCount: 0,
    });
    const second: MarketingTemplate = (
      await call("POST", base, { name: "Plain", subject: "News", content: "Hello" })
    ).json();
    expect(second).toMatchObject({ category: "general", description: null, variables: [] });

    const list: MarketingTemplate[] = (await call("GET", base)).json().items;
    expect(list.map((item) => item.id)).toEqual([second.id, first.id]);

    const updated = await call("PUT", `${base}/${first.id}`, {
      ...input,
      subject: "Last places",
      content: "Hi {{ firstName }}. [Stop these emails]({{ unsubscribeUrl }})",
      isActive: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      subject: "Last places",
      isActive: false,
      variables: ["firstName", "unsubscribeUrl"],
    });

    expect((await call("DELETE", `${base}/${first.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `${base}/${first.id}`)).statusCode).toBe(404);
    expect((await call("GET", base)).json().items.map((item: MarketingTemplate) => item.id)).toEqual([second.id]);

    const trail = await auditFor(first.id);
    expect(trail.map((a) => [a.action, a.entityType])).toEqual([
      ["create", "email_marketing_template"],
      ["update", "email_marketing_template"],
      ["delete", "email_marketing_template"],
    ]);
    expect(trail[1]!.oldValues).toMatchObject({ subject: input.subject });
    expect(trail[1]!.newValues).toMatchObject({ subject: "Last places", isActive: false });
  });

  it("refuses unknown variables, unknown categories and missing fields, saving nothing", async () => {
    const unknown = await call("POST", base, { ...input, content: "Hi {{ firstName }} {{ amount }}" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown variable \{\{ amount \}\}\. You can use: firstName, lastName/);
    const category = await call("POST", base, { ...input, category: "waitlist" });
    expect(category.statusCode).toBe(400);
    expect(category.json().errors).toContainEqual({ path: "body.category", message: "Unknown category" });
    const missing = await call("POST", base, { name: "", subject: "S", content: "" });
    expect(missing.statusCode).toBe(400);
    expect(await t.app.db.select().from(emailMarketingTemplates)).toHaveLength(0);

    const { id } = (await call("POST", base, input)).json();
    const badUpdate = await call("PUT", `${base}/${id}`, { ...input, subject: "{{ firstName | raw }}" });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().message).toMatch(/raw filter is not allowed/);
    const [row] = await t.app.db
      .select()
      .from(emailMarketingTemplates)
      .where(and(eq(emailMarketingTemplates.id, id), eq(emailMarketingTemplates.subject, input.subject)));
    expect(row).toBeDefined();
    expect((await call("PUT", `${base}/00000000-0000-4000-8000-000000000000`, input)).statusCode).toBe(404);
  });
});
