import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminSubscriber, SubscriberListResponse } from "../../../shared/schemas/email-subscribers";
import { auditLogs, emailSubscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { duplicateEmailMessage, optInRefusedMessage, staffUnsubscribeReason } from "./email-subscribers.service";

let t: TestApp;
let staffCookie: string;
let ownerCookie: string;
let vendorCookie: string;
let guestCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  staffCookie = (await signedInAs(t.app, "staff")).cookie;
  ownerCookie = (await signedInAs(t.app, "owner")).cookie;
  vendorCookie = (await signedInAs(t.app, "vendor")).cookie;
  guestCookie = (await signedInAs(t.app, "guest")).cookie;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(emailSubscribers);
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
function call(url: string, options: { method?: Method; payload?: unknown; cookie?: string | null } = {}) {
  const cookie = options.cookie === undefined ? staffCookie : options.cookie;
  return t.app.inject({
    method: options.method ?? "GET",
    url,
    payload: options.payload as object,
    headers: cookie ? { cookie } : {},
  });
}

let seq = 0;
async function insertSubscriber(values: Partial<typeof emailSubscribers.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.app.db
    .insert(emailSubscribers)
    .values({
      email: `person${seq}@example.com`,
      segment: "general",
      source: "waitlist_form",
      subscribedAt: new Date(Date.UTC(2026, 0, 1, 0, seq)),
      ...values,
    })
    .returning();
  return row!;
}

async function list(query = ""): Promise<SubscriberListResponse> {
  const res = await call(`/api/admin/email-subscribers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const emails = (body: SubscriberListResponse) => body.items.map((s) => s.email);

describe("GET /api/admin/email-subscribers", () => {
  beforeEach(async () => {
    await insertSubscriber({
      email: "Ada.Lovelace@Example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      tags: ["vip"],
    });
    await insertSubscriber({
      email: "grace@navy.mil",
      firstName: "Grace",
      lastName: "Hopper",
      segment: "applicant",
      source: "application_form",
      tags: ["vip", "speaker"],
    });
    await insertSubscriber({
      email: "alan@example.org",
      firstName: "Alan",
      lastName: "Turing",
      status: "unsubscribed",
      globallyUnsubscribed: true,
      segment: "waitlist",
    });
    await insertSubscriber({ email: "a_b@example.com", status: "bounced", source: "admin_upload", tags: ["speaker"] });
    await insertSubscriber({ email: "axb@example.com", status: "complained" });
  });

  it("lists newest first with whole-table status counts", async () => {
    const body = await list();
    expect(emails(body)).toEqual([
      "axb@example.com",
      "a_b@example.com",
      "alan@example.org",
      "grace@navy.mil",
      "Ada.Lovelace@Example.com",
    ]);
    expect(body.total).toBe(5);
    expect(body.summary).toEqual({ total: 5, active: 2, unsubscribed: 1, bounced: 1, complained: 1 });
    const ada = body.items.at(-1)!;
    expect(ada).toMatchObject({ firstName: "Ada", tags: ["vip"], subscribedAt: "2026-01-01T00:01:00.000Z" });
    expect(ada).not.toHaveProperty("unsubscribeToken");
  });

  it("filters by segment, status, source and tag; the summary ignores the filters", async () => {
    expect(emails(await list("?segment=applicant"))).toEqual(["grace@navy.mil"]);
    expect(emails(await list("?status=unsubscribed"))).toEqual(["alan@example.org"]);
    expect(emails(await list("?source=admin_upload"))).toEqual(["a_b@example.com"]);
    const tagged = await list("?tag=speaker");
    expect(emails(tagged)).toEqual(["a_b@example.com", "grace@navy.mil"]);
    expect(tagged.summary.total).toBe(5);
    expect(emails(await list("?tag=VIP&status=active"))).toEqual(["grace@navy.mil", "Ada.Lovelace@Example.com"]);
  });

  it("searches by the start of the email, first name, full name or last name, ignoring case", async () => {
    expect(emails(await list("?search=ADA.love"))).toEqual(["Ada.Lovelace@Example.com"]);
    expect(emails(await list("?search=gra"))).toEqual(["grace@navy.mil"]);
    expect(emails(await list("?search=grace%20%20hop"))).toEqual(["grace@navy.mil"]);
    expect(emails(await list("?search=turi"))).toEqual(["alan@example.org"]);
    // A prefix search: the middle of a word does not match.
    expect(emails(await list("?search=ring"))).toEqual([]);
    // _ and % are literal characters, not wildcards.
    expect(emails(await list("?search=a_b"))).toEqual(["a_b@example.com"]);
    expect(emails(await list("?search=a%25"))).toEqual([]);
  });

  it("pages with a total of all matches", async () => {
    const first = await list("?pageSize=2");
    expect(emails(first)).toEqual(["axb@example.com", "a_b@example.com"]);
    expect(first.total).toBe(5);
    const last = await list("?pageSize=2&page=3");
    expect(emails(last)).toEqual(["Ada.Lovelace@Example.com"]);
    expect(last).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect((await list("?pageSize=2&page=2&status=active")).total).toBe(2);
  });

  it("refuses bad filters with 400", async () => {
    for (const query of ["?segment=vip", "?status=gone", "?pageSize=101", "?tag=no%20spaces", "?extra=1"]) {
      const res = await call(`/api/admin/email-subscribers${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("is for owner and staff only", async () => {
    expect((await call("/api/admin/email-subscribers", { cookie: ownerCookie })).statusCode).toBe(200);
    expect((await call("/api/admin/email-subscribers", { cookie: vendorCookie })).statusCode).toBe(403);
    expect((await call("/api/admin/email-subscribers", { cookie: guestCookie })).statusCode).toBe(403);
    expect((await call("/api/admin/email-subscribers", { cookie: null })).statusCode).toBe(401);
    expect((await call("/api/admin/email-subscribers/export", { cookie: vendorCookie })).statusCode).toBe(403);
    const anonymousImport = await call("/api/admin/email-subscribers/import", {
      method: "POST",
      payload: { csv: "email\n" },
      cookie: null,
    });
    expect(anonymousImport.statusCode).toBe(401);
  });

  it("lists the tags in use, most used first", async () => {
    const res = await call("/api/admin/email-subscribers/tags");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tags: [
        { tag: "speaker", count: 2 },
        { tag: "vip", count: 2 },
      ],
    });
  });
});

describe("POST /api/admin/email-subscribers", () => {
  it("adds a contact as admin_upload with application and system emails, marketing only with consent", async () => {
    const res = await call("/api/admin/email-subscribers", {
      method: "POST",
      payload: { email: " New.Person@Example.com ", firstName: "New", tags: ["Fair-2026", "fair-2026"] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { subscriber } = res.json() as { subscriber: AdminSubscriber };
    expect(subscriber).toMatchObject({
      email: "New.Person@Example.com",
      firstName: "New",
      lastName: null,
      segment: "general",
      source: "admin_upload",
      status: "active",
      tags: ["fair-2026"],
      applicationEmails: true,
      marketingEmails: false,
      systemNotifications: true,
      consentAt: null,
      consentIp: null,
    });
    const audit = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, subscriber.id), eq(auditLogs.action, "create")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entityType).toBe("email_subscriber");
  });

  it("records when and from where consent was confirmed", async () => {
    const res = await call("/api/admin/email-subscribers", {
      method: "POST",
      payload: { email: "consent@example.com", segment: "waitlist", marketingConsent: true },
    });
    const { subscriber } = res.json() as { subscriber: AdminSubscriber };
    expect(subscriber).toMatchObject({ marketingEmails: true, segment: "waitlist", consentIp: "127.0.0.1" });
    expect(Date.now() - Date.parse(subscriber.consentAt!)).toBeLessThan(60_000);
  });

  it("refuses an address already on the list, whatever its case, with 409", async () => {
    await insertSubscriber({ email: "taken@example.com" });
    const res = await call("/api/admin/email-subscribers", { method: "POST", payload: { email: "TAKEN@example.COM" } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: duplicateEmailMessage });
  });

  it("refuses an invalid address with 400", async () => {
    const res = await call("/api/admin/email-subscribers", { method: "POST", payload: { email: "nope" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please enter a valid email address");
  });
});

describe("PATCH /api/admin/email-subscribers/:id", () => {
  const patch = (id: string, payload: unknown) =>
    call(`/api/admin/email-subscribers/${id}`, { method: "PATCH", payload });

  it("edits names, segment and tags, and audits before and after", async () => {
    const s = await insertSubscriber({ firstName: "Old", tags: ["a"] });
    const res = await patch(s.id, { firstName: "New", lastName: "", segment: "approved", tags: ["b", "c"] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscriber).toMatchObject({
      firstName: "New",
      lastName: null,
      segment: "approved",
      tags: ["b", "c"],
    });
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, s.id), eq(auditLogs.action, "update")));
    expect(audit!.oldValues).toEqual({ firstName: "Old", segment: "general", tags: ["a"] });
    expect(audit!.newValues).toEqual({ firstName: "New", segment: "approved", tags: ["b", "c"] });
  });

  it("lets staff switch a preference off, even after the person chose their preferences", async () => {
    const s = await insertSubscriber({ preferencesUpdatedAt: new Date() });
    const res = await patch(s.id, { marketingEmails: false, systemNotifications: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscriber).toMatchObject({
      marketingEmails: false,
      systemNotifications: false,
      status: "active",
    });
  });

  it("refuses to switch a preference back on once the person changed their preferences", async () => {
    const s = await insertSubscriber({ marketingEmails: false, preferencesUpdatedAt: new Date() });
    const res = await patch(s.id, { marketingEmails: true, firstName: "Sneaky" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: optInRefusedMessage });
    const [row] = await t.app.db.select().from(emailSubscribers).where(eq(emailSubscribers.id, s.id));
    expect(row).toMatchObject({ marketingEmails: false, firstName: null });
  });

  it("refuses to switch anything on for someone unsubscribed or bounced, even if they never saved preferences", async () => {
    const unsubscribed = await insertSubscriber({
      status: "unsubscribed",
      globallyUnsubscribed: true,
      marketingEmails: false,
    });
    expect((await patch(unsubscribed.id, { marketingEmails: true })).statusCode).toBe(409);
    expect((await patch(unsubscribed.id, { unsubscribed: false })).statusCode).toBe(409);
    const bounced = await insertSubscriber({ status: "bounced", applicationEmails: false });
    expect((await patch(bounced.id, { applicationEmails: true })).statusCode).toBe(409);
    expect((await patch(bounced.id, { unsubscribed: false })).statusCode).toBe(409);
  });

  it("allows switching on for a contact who never touched their preferences", async () => {
    const s = await insertSubscriber({ marketingEmails: false });
    const res = await patch(s.id, { marketingEmails: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscriber.marketingEmails).toBe(true);
  });

  it("unsubscribes on staff's word, and unsubscribed:false on an active contact changes nothing", async () => {
    const s = await insertSubscriber();
    const noop = await patch(s.id, { unsubscribed: false });
    expect(noop.statusCode).toBe(200);
    expect(noop.json().subscriber).toMatchObject({ status: "active", globallyUnsubscribed: false });

    const res = await patch(s.id, { unsubscribed: true });
    expect(res.statusCode).toBe(200);
    const after = res.json().subscriber as AdminSubscriber;
    expect(after).toMatchObject({
      status: "unsubscribed",
      globallyUnsubscribed: true,
      unsubscribeReason: staffUnsubscribeReason,
    });
    expect(after.unsubscribedAt).not.toBeNull();
    // And from then on only the person can come back.
    expect((await patch(s.id, { unsubscribed: false })).statusCode).toBe(409);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await patch("00000000-0000-4000-8000-000000000000", { firstName: "x" })).statusCode).toBe(404);
    expect((await patch("not-a-uuid", { firstName: "x" })).statusCode).toBe(400);
  });
});

describe("DELETE /api/admin/email-subscribers/:id", () => {
  it("erases the contact and audits what was removed", async () => {
    const s = await insertSubscriber({ email: "erase@example.com" });
    const res = await call(`/api/admin/email-subscribers/${s.id}`, { method: "DELETE" });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await t.app.db.select().from(emailSubscribers).where(eq(emailSubscribers.id, s.id))).toEqual([]);
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, s.id), eq(auditLogs.action, "delete")));
    expect(audit!.oldValues).toMatchObject({ email: "erase@example.com" });
    expect((await call(`/api/admin/email-subscribers/${s.id}`, { method: "DELETE" })).statusCode).toBe(404);
  });
});
