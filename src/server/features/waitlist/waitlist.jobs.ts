import type { FastifyInstance } from "fastify";
import type { JobQueue } from "../../jobs/queue";
import { formIntakeQueues, workFormIntake } from "../public-forms/form-intake.service";
import { fileWaitlistSubmission, mergeKnownWaitlistAddress, waitlistKnownAddressJob } from "./waitlist.service";

/**
 * The form's intake (each join filed from its sealed job) and the merge of a known address that
 * joined (stored by the filing's statement).
 */
export async function registerWaitlistJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  const ctx = { publicUrl: app.config.publicUrl, queue, cipher: app.fieldCipher };
  await workFormIntake(app, queue, formIntakeQueues.waitlist, (data, jobId) =>
    fileWaitlistSubmission(app.database, data, jobId, ctx),
  );
  await queue.work<Parameters<typeof mergeKnownWaitlistAddress>[1]>(
    waitlistKnownAddressJob,
    (data) => mergeKnownWaitlistAddress(app.db, data, ctx),
    { pollingIntervalSeconds: 1, batchSize: 10 },
  );
}
