import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabaseUrl } from "../test/test-database";
import { type Database, migrationsApplied, openDatabase } from "./client";
import { allTables, emailSubscribers, users } from "./schema";

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const target = await createTestDatabaseUrl();
  drop = target.drop;
  database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: "memory://" });
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe("schema and migrations", () => {
  it("creates every table of the spec's full data schema", async () => {
    const result = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = result.rows.map((r) => (r as { table_name: string }).table_name);
    for (const table of [
      "users",
      "retreats",
      "applications",
      "budget_items",
      "budget_adjustments",
      "expenses",
      "vendor_payments",
      "staff_members",
      "accommodation_bookings",
      "participant_revenue",
      "financial_reports",
      "booking_types",
      "payments",
      "payment_plans",
      "payment_reminders",
      "retreat_sessions",
      "vendors",
      "vendor_bookings",
      "rooms",
      "room_assignments",
      "tasks",
      "task_templates",
      "email_templates",
      "email_logs",
      "documents",
      "audit_logs",
      "settings",
      "interviews",
      "calendly_events",
      "jitsi_rooms",
      "interview_availability",
      "interview_blocks",
      "travel_compliance_forms",
      "email_subscribers",
      "email_campaigns",
      "email_marketing_templates",
      "email_sends",
      "sessions",
      "password_tokens",
    ]) {
      expect(names, table).toContain(table);
    }
    // The spec's 38 tables plus password_tokens (docs/decisions/002-schema-additions.md).
    expect(Object.keys(allTables)).toHaveLength(39);
  });

  it("applying migrations twice is harmless", async () => {
    await database.migrate();
    expect(await migrationsApplied(database)).toBe(true);
  });

  it("generates uuid ids and applies the spec's defaults", async () => {
    const [user] = await database.db.insert(users).values({ email: "Ada@Example.com" }).returning();
    expect(user!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user!.role).toBe("staff");
    expect(user!.isActive).toBe(true);
    expect(user!.permissions).toEqual({});
    const [subscriber] = await database.db.insert(emailSubscribers).values({ email: "sub@example.com" }).returning();
    expect(subscriber!.segment).toBe("applicant");
    expect(subscriber!.status).toBe("active");
    expect(subscriber!.unsubscribeToken.length).toBeGreaterThanOrEqual(32);
    expect(subscriber!.tags).toEqual([]);
  });

  it("treats emails as unique regardless of case", async () => {
    await expect(database.db.insert(users).values({ email: "ada@example.COM" })).rejects.toThrow();
    await expect(database.db.insert(emailSubscribers).values({ email: "SUB@example.com" })).rejects.toThrow();
  });
});
