import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailCampaigns, emailSends, emailSubscribers } from "../../db/schema";
import { refreshCampaignCounters } from "./campaign-counters";
import { eligibilityCondition } from "./campaign-eligibility";

export type FanOutResult =
  /** The campaign is sending and its recipients are fixed (now or by an earlier run). */
  | { state: "sending"; inserted: number }
  /** Nothing to do: cancelled, already sent, deleted, or scheduled for later. */
  | { state: "skipped" };

/**
 * Fan-out: a scheduled or sending campaign becomes "sending" and gets one email_sends row per
 * eligible subscriber, written by ONE set-based INSERT ... SELECT (no subscriber list in memory).
 * Idempotent: the campaign row is locked, rows are only inserted when the campaign has none yet
 * (recipients are fixed at the first fan-out), and the unique (campaign, subscriber) pair makes a
 * second insert a no-op anyway.
 */
export async function fanOutCampaign(db: Db, campaignId: string, now = new Date()): Promise<FanOutResult> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId)).for("update");
    if (!campaign) return { state: "skipped" };
    if (campaign.status === "scheduled") {
      // A job that fires early (clock skew between workers) must not start a campaign before its time.
      if (campaign.scheduledAt && campaign.scheduledAt.getTime() > now.getTime() + 1000) return { state: "skipped" };
    } else if (campaign.status !== "sending") {
      return { state: "skipped" };
    }
    if (campaign.status !== "sending" || !campaign.startedAt) {
      await tx
        .update(emailCampaigns)
        .set({ status: "sending", startedAt: campaign.startedAt ?? now })
        .where(and(eq(emailCampaigns.id, campaignId)));
    }
    const [existing] = await tx
      .select({ id: emailSends.id })
      .from(emailSends)
      .where(eq(emailSends.campaignId, campaignId))
      .limit(1);
    if (existing) return { state: "sending", inserted: 0 };

    const result = await tx.execute(sql`
      with inserted as (
        insert into ${emailSends} (campaign_id, subscriber_id, email, status)
        select ${campaignId}::uuid, ${emailSubscribers.id}, ${emailSubscribers.email}, 'pending'
        from ${emailSubscribers}
        where ${eligibilityCondition(campaign)}
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from inserted`);
    await refreshCampaignCounters(tx, campaignId);
    return { state: "sending", inserted: (result.rows[0] as { n: number } | undefined)?.n ?? 0 };
  });
}
