import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, emailSubscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { subscriberExportColumns, subscriberExportFileName, subscribersCsvStream } from "./email-subscribers.export";

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await signedInAs(t.app, "staff");
  cookie = staff.cookie;
  userId = staff.user.id;
  await t.app.db.insert(emailSubscribers).values([
    {
      email: "ada@example.com",
      firstName: '=HYPERLINK("http://evil.example","Click")',
      lastName: "Lovelace, Countess",
      segment: "waitlist",
      source: "waitlist_form",
      tags: ["vip", "speaker"],
      marketingEmails: false,
      consentAt: new Date("2026-02-01T10:00:00Z"),
      consentIp: "203.0.113.7",
      subscribedAt: new Date("2026-02-01T10:00:00Z"),
    },
    {
      email: "alan@example.com",
      firstName: "Alan",
      segment: "applicant",
      source: "application_form",
      status: "unsubscribed",
      globallyUnsubscribed: true,
      unsubscribedAt: new Date("2026-03-01T09:00:00Z"),
      unsubscribeReason: "Too many emails",
      subscribedAt: new Date("2026-01-01T10:00:00Z"),
    },
  ]);
  // Many more than one batch of the keyset paging, all subscribed in the same instant.
  const same = new Date("2025-06-01T00:00:00.123456Z");
  const bulk = Array.from({ length: 2100 }, (_, i) => ({ email: `bulk${i}@example.com`, subscribedAt: same }));
  for (let i = 0; i < bulk.length; i += 700) await t.app.db.insert(emailSubscribers).values(bulk.slice(i, i + 700));
});
afterAll(async () => t.close());

function get(query = "") {
  return t.app.inject({ method: "GET", url: `/api/admin/email-subscribers/export${query}`, headers: { cookie } });
}
const records = (body: string) => parse(body, { bom: true, columns: true }) as Record<string, string>[];

describe("GET /api/admin/email-subscribers/export", () => {
  it("sends a dated CSV attachment, not cached, with a BOM, CRLF records and every column", async () => {
    const res = await get("?search=ada");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${subscriberExportFileName()}"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(
      res.body.startsWith(
        '\uFEFF"ID","Email","First name","Last name","Segment","Source","Status","Tags","Subscribed",',
      ),
    ).toBe(true);
    expect(res.body.split("\r\n")).toHaveLength(3);
    const [ada] = records(res.body);
    expect(Object.keys(ada!)).toEqual(subscriberExportColumns.map(([, header]) => header));
    expect(Object.keys(ada!)).toEqual([
      "ID",
      "Email",
      "First name",
      "Last name",
      "Segment",
      "Source",
      "Status",
      "Tags",
      "Subscribed",
      "Application emails",
      "Marketing emails",
      "System notifications",
      "Globally unsubscribed",
      "Preferences updated",
      "Unsubscribed at",
      "Unsubscribe reason",
      "Last email sent",
      "Consent at",
      "Consent IP",
    ]);
    expect(ada).toMatchObject({
      Email: "ada@example.com",
      // Neutralised: a spreadsheet shows the text instead of running the formula.
      "First name": '\'=HYPERLINK("http://evil.example","Click")',
      "Last name": "Lovelace, Countess",
      Segment: "waitlist",
      Source: "waitlist_form",
      Status: "active",
      Tags: "vip; speaker",
      Subscribed: "2026-02-01T10:00:00.000Z",
      "Application emails": "yes",
      "Marketing emails": "no",
      "Globally unsubscribed": "no",
      "Preferences updated": "",
      "Consent at": "2026-02-01T10:00:00.000Z",
      "Consent IP": "203.0.113.7",
    });
  });

  it("applies the list's filters", async () => {
    const unsubscribed = records((await get("?status=unsubscribed")).body);
    expect(unsubscribed.map((r) => r.Email)).toEqual(["alan@example.com"]);
    expect(unsubscribed[0]).toMatchObject({
      "Globally unsubscribed": "yes",
      "Unsubscribed at": "2026-03-01T09:00:00.000Z",
      "Unsubscribe reason": "Too many emails",
    });
    expect(records((await get("?tag=speaker")).body).map((r) => r.Email)).toEqual(["ada@example.com"]);
    expect(records((await get("?segment=applicant&source=application_form")).body)).toHaveLength(1);
    expect(records((await get("?search=BULK209")).body)).toHaveLength(11);
    expect((await get("?status=nope")).statusCode).toBe(400);
  });

  it("writes every row exactly once across batches, newest first, even when subscribed in the same instant", async () => {
    const all = records((await get()).body);
    expect(all).toHaveLength(2102);
    expect(all.slice(0, 2).map((r) => r.Email)).toEqual(["ada@example.com", "alan@example.com"]);
    expect(new Set(all.map((r) => r.ID)).size).toBe(2102);
    // Same instant: the id decides, descending.
    const bulkIds = all.slice(2).map((r) => r.ID!);
    expect(bulkIds).toEqual([...bulkIds].sort().reverse());
  });

  it("records who exported what in the audit trail", async () => {
    await get("?segment=waitlist");
    const rows = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "export"), eq(auditLogs.entityType, "email_subscriber")));
    const mine = rows.filter(
      (r) => (r.newValues as { filters?: { segment?: string } }).filters?.segment === "waitlist",
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.userId).toBe(userId);
  });

  it("streams in batches from the service too", async () => {
    const chunks: Buffer[] = [];
    const stream = subscribersCsvStream(t.app.db, {
      search: "",
      segment: "all",
      status: "all",
      source: "all",
      tag: "",
    });
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    expect(records(Buffer.concat(chunks).toString("utf8"))).toHaveLength(2102);
  });
});
