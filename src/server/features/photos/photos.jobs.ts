import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { JobQueue } from "../../jobs/queue";
import { encodePhoto } from "./photos.service";

export const encodeJob = "photos.encode";

type EncodeData = { photoId: string };

/**
 * Encoding is CPU work (seconds for a large photo): it runs in the job queue's worker, one photo
 * at a time and with one libvips thread, so a 2-core machine keeps answering requests meanwhile.
 */
export async function registerPhotoJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  sharp.concurrency(1);
  await queue.work<EncodeData>(encodeJob, async (data) => encodePhoto(app.db, data.photoId), {
    pollingIntervalSeconds: 1,
  });
}

/**
 * Queues the encoding of an upload. A process without a queue (PGlite with RUN_WORKER=false, as
 * tests run) encodes after the response instead, still off the request's path.
 */
export async function enqueueEncode(app: FastifyInstance, photoId: string): Promise<void> {
  if (app.queue) {
    await app.queue.send<EncodeData>(encodeJob, { photoId }, { retryLimit: 2 });
    return;
  }
  setImmediate(() => {
    encodePhoto(app.db, photoId).catch((error) => app.log.error({ err: error, photoId }, "photo encoding failed"));
  });
}
