import { and, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { emailCampaigns, emailLogs, emailSends, emailSubscribers } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { refreshCampaignCounters } from "./campaign-counters";
import { prepareCampaign, recipientName, renderForRecipient } from "./campaign-message";
import { enqueueCampaignSender, enqueueCampaignStart } from "./campaign-queue";
import { interruptedMessage } from "./campaign-sender";

/** A row "sending" this long belongs to a process that died mid-send (a batch takes seconds). */
export const interruptedAfterMs = 10 * 60_000;

export type SweepResult = { interrupted: number; resumed: number; started: number };

/**
 * Recovery, on worker start and every minute:
 * - sends left "sending" by a killed process are marked failed, not retried: SMTP may have taken
 *   the message before the process died, and a duplicate is worse than one missed message;
 * - every campaign still "sending" gets its sender queued again (deduplicated per campaign);
 * - scheduled campaigns whose time has passed are started (their job may have been lost).
 */
export async function sweepCampaigns(
  deps: { db: Db; queue: JobQueue; log: FastifyBaseLogger; publicUrl: string },
  now = new Date(),
  interruptedAfter = interruptedAfterMs,
): Promise<SweepResult> {
  const interrupted = await failInterruptedSends(deps, now, interruptedAfter);

  const sending = await deps.db
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.status, "sending"));
  for (const { id } of sending) await enqueueCampaignSender(deps.queue, id);

  const due = await deps.db
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.status, "scheduled"), lte(emailCampaigns.scheduledAt, now)));
  for (const { id } of due) await enqueueCampaignStart(deps.queue, id);

  if (interrupted > 0 || due.length > 0) {
    deps.log.info({ interrupted, resumed: sending.length, started: due.length }, "campaign sweep");
  }
  return { interrupted, resumed: sending.length, started: due.length };
}

async function failInterruptedSends(
  deps: { db: Db; log: FastifyBaseLogger; publicUrl: string },
  now: Date,
  interruptedAfter: number,
): Promise<number> {
  const before = new Date(now.getTime() - interruptedAfter);
  const rows = await deps.db
    .update(emailSends)
    .set({ status: "failed", errorMessage: interruptedMessage, nextAttemptAt: null })
    .where(
      and(
        // Only campaigns that can have rows in flight: the (campaign_id, status) index answers this.
        inArray(
          emailSends.campaignId,
          deps.db
            .select({ id: emailCampaigns.id })
            .from(emailCampaigns)
            .where(inArray(emailCampaigns.status, ["sending", "cancelled"])),
        ),
        eq(emailSends.status, "sending"),
        lte(emailSends.updatedAt, before),
      ),
    )
    .returning({ campaignId: emailSends.campaignId, subscriberId: emailSends.subscriberId, email: emailSends.email });
  if (rows.length === 0) return 0;
  deps.log.warn({ count: rows.length }, "campaign messages interrupted mid-send marked failed");

  // Every message that failed has its email_logs row, with the content it would have had.
  for (const campaignId of new Set(rows.map((r) => r.campaignId))) {
    const [campaign] = await deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    if (!campaign) continue;
    const prepared = await prepareCampaign(deps.db, campaign, deps.publicUrl).catch(() => null);
    const ofCampaign = rows.filter((r) => r.campaignId === campaignId);
    const subscribers = await deps.db
      .select()
      .from(emailSubscribers)
      .where(
        inArray(
          emailSubscribers.id,
          ofCampaign.map((r) => r.subscriberId),
        ),
      );
    const values = [];
    for (const r of ofCampaign) {
      const subscriber = subscribers.find((s) => s.id === r.subscriberId);
      const rendered = prepared && subscriber ? await renderForRecipient(prepared, subscriber).catch(() => null) : null;
      values.push({
        recipientEmail: r.email,
        recipientName: subscriber ? recipientName(subscriber) : null,
        subject: rendered?.subject ?? campaign.subject,
        body: rendered?.html ?? null,
        textBody: rendered?.text ?? null,
        kind: "campaign",
        campaignId,
        status: "failed",
        errorMessage: interruptedMessage,
      });
    }
    await deps.db.insert(emailLogs).values(values);
    await refreshCampaignCounters(deps.db, campaignId);
  }
  return rows.length;
}
