import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../test/database-before-migration";
import type { Database } from "./client";
import { emailLogs } from "./schema";

/**
 * Migration 0010 on a database from before it: messages stored then carried working credential
 * links in full, and a dump or the outbox would still show them after the upgrade.
 */
let database: Database;
let close: () => Promise<void>;

const token = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";
const pay = `3f2504e0-4f89-41d3-9a0c-0305e82c3301.${token}`;
const legacy = {
  setPassword: `https://x.example/set-password/${token}`,
  booking: `https://x.example/interview/book/${token}`,
  offer: `https://x.example/place-offer/${token}`,
  pay: `https://x.example/api/pay/${pay}`,
};
const kept = `https://x.example/email/preferences/${"P".repeat(43)} https://x.example/travel-form/3f2504e0-4f89-41d3-9a0c-0305e82c3301`;

beforeAll(async () => {
  ({ database, close } = await databaseBeforeMigration("0010_"));
});
afterAll(async () => close());

describe("migration 0010 on messages stored with working links", () => {
  it("removes every credential token from stored bodies, keeping the rest and the spec's own links", async () => {
    const rows = Object.entries(legacy).map(([name, url]) => ({
      recipientEmail: `${name}@example.com`,
      subject: name,
      body: `<p><a href="${url}">${url}</a></p><p>${kept}</p>`,
      textBody: `Open ${url}\n${kept}`,
      status: name === "booking" ? "queued" : "sent",
    }));
    // Raw SQL: the schema in code already has the column 0010 adds.
    for (const row of rows) {
      await database.db.execute(
        sql`insert into email_logs (recipient_email, subject, body, text_body, status)
            values (${row.recipientEmail}, ${row.subject}, ${row.body}, ${row.textBody}, ${row.status})`,
      );
    }

    await database.migrate();

    const after = await database.db.select().from(emailLogs);
    expect(after).toHaveLength(rows.length);
    for (const row of after) {
      const stored = `${row.body} ${row.textBody}`;
      expect(stored, row.subject).not.toContain(token);
      expect(stored, row.subject).toContain("/link-removed");
      expect(row.textBody, row.subject).toContain(kept);
    }
    const [setPassword] = await database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.recipientEmail, "setPassword@example.com"));
    expect(setPassword!.textBody).toBe(`Open https://x.example/set-password/link-removed\n${kept}`);
  });
});
