import type { FastifyInstance } from "fastify";
import type { JobQueue } from "../../jobs/queue";
import { mergeKnownWaitlistAddress, waitlistKnownAddressJob } from "./waitlist.service";

/** The merge of a known address that joined through the form (stored by the form's statement). */
export async function registerWaitlistJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  await queue.work<Parameters<typeof mergeKnownWaitlistAddress>[1]>(
    waitlistKnownAddressJob,
    (data) =>
      mergeKnownWaitlistAddress(app.db, data, { publicUrl: app.config.publicUrl, queue, cipher: app.fieldCipher }),
    { pollingIntervalSeconds: 1, batchSize: 10 },
  );
}
