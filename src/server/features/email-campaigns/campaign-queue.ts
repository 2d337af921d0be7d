import type { JobQueue } from "../../jobs/queue";

/** Fan-out: fixes a campaign's recipients (one email_sends row each), then starts the sender. */
export const campaignStartJob = "campaign.start";
/** Sends a campaign's pending rows in batches; at most one queued per campaign. */
export const campaignSendJob = "campaign.send";
/** Delivers one "[Test]" copy recorded in email_logs, with the campaign's From and headers. */
export const campaignTestSendJob = "campaign.test-send";

export type CampaignJobData = { campaignId: string };
export type CampaignTestSendJobData = { emailLogId: string };

const prepared = new WeakSet<JobQueue>();

/**
 * pg-boss's "short" policy keeps at most one *queued* job per singletonKey (the campaign id): a
 * sweep or a retry that asks again while one waits is dropped, while the running job may still
 * queue its own continuation. Created before any send, since a queue's policy is fixed at creation.
 */
export async function ensureCampaignQueues(queue: JobQueue): Promise<void> {
  if (prepared.has(queue)) return;
  await queue.boss.createQueue(campaignStartJob, { name: campaignStartJob, policy: "short" });
  await queue.boss.createQueue(campaignSendJob, { name: campaignSendJob, policy: "short" });
  prepared.add(queue);
}

/** A failing handler (database hiccup) is tried again; the work itself is idempotent. */
const retry = { retryLimit: 5, retryDelay: 10, retryBackoff: true };

export async function enqueueCampaignStart(queue: JobQueue, campaignId: string, startAfter?: Date): Promise<void> {
  await ensureCampaignQueues(queue);
  await queue.send<CampaignJobData>(
    campaignStartJob,
    { campaignId },
    { ...retry, singletonKey: campaignId, ...(startAfter ? { startAfter } : {}) },
  );
}

export async function enqueueCampaignSender(queue: JobQueue, campaignId: string, startAfter?: Date): Promise<void> {
  await ensureCampaignQueues(queue);
  await queue.send<CampaignJobData>(
    campaignSendJob,
    { campaignId },
    { ...retry, singletonKey: campaignId, ...(startAfter ? { startAfter } : {}) },
  );
}

export async function enqueueCampaignTestSend(queue: JobQueue, emailLogId: string): Promise<void> {
  // As the outbox does: a failed delivery is retried (30 s, then longer), the row stays "failed" after the last try.
  await queue.send<CampaignTestSendJobData>(
    campaignTestSendJob,
    { emailLogId },
    { retryLimit: 3, retryDelay: 30, retryBackoff: true },
  );
}
