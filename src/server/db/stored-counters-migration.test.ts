import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findInvariantViolations } from "../demo/invariants";
import { databaseBeforeMigration } from "../test/database-before-migration";
import type { Database } from "./client";
import { emailCampaigns, emailMarketingTemplates, emailSends, emailSubscribers } from "./schema";

/**
 * Migration 0013 on a database from before it: template "used by" counts that were never lowered,
 * and campaign figures that missed bounces and unsubscribes reported after the send.
 */
let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await databaseBeforeMigration("0013_"));
});
afterAll(async () => close());

describe("migration 0013 recounts stored counters from their rows", () => {
  it("sets template use and campaign figures to what the rows say", async () => {
    const db = database.db;
    const [template, unused] = await db
      .insert(emailMarketingTemplates)
      .values([
        { name: "Monthly", subject: "s", content: "c", usageCount: 4 },
        { name: "Unused", subject: "s", content: "c", usageCount: 2 },
      ])
      .returning();
    const [campaign, draft] = await db
      .insert(emailCampaigns)
      .values([
        { name: "Sent", subject: "s", status: "sent", templateId: template!.id, totalRecipients: 3, delivered: 3 },
        { name: "Draft", subject: "s", templateId: template!.id },
      ])
      .returning();
    const subscribers = await db
      .insert(emailSubscribers)
      .values(["a", "b", "c"].map((name) => ({ email: `${name}@example.com` })))
      .returning();
    const at = new Date();
    await db.insert(emailSends).values([
      {
        campaignId: campaign!.id,
        subscriberId: subscribers[0]!.id,
        email: "a@example.com",
        status: "sent",
        sentAt: at,
      },
      {
        campaignId: campaign!.id,
        subscriberId: subscribers[1]!.id,
        email: "b@example.com",
        status: "bounced",
        sentAt: at,
        bouncedAt: at,
      },
      {
        campaignId: campaign!.id,
        subscriberId: subscribers[2]!.id,
        email: "c@example.com",
        status: "sent",
        sentAt: at,
        unsubscribedAt: at,
      },
    ]);
    expect((await findInvariantViolations(db)).join("\n")).toContain("used by 4 campaigns, but 2");

    await database.migrate();

    const templates = await db.select().from(emailMarketingTemplates);
    expect(templates.find((t) => t.id === template!.id)!.usageCount).toBe(2);
    expect(templates.find((t) => t.id === unused!.id)!.usageCount).toBe(0);
    const [sent] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign!.id));
    expect(sent).toMatchObject({ totalRecipients: 3, delivered: 2, bounced: 1, unsubscribed: 1, failed: 0 });
    const [unsent] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, draft!.id));
    expect(unsent).toMatchObject({ totalRecipients: 0, delivered: 0 });
    expect(await findInvariantViolations(db)).toEqual([]);
  });
});
