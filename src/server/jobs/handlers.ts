import type { FastifyInstance } from "fastify";
import { registerEmailJobs } from "../email/email-jobs";
import { registerApplicationJobs } from "../features/applications/applications.jobs";
import { registerCampaignJobs } from "../features/email-campaigns/email-campaigns.jobs";
import { registerJourneyJobs } from "../features/journey/journey.jobs";
import { registerPaymentReminderJobs } from "../features/payment-reminders/payment-reminders.jobs";
import { registerPhotoJobs } from "../features/photos/photos.jobs";
import { registerPlaceJobs } from "../features/places/places.jobs";
import { registerRetentionJobs } from "../features/privacy/retention.jobs";
import { registerWaitlistJobs } from "../features/waitlist/waitlist.jobs";
import type { JobQueue } from "./queue";

/**
 * Registers every job handler this process runs. Features add their handlers here so the
 * worker's responsibilities are visible in one place.
 */
export async function registerJobHandlers(app: FastifyInstance, queue: JobQueue): Promise<void> {
  await queue.work<{ note?: string }>("system.ping", async (data) => {
    app.log.info({ note: data.note }, "system.ping job processed");
  });
  await registerEmailJobs(app, queue);
  await registerWaitlistJobs(app, queue);
  await registerApplicationJobs(app, queue);
  await registerCampaignJobs(app, queue);
  await registerPaymentReminderJobs(app, queue);
  await registerPlaceJobs(app, queue);
  await registerRetentionJobs(app, queue);
  await registerPhotoJobs(app, queue);
  await registerJourneyJobs(app, queue);
}
