import type { FastifyInstance } from "fastify";
import type { JobQueue } from "../../jobs/queue";
import { formIntakeQueues, workFormIntake } from "../public-forms/form-intake.service";
import {
  applicationKnownAddressJob,
  completeKnownAddressApplication,
  fileApplicationSubmission,
} from "./applications.service";

/**
 * The form's intake (each application filed from its sealed job), and subscribing and confirming
 * an applicant whose address was known (stored by the filing's statement).
 */
export async function registerApplicationJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  const ctx = { publicUrl: app.config.publicUrl, queue, cipher: app.fieldCipher };
  await workFormIntake(app, queue, formIntakeQueues.application, (data, jobId) =>
    fileApplicationSubmission(app.database, data, jobId, ctx),
  );
  await queue.work<Parameters<typeof completeKnownAddressApplication>[1]>(
    applicationKnownAddressJob,
    (data) => completeKnownAddressApplication(app.db, data, ctx),
    { pollingIntervalSeconds: 1, batchSize: 10 },
  );
}
