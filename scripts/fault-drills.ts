/**
 * Fault drills with figures (npm run faults), beyond what npm test can afford:
 *
 *   npm run faults                      every drill
 *   npm run faults -- pg-restart        one or more by name: pg-restart, kill-submissions,
 *                                       kill-campaign, kill-migration
 *
 * PostgreSQL drills use FAULTS_DATABASE_URL or TEST_DATABASE_URL (a fresh database is created
 * and dropped for each); without either they are skipped. "pg-restart" restarts the local
 * PostgreSQL cluster with pg_ctlcluster (never run it against a shared server; it is not part of
 * npm test for that reason). Results are printed and written to FAULTS_REPORT (JSON) when set.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrationsApplied, openDatabase } from "../src/server/db/client";
import { runCampaignKill } from "../src/server/test/faults/campaign-drill";
import {
  burstThenKill,
  currentRetreatId,
  killAllServers,
  migrateChild,
  type ServerOptions,
  type SubmissionOutcome,
  startServer,
  submitApplication,
} from "../src/server/test/faults/fault-harness";
import { auditSubmissions } from "../src/server/test/faults/submission-audit";
import { type SmtpSink, startSmtpSink } from "../src/server/test/smtp-sink";

const baseUrl = process.env.FAULTS_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const report: Record<string, unknown> = { date: new Date().toISOString() };

function log(line: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
}

async function freshPostgres(): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  if (!baseUrl) throw new Error("no PostgreSQL URL");
  const name = `rhq_faults_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function perAddress(sink: SmtpSink, prefix: string) {
  const counts = new Map<string, number>();
  for (const m of sink.received)
    for (const to of m.to) if (to.startsWith(prefix)) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

/** kill -9 during bursts of submissions, `rounds` times on one database, then a full audit. */
async function killSubmissions(driver: "pglite" | "postgres", rounds: number) {
  const sink = await startSmtpSink({ keepRaw: false });
  const dataDir = mkdtempSync(join(tmpdir(), "drill-submit-"));
  const pgdb = driver === "postgres" ? await freshPostgres() : undefined;
  const options: ServerOptions = { databaseUrl: pgdb?.databaseUrl, dataDir, smtpUrl: sink.url };
  const prefix = `drill-${driver}`;
  const outcomes: SubmissionOutcome[] = [];
  const restartMs: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const killAfterAccepted = 10 + Math.floor(Math.random() * 40);
      const burst = await burstThenKill(options, `${prefix}-r${round}`, {
        count: 400,
        concurrency: 10,
        killAfterAccepted,
      });
      outcomes.push(...burst.outcomes);
      const started = Date.now();
      const server = await startServer(options);
      restartMs.push(Date.now() - started);
      log(
        `${driver} round ${round + 1}: killed after ${killAfterAccepted} accepted; ` +
          `${burst.outcomes.filter((o) => o.status === 201).length} accepted, ` +
          `${burst.outcomes.filter((o) => o.status === "no-reply").length} unanswered; restart ready in ${restartMs.at(-1)} ms`,
      );
      if (round < rounds - 1) await server.stop();
      else {
        // Let the backlog of confirmations drain (about one a second per worker process).
        const stored = outcomes.filter((o) => o.status === 201).length;
        const deadline = Date.now() + Math.max(60_000, stored * 2_000);
        while (Date.now() < deadline && perAddress(sink, prefix).size < stored) await sleep(500);
        await sleep(3_000);
        await server.stop();
      }
    }
    const database = await openDatabase({ databaseUrl: pgdb?.databaseUrl, dataDir });
    const audit = await auditSubmissions(database.db, prefix, outcomes).finally(() => database.close());
    const delivered = perAddress(sink, prefix);
    const figures = {
      rounds,
      submissions: outcomes.length,
      ...audit,
      acceptedMissing: audit.acceptedMissing.length,
      halfStored: audit.halfStored.length,
      duplicated: audit.duplicated.length,
      restartMs,
      confirmationsDelivered: delivered.size,
      deliveredTwice: [...delivered.values()].filter((n) => n > 1).length,
    };
    log(`${driver} kill-submissions: ${JSON.stringify(figures)}`);
    report[`kill-submissions-${driver}`] = figures;
  } finally {
    await killAllServers();
    await sink.close();
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL restarted while clients submit; the app is not restarted. */
async function pgRestart() {
  const clusters = readdirSync("/etc/postgresql");
  const sink = await startSmtpSink({ keepRaw: false });
  const pgdb = await freshPostgres();
  const prefix = "drill-pgrestart";
  const server = await startServer({ databaseUrl: pgdb.databaseUrl, smtpUrl: sink.url });
  try {
    const retreatId = await currentRetreatId(server.url);
    const t0 = Date.now();
    const outcomes: (SubmissionOutcome & { startedAt: number; endedAt: number })[] = [];
    const readiness: { at: number; status: number | "no-reply" }[] = [];
    let stop = false;
    let i = 0;
    const client = async () => {
      while (!stop) {
        const startedAt = Date.now() - t0;
        const outcome = await submitApplication(server.url, retreatId, `${prefix}-${i++}@example.com`, 10_000);
        outcomes.push({ ...outcome, startedAt, endedAt: Date.now() - t0 });
        await sleep(100);
      }
    };
    const probe = async () => {
      while (!stop) {
        const at = Date.now() - t0;
        const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
        readiness.push({ at, status: res?.status ?? "no-reply" });
        await sleep(250);
      }
    };
    const load = Promise.all([client(), client(), client(), probe()]);
    await sleep(5_000);
    const restartStart = Date.now() - t0;
    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", clusters[0]!, "main", "restart"], { stdio: "ignore" });
    const restartEnd = Date.now() - t0;
    log(`PostgreSQL restarted (${restartEnd - restartStart} ms for pg_ctlcluster)`);
    await sleep(15_000);
    stop = true;
    await load;

    const failures = outcomes.filter((o) => o.status !== 201);
    const lastFailureEnd = Math.max(restartStart, ...failures.map((o) => o.endedAt));
    const firstSuccessAfter = outcomes
      .filter((o) => o.status === 201 && o.startedAt >= lastFailureEnd - 1)
      .sort((a, b) => a.endedAt - b.endedAt)[0];
    const notReady = readiness.filter((r) => r.status !== 200);
    const figures = {
      submissions: outcomes.length,
      accepted: outcomes.filter((o) => o.status === 201).length,
      failed: failures.length,
      failuresByStatus: failures.reduce<Record<string, number>>((acc, o) => {
        acc[String(o.status)] = (acc[String(o.status)] ?? 0) + 1;
        return acc;
      }, {}),
      pgCtlMs: restartEnd - restartStart,
      firstFailureMs: failures.length ? Math.min(...failures.map((o) => o.startedAt)) - restartStart : null,
      lastFailureMs: failures.length ? lastFailureEnd - restartStart : null,
      recoveredAfterMs: firstSuccessAfter ? firstSuccessAfter.endedAt - restartStart : null,
      readyzNotReadyProbes: notReady.length,
      readyzNotReadyWindowMs: notReady.length
        ? [notReady[0]!.at - restartStart, notReady.at(-1)!.at - restartStart]
        : null,
      maxLatencyMs: Math.max(...outcomes.map((o) => o.ms)),
      /** Requests in flight while PostgreSQL was down: how long they took. */
      spanningOutageMs: outcomes
        .filter((o) => o.startedAt <= restartEnd && o.endedAt >= restartStart)
        .map((o) => `${o.status}:${o.ms}`),
      serverErrorLogLines: server
        .output()
        .split("\n")
        .filter((line) => /"level":50/.test(line)).length,
    };

    // Every accepted submission stored, and the job queue (its own pool) recovered too: every
    // confirmation goes out without restarting the app.
    const accepted = figures.accepted;
    const deadline = Date.now() + Math.max(90_000, accepted * 2_000);
    while (Date.now() < deadline && perAddress(sink, prefix).size < accepted) await sleep(500);
    const database = await openDatabase({ databaseUrl: pgdb.databaseUrl, dataDir: "memory://" });
    const audit = await auditSubmissions(database.db, prefix, outcomes).finally(() => database.close());
    const delivered = perAddress(sink, prefix);
    const result = {
      ...figures,
      acceptedMissing: audit.acceptedMissing.length,
      halfStored: audit.halfStored.length,
      duplicated: audit.duplicated.length,
      unanswered: audit.unanswered,
      unansweredStored: audit.unansweredStored,
      confirmationRows: audit.emailStatus,
      confirmationsDelivered: delivered.size,
      deliveredTwice: [...delivered.values()].filter((n) => n > 1).length,
      confirmationsDrainedMs: Date.now() - t0 - restartEnd,
    };
    log(`pg-restart: ${JSON.stringify(result)}`);
    report["pg-restart"] = result;
  } finally {
    await killAllServers();
    await sink.close();
    await pgdb.drop();
  }
}

async function killCampaign(driver: "pglite" | "postgres") {
  const sink = await startSmtpSink({ keepRaw: false });
  const dataDir = mkdtempSync(join(tmpdir(), "drill-campaign-"));
  const pgdb = driver === "postgres" ? await freshPostgres() : undefined;
  try {
    const figures = await runCampaignKill(
      { databaseUrl: pgdb?.databaseUrl, dataDir: pgdb ? "memory://" : dataDir },
      sink,
      { recipients: 2000, ratePerSecond: 200, killAtFraction: 0.4, prefix: "drill-campaign", ageRows: !!pgdb },
    );
    log(`${driver} kill-campaign: ${JSON.stringify(figures)}`);
    report[`kill-campaign-${driver}`] = figures;
  } finally {
    await killAllServers();
    await sink.close();
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function killMigration(driver: "pglite" | "postgres", iterations: number) {
  const root = mkdtempSync(join(tmpdir(), "drill-migrate-"));
  const drops: (() => Promise<void>)[] = [];
  try {
    let n = 0;
    let template = "";
    if (driver === "pglite") {
      template = join(root, "template");
      mkdirSync(template, { recursive: true });
      const pglite = new PGlite(join(template, "pglite"));
      await pglite.waitReady;
      await pglite.close();
    }
    const fresh = async () => {
      if (driver === "postgres") {
        const db = await freshPostgres();
        drops.push(db.drop);
        return { databaseUrl: db.databaseUrl, dataDir: "memory://" };
      }
      const dataDir = join(root, `db-${n++}`);
      execFileSync("cp", ["-a", template, dataDir]);
      return { dataDir };
    };
    const calibration = await migrateChild(await fresh());
    let during = 0;
    let usable = 0;
    for (let i = 0; i < iterations; i++) {
      const db = await fresh();
      const run = await migrateChild(db, Math.floor(Math.random() * calibration.ms * 0.9));
      if (run.started && !run.finished) during += 1;
      const database = await openDatabase({
        databaseUrl: "databaseUrl" in db ? db.databaseUrl : undefined,
        dataDir: db.dataDir,
      });
      try {
        await database.migrate();
        if (await migrationsApplied(database)) {
          await database.db.execute(sql`select count(*) from applications`);
          usable += 1;
        }
      } finally {
        await database.close();
      }
    }
    const figures = { iterations, migrationMs: calibration.ms, killedMidMigration: during, usableAfterRerun: usable };
    log(`${driver} kill-migration: ${JSON.stringify(figures)}`);
    report[`kill-migration-${driver}`] = figures;
  } finally {
    for (const drop of drops) await drop();
    rmSync(root, { recursive: true, force: true });
  }
}

const drills: Record<string, () => Promise<void>> = {
  "kill-migration": async () => {
    await killMigration("pglite", 5);
    if (baseUrl) await killMigration("postgres", 10);
  },
  "kill-submissions": async () => {
    await killSubmissions("pglite", 3);
    if (baseUrl) await killSubmissions("postgres", 3);
  },
  "kill-campaign": async () => {
    await killCampaign("pglite");
    if (baseUrl) await killCampaign("postgres");
  },
  "pg-restart": async () => {
    if (!baseUrl) return log("pg-restart skipped: set FAULTS_DATABASE_URL or TEST_DATABASE_URL");
    await pgRestart();
  },
};

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(drills);
try {
  for (const name of wanted) {
    const drill = drills[name];
    if (!drill) throw new Error(`unknown drill ${name}; choose from ${Object.keys(drills).join(", ")}`);
    log(`drill ${name}`);
    await drill();
  }
} finally {
  await killAllServers();
  if (process.env.FAULTS_REPORT) writeFileSync(process.env.FAULTS_REPORT, JSON.stringify(report, null, 2));
}
