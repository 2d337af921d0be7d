import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../test/database-before-migration";
import type { Database } from "./client";

/**
 * Migration 0019 on a database that already has subscribers: the counters start from the rows
 * there, and the triggers keep them from then on (docs/decisions/023).
 */
let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await databaseBeforeMigration("0019_"));
});
afterAll(async () => close());

const counters = async () =>
  (
    await database.db.execute(
      sql`select status, segment, coalesce(source, '-') as source, sum(n)::int as n from email_subscriber_counts
          group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
    )
  ).rows.map((row) => ({ ...(row as object), n: Number((row as { n: number }).n) }));
const counted = async () =>
  (
    await database.db.execute(
      sql`select status, segment, coalesce(source, '-') as source, count(*)::int as n from email_subscribers
          group by 1, 2, 3 order by 1, 2, 3`,
    )
  ).rows.map((row) => ({ ...(row as object), n: Number((row as { n: number }).n) }));
const tagCounters = async () =>
  (
    await database.db.execute(
      sql`select tag, sum(n)::int as n from email_subscriber_tag_counts group by tag having sum(n) <> 0 order by tag`,
    )
  ).rows.map((row) => ({ tag: (row as { tag: string }).tag, n: Number((row as { n: number }).n) }));

describe("migration 0019 counts the subscribers already there", () => {
  it("starts the counters from the rows, then follows every write", async () => {
    await database.db.execute(
      sql`insert into email_subscribers (email, status, segment, source, tags) values
          ('a@example.com', 'active', 'waitlist', 'waitlist_form', '{vip,press}'),
          ('b@example.com', 'active', 'waitlist', 'waitlist_form', '{vip}'),
          ('c@example.com', 'unsubscribed', 'applicant', null, '{}')`,
    );
    await database.migrate();
    expect(await counters()).toEqual(await counted());
    expect(await tagCounters()).toEqual([
      { tag: "press", n: 1 },
      { tag: "vip", n: 2 },
    ]);

    await database.db.execute(sql`insert into email_subscribers (email, tags) values ('d@example.com', '{press}')`);
    await database.db.execute(
      sql`update email_subscribers set status = 'bounced', tags = '{}' where email = 'a@example.com'`,
    );
    await database.db.execute(sql`delete from email_subscribers where email = 'b@example.com'`);
    expect(await counters()).toEqual(await counted());
    expect(await tagCounters()).toEqual([{ tag: "press", n: 1 }]);
  });
});
