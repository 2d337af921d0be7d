import type { FastifyInstance } from "fastify";
import type { JobQueue } from "../../jobs/queue";
import { applicationKnownAddressJob, completeKnownAddressApplication } from "./applications.service";

/** Subscribing and confirming an applicant whose address was known (stored by the form's statement). */
export async function registerApplicationJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  await queue.work<Parameters<typeof completeKnownAddressApplication>[1]>(
    applicationKnownAddressJob,
    (data) =>
      completeKnownAddressApplication(app.db, data, {
        publicUrl: app.config.publicUrl,
        queue,
        cipher: app.fieldCipher,
      }),
    { pollingIntervalSeconds: 1, batchSize: 10 },
  );
}
