import type { FastifyInstance } from "fastify";
import type { JobQueue } from "../../jobs/queue";
import { runRetentionSweep } from "./retention.service";

export const retentionSweepJob = "privacy.retention-sweep";
/** 03:15 UTC every day: quiet hours for Europe, and well clear of the 09:00 London reminders. */
export const retentionSweepCron = "15 3 * * *";

/**
 * A pg-boss cron schedule, not a timer in each process: pg-boss sends one job per tick however
 * many workers share the database, so the sweep (and its audit row) happens once a day. A day
 * missed while no worker ran is caught up by the next run: the sweep works from dates, not ticks.
 */
export async function registerRetentionJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  await queue.boss.createQueue(retentionSweepJob, { name: retentionSweepJob, policy: "short" });
  await queue.boss.schedule(retentionSweepJob, retentionSweepCron, {}, { tz: "UTC" });
  await queue.work(retentionSweepJob, async () => {
    try {
      const result = await runRetentionSweep(app.db, app.config.retention);
      app.log.info(result, "retention sweep");
    } catch (error) {
      app.log.error({ err: error }, "retention sweep failed");
      throw error;
    }
  });
}
