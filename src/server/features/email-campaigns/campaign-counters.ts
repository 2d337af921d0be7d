import { inArray, sql } from "drizzle-orm";
import { emailCampaigns, emailSends } from "../../db/schema";
import type { DbOrTx } from "../../db/types";

export type CampaignCounters = {
  totalRecipients: number;
  delivered: number;
  bounced: number;
  unsubscribed: number;
  failed: number;
  pending: number;
};

export const zeroCounters: CampaignCounters = {
  totalRecipients: 0,
  delivered: 0,
  bounced: 0,
  unsubscribed: 0,
  failed: 0,
  pending: 0,
};

/** One definition of each counter over a campaign's email_sends rows (the list and the stored columns agree). */
const counterColumns = {
  totalRecipients: sql<number>`count(*)::int`,
  delivered: sql<number>`(count(*) filter (where ${emailSends.status} = 'sent' and ${emailSends.bouncedAt} is null))::int`,
  bounced: sql<number>`(count(*) filter (where ${emailSends.status} = 'bounced' or ${emailSends.bouncedAt} is not null))::int`,
  unsubscribed: sql<number>`(count(*) filter (where ${emailSends.unsubscribedAt} is not null))::int`,
  failed: sql<number>`(count(*) filter (where ${emailSends.status} = 'failed'))::int`,
  pending: sql<number>`(count(*) filter (where ${emailSends.status} in ('pending', 'sending')))::int`,
};

/** Counters of several campaigns in one grouped query; campaigns without rows get zeros. */
export async function countersFor(db: DbOrTx, campaignIds: readonly string[]): Promise<Map<string, CampaignCounters>> {
  const result = new Map<string, CampaignCounters>();
  if (campaignIds.length === 0) return result;
  const rows = await db
    .select({ campaignId: emailSends.campaignId, ...counterColumns })
    .from(emailSends)
    .where(inArray(emailSends.campaignId, [...campaignIds]))
    .groupBy(emailSends.campaignId);
  for (const { campaignId, ...counters } of rows) result.set(campaignId, counters);
  return result;
}

/**
 * Copies the counters into the campaign row, so reports need not recount. Every write to a
 * campaign's email_sends rows calls it in the same transaction (sender, fan-out, sweep, provider
 * events, unsubscribe links). The row is locked first, in its own statement, so the count below
 * takes its snapshot after any concurrent writer holding the lock has committed: two writers
 * at once cannot leave a stale figure behind.
 */
export async function refreshCampaignCounters(db: DbOrTx, campaignId: string): Promise<void> {
  await db.execute(sql`select 1 from ${emailCampaigns} where ${emailCampaigns.id} = ${campaignId} for update`);
  await db.execute(sql`
    update ${emailCampaigns} set
      total_recipients = s.total_recipients,
      delivered = s.delivered,
      bounced = s.bounced,
      unsubscribed = s.unsubscribed,
      failed = s.failed,
      updated_at = now()
    from (
      select ${counterColumns.totalRecipients} as total_recipients, ${counterColumns.delivered} as delivered,
        ${counterColumns.bounced} as bounced, ${counterColumns.unsubscribed} as unsubscribed,
        ${counterColumns.failed} as failed
      from ${emailSends} where ${emailSends.campaignId} = ${campaignId}
    ) s
    where ${emailCampaigns.id} = ${campaignId}`);
}
