import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { retreatDefaults } from "../../../shared/constants";
import { type Database, openDatabase } from "../../db/client";
import { retreats } from "../../db/schema";
import { seedBaseData } from "../../db/seed";
import { startJobQueue } from "../../jobs/queue";
import { createTestDatabaseUrl } from "../test-database";

/**
 * Processes of one deployment start together on an empty database: start-up steps that write
 * must not do their work twice. Each "process" here has its own connection pool on PostgreSQL.
 */
let drop: () => Promise<void>;
const databases: Database[] = [];

beforeAll(async () => {
  const test = await createTestDatabaseUrl();
  drop = test.drop;
  const first = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: "memory://" });
  databases.push(first);
  if (test.databaseUrl) {
    for (let i = 0; i < 3; i++)
      databases.push(await openDatabase({ databaseUrl: test.databaseUrl, dataDir: "memory://" }));
  }
  await first.migrate();
});
afterAll(async () => {
  for (const database of databases) await database.close();
  await drop?.();
});

it("seeds the demo retreat once when every process seeds at the same moment", async () => {
  const seeders = databases.length > 1 ? databases : [databases[0]!, databases[0]!, databases[0]!];
  await Promise.all(seeders.map((database) => seedBaseData(database.db)));
  const seeded = await databases[0]!.db.select().from(retreats).where(eq(retreats.name, retreatDefaults.name));
  expect(seeded).toHaveLength(1);
});

// PGlite is one process on one connection: its statements never run at the same moment.
it.skipIf(!process.env.TEST_DATABASE_URL)(
  "creates the job queues when several processes start theirs at once",
  async () => {
    const names = ["email.send", "campaign.start", "campaign.send", "campaign.test-send", "payments.reminder-sweep"];
    // pg-boss installs its schema under its own lock; start one first so the race is on the queues.
    const queues = [await startJobQueue(databases[0]!)];
    queues.push(...(await Promise.all(databases.slice(1).map((database) => startJobQueue(database)))));
    try {
      // Each process creates them in its own order, as their handlers register in different orders.
      await Promise.all(
        queues.map((queue, i) =>
          Promise.all([...names.slice(i), ...names.slice(0, i)].map((name) => queue.boss.createQueue(name))),
        ),
      );
      const created = await queues[0]!.boss.getQueues();
      const ours = created.map((q) => q.name).filter((name) => !name.startsWith("__pgboss__"));
      expect(ours.sort()).toEqual([...names].sort());
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
  },
);
