import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemTemplates } from "../email/system-templates";
import { databaseBeforeMigration } from "../test/database-before-migration";
import type { Database } from "./client";

/**
 * Migration 0021 on a database from before it: the default waitlist welcome row held the built-in
 * text that named "Bali 2026", which a first season in another year sent as it was.
 */
let database: Database;
let close: () => Promise<void>;

const earlier = {
  subject: "You're on the waitlist for Bali 2026",
  body: `# Thank you, {{ firstName }}!

You're now on our priority waitlist for Bali 2026 updates.

We'll write as soon as the exact dates in May 2026 are announced, and you'll hear about future retreats before anyone else.

Ready sooner? [Apply now]({{ applyUrl }}). It takes about five minutes.`,
};

beforeAll(async () => {
  ({ database, close } = await databaseBeforeMigration("0021_"));
});
afterAll(async () => close());

type Row = { name: string; retreat_id: string | null; subject: string; body: string };

const rows = async () =>
  (await database.db.execute(sql`select name, retreat_id, subject, body from email_templates order by subject`))
    .rows as Row[];

describe("migration 0021 on the earlier waitlist welcome", () => {
  it("gives the unedited default the text without a year, and leaves edited rows and seasons' copies alone", async () => {
    const [retreat] = (
      await database.db.execute(
        sql`insert into retreats (name, status) values ('Bali Vegan Activism Retreat 2026', 'open') returning id`,
      )
    ).rows as { id: string }[];
    await database.db.execute(
      sql`insert into email_templates (name, subject, body, is_active) values ('waitlist_welcome', ${earlier.subject}, ${earlier.body}, true)`,
    );
    // A season's own copy with the same words: that season's staff chose them.
    await database.db.execute(
      sql`insert into email_templates (name, retreat_id, subject, body, is_active)
          values ('waitlist_welcome', ${retreat!.id}, ${earlier.subject}, ${earlier.body}, true)`,
    );
    // Another message's default that happens to name the year: not this migration's.
    await database.db.execute(
      sql`insert into email_templates (name, subject, body, is_active) values ('travel_received', 'Travel for Bali 2026', 'Edited', true)`,
    );

    await database.migrate();

    const after = await rows();
    const welcomeDefault = after.find((row) => row.name === "waitlist_welcome" && row.retreat_id === null)!;
    expect(welcomeDefault).toMatchObject({
      subject: systemTemplates.waitlist_welcome.subject,
      body: systemTemplates.waitlist_welcome.body,
    });
    expect(`${welcomeDefault.subject} ${welcomeDefault.body}`).not.toMatch(/20\d\d/);
    expect(after.find((row) => row.name === "waitlist_welcome" && row.retreat_id === retreat!.id)).toMatchObject(
      earlier,
    );
    expect(after.find((row) => row.name === "travel_received")).toMatchObject({ subject: "Travel for Bali 2026" });
  });

  it("leaves an edited default as staff wrote it", async () => {
    await database.db.execute(sql`delete from email_templates`);
    // Run again on an edited default: the migration's statement is what runs (it is idempotent SQL).
    const edited = { subject: earlier.subject, body: `${earlier.body}\n\nSee you in Ubud!` };
    await database.db.execute(
      sql`insert into email_templates (name, subject, body, is_active) values ('waitlist_welcome', ${edited.subject}, ${edited.body}, true)`,
    );
    const migration = readFileSync(
      new URL("./migrations/0021_waitlist_welcome_without_year.sql", import.meta.url),
      "utf8",
    );
    await database.db.execute(sql.raw(migration));
    expect((await rows())[0]).toMatchObject(edited);
  });
});
