/**
 * kill -9 during a campaign send (campaign-restart.test.ts covers the graceful stop). The restarted
 * process finishes the campaign on its own; the sink counts what each subscriber received. The
 * promise (docs/decisions/006): nobody receives it twice; the messages in limbo at the kill (at
 * most one claimed batch) are marked failed "Interrupted", never resent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../smtp-sink";
import { createTestDatabaseUrl } from "../test-database";
import { type CampaignKillFigures, type CampaignTarget, runCampaignKill } from "./campaign-drill";
import { faultTestTimeoutMs, killAllServers } from "./fault-harness";

const recipients = 300;
/** EMAIL_RATE_PER_SECOND; a claimed batch is min(50, rate) rows. */
const ratePerSecond = 100;
const batchSize = 50;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function killDuringCampaign(target: CampaignTarget, ageRows: boolean): Promise<CampaignKillFigures> {
  const sink = await startSmtpSink({ keepRaw: false });
  cleanups.push(() => sink.close());
  const figures = await runCampaignKill(target, sink, {
    recipients,
    ratePerSecond,
    killAtFraction: 1 / 3,
    prefix: "campaign-kill",
    ageRows,
  });
  console.info(`campaign kill -9 (${target.databaseUrl ? "PostgreSQL" : "PGlite"}): ${JSON.stringify(figures)}`);
  return figures;
}

function expectThePromise(f: CampaignKillFigures) {
  // The kill landed mid-send: rows were still waiting, at most one batch was in limbo.
  expect(f.atKill.pending ?? 0).toBeGreaterThan(0);
  expect(f.atKill.sending ?? 0).toBeLessThanOrEqual(batchSize);
  // Nobody got the campaign twice; everybody got it once or is reported failed.
  expect(f.duplicates).toBe(0);
  expect(f.distinctRecipients + f.interrupted - f.interruptedButDelivered).toBe(recipients);
  // Exactly the rows in limbo were given up, each marked and visible in the outbox.
  expect(f.interrupted).toBe(f.atKill.sending ?? 0);
  expect(f.allInterruptedMarked).toBe(true);
  expect(f.outboxMatches).toBe(true);
  expect(f.campaign).toMatchObject({ status: "sent", delivered: recipients - f.interrupted, failed: f.interrupted });
}

describe("kill -9 during a campaign send", () => {
  it(
    "PGlite on disk: the restarted process finishes the campaign with no duplicate",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "fault-campaign-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      // One process per PGlite directory: rows in limbo are settled at start-up, no 10-minute wait.
      expectThePromise(await killDuringCampaign({ dataDir }, false));
    },
    faultTestTimeoutMs,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL (needs TEST_DATABASE_URL): finishes the campaign with no duplicate",
    async () => {
      const { databaseUrl, drop } = await createTestDatabaseUrl();
      cleanups.push(drop);
      // Another live worker may own a "sending" row on PostgreSQL, so the sweep waits 10 minutes
      // before giving one up: the rows are aged so the restart stands for one that late.
      expectThePromise(await killDuringCampaign({ databaseUrl, dataDir: "memory://" }, true));
    },
    faultTestTimeoutMs,
  );
});
