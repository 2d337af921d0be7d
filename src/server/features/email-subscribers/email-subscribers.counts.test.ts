/**
 * The subscribers list's summary, totals and tag counts come from counters the database keeps by
 * triggers (migration 0019, docs/decisions/023), not from counting every row per request. These
 * tests hold them to a real count after every kind of write, and check the totals a search gives.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SubscriberListResponse, SubscriberTagsResponse } from "../../../shared/schemas/email-subscribers";
import { exactCountLimit } from "../../db/list-totals";
import { emailSubscriberCounts, emailSubscribers, emailSubscriberTagCounts } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { counterRowsBeforeFold, foldCounters } from "./email-subscribers.service";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInAs(t.app, "staff")).cookie;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(emailSubscribers);
});

async function list(query = ""): Promise<SubscriberListResponse> {
  const res = await t.app.inject({ url: `/api/admin/email-subscribers${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function tags(): Promise<SubscriberTagsResponse["tags"]> {
  const res = await t.app.inject({ url: "/api/admin/email-subscribers/tags", headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tags;
}

const statuses = ["active", "unsubscribed", "bounced", "complained"] as const;
const segments = ["general", "waitlist", "applicant"] as const;
const sources = ["waitlist_form", "application_form", "admin_upload", null] as const;

/** n subscribers in one INSERT, spread over statuses, segments, sources and tags. */
async function insertMany(n: number, from: number, extra: Partial<typeof emailSubscribers.$inferInsert> = {}) {
  const rows = Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      email: `p${i}@example.com`,
      firstName: i % 2 ? "Ada" : "Grace",
      lastName: `Name${i}`,
      status: statuses[i % 4]!,
      segment: segments[i % 3]!,
      source: sources[i % 4]!,
      tags: i % 5 === 0 ? ["vip", "press"] : i % 5 === 1 ? ["vip"] : [],
      subscribedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      ...extra,
    };
  });
  await t.app.db.insert(emailSubscribers).values(rows);
}

/** What the list must say, counted the slow way from the rows themselves. */
async function expectCountsMatchRows() {
  const byStatus = await t.app.db
    .select({ status: emailSubscribers.status, n: sql<number>`count(*)::int` })
    .from(emailSubscribers)
    .groupBy(emailSubscribers.status);
  const counted = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]));
  const body = await list();
  expect(body.summary).toEqual({
    total: byStatus.reduce((sum, r) => sum + Number(r.n), 0),
    active: counted.active ?? 0,
    unsubscribed: counted.unsubscribed ?? 0,
    bounced: counted.bounced ?? 0,
    complained: counted.complained ?? 0,
  });
  for (const [filter, where] of [
    ["?segment=waitlist&pageSize=1", sql`segment = 'waitlist'`],
    ["?status=bounced&source=admin_upload&pageSize=1", sql`status = 'bounced' and source = 'admin_upload'`],
    [
      "?segment=applicant&status=active&source=waitlist_form&pageSize=1",
      sql`segment = 'applicant' and status = 'active' and source = 'waitlist_form'`,
    ],
    ["?tag=vip&pageSize=1", sql`tags @> array['vip']::text[]`],
    ["?tag=press&pageSize=1", sql`tags @> array['press']::text[]`],
  ] as const) {
    const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(emailSubscribers).where(where);
    const page = await list(filter);
    expect({ filter, total: page.total, estimate: page.totalIsEstimate }).toEqual({
      filter,
      total: Number(row!.n),
      estimate: false,
    });
  }
  const tagRows = await t.app.db.execute(
    sql`select tag, count(*)::int as count from email_subscribers, unnest(tags) as tag group by tag order by count(*) desc, tag`,
  );
  expect(await tags()).toEqual(
    (tagRows.rows as { tag: string; count: number }[]).map((r) => ({ tag: r.tag, count: Number(r.count) })),
  );
}

describe("subscriber counters", () => {
  it("match the rows after inserts, updates of every counted field, deletes, a rollback and a truncate", async () => {
    await insertMany(120, 0);
    await expectCountsMatchRows();

    // Status, segment, source and tags change; other updates change no count.
    await t.app.db.update(emailSubscribers).set({ status: "unsubscribed" }).where(sql`email like 'p1%'`);
    await t.app.db.update(emailSubscribers).set({ segment: "approved", source: null }).where(sql`email like 'p2%'`);
    await t.app.db
      .update(emailSubscribers)
      .set({ tags: ["press", "returning"] })
      .where(sql`email like 'p3%'`);
    await t.app.db.update(emailSubscribers).set({ lastEmailSent: new Date() });
    await expectCountsMatchRows();

    await t.app.db.delete(emailSubscribers).where(sql`email like 'p4%'`);
    await t.app.db.delete(emailSubscribers).where(eq(emailSubscribers.email, "p50@example.com"));
    await expectCountsMatchRows();

    // A write that rolls back takes its counts with it.
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.insert(emailSubscribers).values({ email: "gone@example.com", tags: ["vip"] });
        await tx.delete(emailSubscribers).where(sql`email like 'p6%'`);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await expectCountsMatchRows();

    await t.app.db.execute(sql`truncate email_subscribers cascade`);
    await insertMany(7, 1000);
    await expectCountsMatchRows();
  });

  it("fold many small writes into one row per group and keep the same counts", async () => {
    for (let i = 0; i < counterRowsBeforeFold + 20; i++) await insertMany(1, 2000 + i);
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(emailSubscriberCounts);
    expect(Number(before[0]!.n)).toBeGreaterThan(counterRowsBeforeFold);
    await expectCountsMatchRows();
    const groups = await t.app.db.execute(
      sql`select count(*)::int as n from (select distinct status, segment, source from email_subscribers) as g`,
    );
    const [after] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(emailSubscriberCounts);
    expect(Number(after!.n)).toBe(Number((groups.rows[0] as { n: number }).n));
    const [tagRows] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(emailSubscriberTagCounts);
    expect(Number(tagRows!.n)).toBe(2);
    await expectCountsMatchRows();
  });
});

describe("subscriber counters under concurrent writes", () => {
  // On PostgreSQL these really overlap on separate connections; on PGlite they take turns.
  it("stay exact while writers insert and folds run at the same time", async () => {
    await insertMany(counterRowsBeforeFold, 0);
    const writes = Array.from({ length: 40 }, (_, k) => insertMany(3, 10_000 + k * 3));
    const folds = Array.from({ length: 6 }, () => foldCounters(t.app.db));
    const reads = Array.from({ length: 4 }, () => list("?pageSize=1"));
    await Promise.all([...writes, ...folds, ...reads]);
    await expectCountsMatchRows();
  });
});

describe("list totals with a search", () => {
  it("are exact up to the limit and an estimate, flagged, beyond it, never above the total without the search", async () => {
    await insertMany(exactCountLimit + 300, 0, { status: "active" });
    await insertMany(40, 50_000, { firstName: "Zora", status: "unsubscribed", tags: ["vip"] });
    await t.app.db.execute(sql`analyze email_subscribers`);

    // Without a search every total is exact, however many match.
    const all = await list("?pageSize=10&page=3");
    expect(all).toMatchObject({ total: exactCountLimit + 340, totalIsEstimate: false });

    // Few matches: exact, also on a later page and beside other filters.
    expect(await list("?search=zora&pageSize=10&page=2")).toMatchObject({ total: 40, totalIsEstimate: false });
    expect(await list("?search=zora&tag=vip&status=unsubscribed&pageSize=10&page=2")).toMatchObject({
      total: 40,
      totalIsEstimate: false,
    });
    expect((await list("?search=zora&status=active")).total).toBe(0);

    // Many: an estimate, more than the limit, at most the total without the search.
    const many = await list("?search=p&pageSize=10&page=2");
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(exactCountLimit);
    expect(many.total).toBeLessThanOrEqual(exactCountLimit + 340);
    expect(many.items).toHaveLength(10);

    // A tag beside another filter is counted, exactly while few.
    expect(await list("?tag=vip&status=unsubscribed&pageSize=5&page=2")).toMatchObject({
      total: 40,
      totalIsEstimate: false,
    });
  });
});
