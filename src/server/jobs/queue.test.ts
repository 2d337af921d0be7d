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
});
