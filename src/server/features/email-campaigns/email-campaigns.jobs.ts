import type { FastifyInstance } from "fastify";
import type { JobQueue } from "../../jobs/queue";
import { fanOutCampaign } from "./campaign-fanout";
import {
  type CampaignJobData,
  type CampaignTestSendJobData,
  campaignSendJob,
  campaignStartJob,
  campaignTestSendJob,
  enqueueCampaignSender,
  ensureCampaignQueues,
} from "./campaign-queue";
import { runCampaignSender, type SenderDeps } from "./campaign-sender";
import { sweepCampaigns } from "./campaign-sweep";
import { deliverCampaignTest } from "./campaign-test-send";
import { TokenBucket } from "./campaign-throttle";
import { createCampaignTransport } from "./campaign-transport";

const sweepIntervalMs = 60_000;

/**
 * The campaign worker: fan-out, sender and test-send jobs, and the recovery sweep (now and every
 * minute). On shutdown (preClose, before the queue stops) senders take no new batch, finish the
 * messages in hand and put the rest back, so a graceful stop leaves no row "sending".
 */
export async function registerCampaignJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  const transport = createCampaignTransport(app.config);
  let stopping = false;
  const wakers = new Set<() => void>();
  const running = new Set<Promise<unknown>>();

  const deps: SenderDeps = {
    db: app.db,
    transport,
    bucket: new TokenBucket(app.config.emailRatePerSecond),
    ratePerSecond: app.config.emailRatePerSecond,
    publicUrl: app.config.publicUrl,
    log: app.log,
    stopping: () => stopping,
    sleep: (ms) =>
      stopping
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const wake = () => {
              clearTimeout(timer);
              wakers.delete(wake);
              resolve();
            };
            const timer = setTimeout(wake, ms);
            wakers.add(wake);
          }),
    requeue: (campaignId, startAfter) => enqueueCampaignSender(queue, campaignId, startAfter),
  };

  /** Shutdown waits for these before closing the SMTP pool. */
  const track = async <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    try {
      return await work;
    } finally {
      running.delete(work);
    }
  };

  await ensureCampaignQueues(queue);
  // PGlite admits one process: rows left "sending" are a dead process's (kill -9). Settle them now,
  // before this process claims any, so the campaign can finish without the 10-minute wait.
  if (app.database.driver === "pglite") {
    await sweepCampaigns({ db: app.db, queue, log: app.log, publicUrl: app.config.publicUrl }, new Date(), 0);
  }
  await queue.work<CampaignJobData>(
    campaignStartJob,
    async ({ campaignId }) => {
      const result = await track(fanOutCampaign(app.db, campaignId));
      if (result.state === "sending") {
        app.log.info({ campaignId, recipients: result.inserted }, "campaign fan-out done");
        await enqueueCampaignSender(queue, campaignId);
      }
    },
    { pollingIntervalSeconds: 1 },
  );
  await queue.work<CampaignJobData>(
    campaignSendJob,
    async ({ campaignId }) => {
      const outcome = await track(runCampaignSender(deps, campaignId));
      app.log.debug({ campaignId, outcome }, "campaign sender run done");
    },
    { pollingIntervalSeconds: 1 },
  );
  await queue.work<CampaignTestSendJobData>(
    campaignTestSendJob,
    async ({ emailLogId }) => {
      await track(
        deliverCampaignTest(
          { db: app.db, transport, publicUrl: app.config.publicUrl, defaultFrom: app.config.emailFrom },
          emailLogId,
        ),
      );
    },
    { pollingIntervalSeconds: 1 },
  );

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = sweepCampaigns({ db: app.db, queue, log: app.log, publicUrl: app.config.publicUrl }).catch((error) =>
      app.log.error({ err: error }, "campaign sweep failed"),
    );
  };
  sweep();
  const timer = setInterval(sweep, sweepIntervalMs);
  timer.unref();

  app.addHook("preClose", async () => {
    stopping = true;
    clearInterval(timer);
    for (const wake of [...wakers]) wake();
  });
  app.addHook("onClose", async () => {
    stopping = true;
    clearInterval(timer);
    await sweeping;
    await Promise.allSettled([...running]);
    transport?.close();
  });
}
