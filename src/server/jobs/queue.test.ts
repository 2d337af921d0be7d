import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { createTestDatabaseUrl } from "../test/test-database";
import { waitFor } from "../test/wait-for";
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

  it("in a batch, fails only the job that threw: the others complete and are not run again", async () => {
    const { databaseUrl, drop } = await createTestDatabaseUrl();
    const database = await openDatabase({ databaseUrl, dataDir: "memory://" });
    try {
      await database.migrate();
      const queue = await startJobQueue(database);
      const ids: string[] = [];
      for (const n of [1, 2, 3, 4]) {
        ids.push((await queue.send("test.batch", { n }, { retryLimit: 1, retryDelay: 60 }))!);
      }
      const runs: number[] = [];
      const allRan = new Promise<void>((resolve) => {
        void queue.work<{ n: number }>(
          "test.batch",
          async ({ n }) => {
            runs.push(n);
            if (runs.length === 4) setTimeout(resolve, 300);
            if (n === 3) throw new Error("job three breaks");
          },
          { pollingIntervalSeconds: 0.5, batchSize: 10 },
        );
      });
      await allRan;
      // pg-boss settles the batch after the handler returns: wait for the states to land.
      let states: Record<number, string> = {};
      for (let i = 0; i < 40; i++) {
        const jobs = await Promise.all(ids.map((id) => queue.boss.getJobById("test.batch", id)));
        states = Object.fromEntries(jobs.map((job) => [(job!.data as { n: number }).n, job!.state]));
        if (Object.values(states).every((state) => state !== "active")) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(states).toEqual({ 1: "completed", 2: "completed", 3: "retry", 4: "completed" });
      expect(runs.sort()).toEqual([1, 2, 3, 4]);
      await queue.stop();
    } finally {
      await database.close();
      await drop();
    }
  });

  it("with untilEmpty, works a backlog through batch after batch without waiting the interval between them", async () => {
    const { databaseUrl, drop } = await createTestDatabaseUrl();
    const database = await openDatabase({ databaseUrl, dataDir: "memory://" });
    try {
      await database.migrate();
      const queue = await startJobQueue(database, { queues: ["test.backlog", "test.paced"] });
      for (let n = 0; n < 8; n++) {
        await queue.send("test.backlog", { n });
        await queue.send("test.paced", { n });
      }
      const done = { backlog: 0, paced: 0 };
      const started = Date.now();
      // Four batches of two, a poll every 3 s: paced, the last batch comes 9 s after the first.
      const pace = { pollingIntervalSeconds: 3, batchSize: 2 };
      await queue.work("test.backlog", async () => void done.backlog++, { ...pace, untilEmpty: true });
      await queue.work("test.paced", async () => void done.paced++, pace);
      await waitFor(() => done.backlog === 8, "the backlog worked through", 5_000, 20);
      expect(Date.now() - started).toBeLessThan(3_000);
      // The paced queue (the outbox's kind) keeps its interval between batches.
      expect(done.paced).toBeLessThanOrEqual(4);
      await queue.stop();
    } finally {
      await database.close();
      await drop();
    }
  });

  it("wake takes a job just stored at once rather than at the next poll", async () => {
    const { databaseUrl, drop } = await createTestDatabaseUrl();
    const database = await openDatabase({ databaseUrl, dataDir: "memory://" });
    try {
      await database.migrate();
      const queue = await startJobQueue(database, { queues: ["test.wake"] });
      let ran = 0;
      await queue.work("test.wake", async () => void ran++, { pollingIntervalSeconds: 30 });
      // The worker's first poll found nothing; the next is 30 s away.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await queue.send("test.wake", {});
      const stored = Date.now();
      queue.wake("test.wake");
      await waitFor(() => ran === 1, "the woken worker to run the job", 5_000, 20);
      expect(Date.now() - stored).toBeLessThan(3_000);
      // A queue this process does not work: nothing to wake, no error.
      queue.wake("test.nobody");
      await queue.stop();
    } finally {
      await database.close();
      await drop();
    }
  });
});
