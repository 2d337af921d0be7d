/**
 * What a kill -9 leaves on a PGlite directory, recovered at the next start without the delays
 * that protect live peers on PostgreSQL: an outbox row "sending" goes out again, a queued row
 * whose job was lost goes out now, and a campaign row in limbo is given up ("Interrupted", never
 * resent) so the campaign finishes. Deterministic: the rows are written as a killed process
 * leaves them, fresh timestamps included.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { emailCampaigns, emailLogs, emailSends } from "../../db/schema";
import { interruptedMessage } from "../../features/email-campaigns/campaign-sender";
import { insertSubscribers } from "../fixtures/email-campaigns";
import { type SmtpSink, startSmtpSink } from "../smtp-sink";
import { waitFor } from "../wait-for";
import { faultTestTimeoutMs } from "./fault-harness";

let sink: SmtpSink | undefined;
const dataDir = mkdtempSync(join(tmpdir(), "fault-recovery-"));
afterAll(async () => {
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("PGlite start-up after a crash", () => {
  it(
    "sends orphaned outbox rows at once and settles a campaign's rows in limbo",
    async () => {
      sink = await startSmtpSink();
      const config = testConfig({ dataDir, runWorker: false, smtpUrl: sink.url, emailRatePerSecond: 50 });

      // As a process killed mid-work leaves its database: no worker ran these rows to the end.
      const first = await buildApp(config);
      const message = { subject: "Your application", body: "<p>Hi</p>", textBody: "Hi", kind: "application_received" };
      await first.db.insert(emailLogs).values([
        { ...message, recipientEmail: "was-sending@example.com", status: "sending" },
        { ...message, recipientEmail: "lost-job@example.com", status: "queued" },
      ]);
      const [inLimbo, waiting] = await insertSubscribers(first.db, "limbo", 2, { segment: "waitlist" });
      const [campaign] = await first.db
        .insert(emailCampaigns)
        .values({ name: "Crash", subject: "News", content: "Hi", status: "sending", targetSegments: ["waitlist"] })
        .returning();
      await first.db.insert(emailSends).values([
        { campaignId: campaign!.id, subscriberId: inLimbo!.id, email: inLimbo!.email, status: "sending", attempts: 1 },
        { campaignId: campaign!.id, subscriberId: waiting!.id, email: waiting!.email, status: "pending" },
      ]);
      await first.close();

      const second = await buildApp({ ...config, runWorker: true });
      try {
        await waitFor(
          async () => {
            const [row] = await second.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign!.id));
            return row?.status === "sent" && sink!.received.length >= 3;
          },
          "recovery after the restart",
          15_000,
        );
        // The outbox is at-least-once: both transactional messages go out, once each here.
        expect(sink.to("was-sending@example.com")).toHaveLength(1);
        expect(sink.to("lost-job@example.com")).toHaveLength(1);
        // A campaign is at-most-once: the message in limbo is reported, not resent.
        expect(sink.to(inLimbo!.email)).toHaveLength(0);
        expect(sink.to(waiting!.email)).toHaveLength(1);
        const sends = await second.db.select().from(emailSends).where(eq(emailSends.campaignId, campaign!.id));
        expect(sends.find((s) => s.email === inLimbo!.email)).toMatchObject({
          status: "failed",
          errorMessage: interruptedMessage,
        });
        const logs = await second.db.select().from(emailLogs).where(eq(emailLogs.kind, "application_received"));
        expect(logs.map((l) => l.status)).toEqual(["sent", "sent"]);
      } finally {
        await second.close();
      }
    },
    faultTestTimeoutMs,
  );
});
