/**
 * Exactly-once across a restart: a campaign is sending when the app stops (gracefully), and a new
 * app on the same database finishes it. Every eligible subscriber must receive exactly one message,
 * counted at a real SMTP server. Runs on PGlite (a data directory on disk) and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { openDatabase } from "../db/client";
import { emailCampaigns, emailLogs } from "../db/schema";
import { sendStatuses } from "../test/faults/campaign-drill";
import { insertSubscribers } from "../test/fixtures/email-campaigns";
import { type SmtpSink, startSmtpSink } from "../test/smtp-sink";
import { createTestDatabaseUrl } from "../test/test-database";
import { signedInAs } from "../test/test-sessions";
import { waitFor } from "../test/wait-for";

let sink: SmtpSink;
let databaseUrl: string | undefined;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ databaseUrl, drop } = await createTestDatabaseUrl());
  dataDir = mkdtempSync(join(tmpdir(), "campaign-restart-"));
});
afterAll(async () => {
  await sink?.close();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("campaign sending across a restart", () => {
  it("delivers exactly one message to every eligible subscriber and none to anyone else", async () => {
    const config = testConfig({
      databaseUrl,
      dataDir: databaseUrl ? "memory://" : dataDir,
      runWorker: true,
      smtpUrl: sink.url,
      emailRatePerSecond: 50,
      publicUrl: "https://retreat.example.com",
    });

    // First life: subscribers, a campaign, sending started, then a graceful stop part-way.
    const first = await buildApp(config);
    const eligible = await insertSubscribers(first.db, "eligible", 300, { segment: "waitlist" });
    const ineligible = [
      ...(await insertSubscribers(first.db, "unsubscribed", 10, { segment: "waitlist", globallyUnsubscribed: true })),
      ...(await insertSubscribers(first.db, "no-marketing", 10, { segment: "waitlist", marketingEmails: false })),
      ...(await insertSubscribers(first.db, "other-segment", 10, { segment: "applicant" })),
      ...(await insertSubscribers(first.db, "bounced", 10, { segment: "waitlist", status: "bounced" })),
      ...(await insertSubscribers(first.db, "complained", 5, { segment: "waitlist", status: "complained" })),
    ];
    const { cookie } = await signedInAs(first, "staff");
    const created = await first.inject({
      method: "POST",
      url: "/api/admin/email-campaigns",
      headers: { cookie },
      payload: {
        name: "Restart",
        subject: "News for {{ firstName }}",
        content: "Hello {{ firstName }}",
        targetSegments: ["waitlist"],
      },
    });
    expect(created.statusCode).toBe(201);
    const campaignId = created.json().id as string;
    const audience = await first.inject({
      method: "POST",
      url: "/api/admin/email-campaigns/audience",
      headers: { cookie },
      payload: { targetSegments: ["waitlist"] },
    });
    expect(audience.json().count).toBe(300);
    const sent = await first.inject({
      method: "POST",
      url: `/api/admin/email-campaigns/${campaignId}/send`,
      headers: { cookie },
      payload: {},
    });
    expect(sent.statusCode).toBe(200);

    await sink.waitForCount(60, 30_000);
    await first.close();
    const beforeRestart = sink.received.length;

    // Between the two lives: what was handed over is recorded, the rest waits, nothing is in limbo.
    const byStatus = await sendStatuses({ databaseUrl, dataDir: config.dataDir }, campaignId);
    expect(byStatus.sending ?? 0).toBe(0);
    expect(byStatus.sent).toBe(beforeRestart);
    expect(byStatus.pending).toBeGreaterThan(0);
    expect(byStatus.sent! + byStatus.pending!).toBe(300);
    const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
    try {
      const [campaign] = await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
      expect(campaign!.status).toBe("sending");
    } finally {
      await database.close();
    }
    expect(beforeRestart).toBeLessThan(300);

    // Second life: the worker's start-up sweep resumes the campaign.
    const second = await buildApp(config);
    try {
      await waitFor(
        async () => {
          const [row] = await second.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
          return row?.status === "sent";
        },
        "the campaign to finish after the restart",
        60_000,
      );

      const perRecipient = new Map<string, number>();
      for (const message of sink.received) {
        for (const to of message.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      }
      const duplicates = [...perRecipient].filter(([, n]) => n > 1);
      expect(duplicates).toEqual([]);
      expect(eligible.filter((s) => perRecipient.get(s.email) !== 1)).toEqual([]);
      expect(ineligible.filter((s) => perRecipient.has(s.email))).toEqual([]);
      expect(sink.received).toHaveLength(300);

      const [campaign] = await second.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
      expect(campaign).toMatchObject({ totalRecipients: 300, delivered: 300, failed: 0, bounced: 0 });
      expect(campaign!.sentAt).toBeInstanceOf(Date);
      const api = await second.inject({
        url: `/api/admin/email-campaigns/${campaignId}`,
        headers: { cookie: (await signedInAs(second, "staff")).cookie },
      });
      expect(api.json()).toMatchObject({ status: "sent", totalRecipients: 300, delivered: 300, pending: 0, failed: 0 });

      const logs = await second.db
        .select({ email: emailLogs.recipientEmail, status: emailLogs.status })
        .from(emailLogs)
        .where(eq(emailLogs.campaignId, campaignId));
      expect(logs).toHaveLength(300);
      expect(new Set(logs.map((l) => l.email)).size).toBe(300);
      expect(logs.every((l) => l.status === "sent")).toBe(true);
    } finally {
      await second.close();
    }
  }, 120_000);
});
