import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { createTestDatabaseUrl } from "../test/test-database";
import { startJobQueue } from "./queue";

describe("durable job queue", () => {
  it("runs a job enqueued before a restart after the restart", async () => {
    const { databaseUrl, drop } = await createTestDatabaseUrl();
    const dataDir = mkdtempSync(join(tmpdir(), "jobs-"));
    try {
      // First life: enqueue, no worker, shut down.
      const first = await openDatabase({ databaseUrl, dataDir });
      await first.migrate();
      const queue1 = await startJobQueue(first);
      const jobId = await queue1.send("test.durable", { value: 42 });
      expect(jobId).toBeTruthy();
      await queue1.stop();
      await first.close();

      // Second life: a worker picks the job up.
      const second = await openDatabase({ databaseUrl, dataDir });
      const queue2 = await startJobQueue(second);
      const received = await new Promise<{ data: { value: number }; id: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("job did not run after restart")), 20_000);
        void queue2.work<{ value: number }>(
          "test.durable",
          async (data, id) => {
            clearTimeout(timer);
            resolve({ data, id });
          },
          { pollingIntervalSeconds: 0.5 },
        );
      });
      expect(received).toEqual({ data: { value: 42 }, id: jobId });
      await queue2.stop();
      await second.close();
    } finally {
      await drop();
    }
  });
});
