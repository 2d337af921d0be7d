/**
 * The public forms under load: POST /api/waitlist and POST /api/application with autocannon
 * against the real server (src/server/main.ts, production mode, in its own process) on PGlite (a
 * fresh DATA_DIR on disk, the default deployment) and on PostgreSQL (a scratch database, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Every request carries a valid, distinct body
 * (new address each time, so each one writes a subscriber, its row and a confirmation email) and
 * a distinct X-Forwarded-For behind TRUST_PROXY=true: many clients, each under the rate limit.
 *
 * Baselines in the same run, each measured just before each route with the same connections,
 * duration and bodies: the physical limit of storing a submission durably, a Fastify route doing
 * exactly one INSERT (its own transaction) on the same database (bench/lib/baseline-insert-server.ts;
 * on PGlite a data directory of its own on the same disk, the app's being locked), which the target
 * is set against (decision 020: at least 25% of it on PostgreSQL, 10% on PGlite); and a bare
 * Fastify route parsing the same JSON body without a database (bench/lib/bare-server.ts). After
 * each target the stored rows are counted, and every stored submission must have its confirmation
 * email in the outbox with its send job in the queue, so a figure only counts requests that really
 * landed whole.
 *
 * Environment: BENCH_DURATION (seconds per measurement, default 10), BENCH_CONNECTIONS (default 10).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon, { type Result } from "autocannon";
import { like, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { applications, emailLogs, emailSubscribers } from "../src/server/db/schema";
import { count, markdownTable, ratio } from "./lib/format";
import { eachDatabase } from "./lib/postgres";
import { type ServerProcess, startAppServer, startBareServer, startBaselineInsertServer } from "./lib/server";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmUpSeconds = 2;
/** Issue 22's targets: req/s as a share of the one-INSERT baseline, p99 at 10 connections. */
const targetShare = { PGlite: 0.1, PostgreSQL: 0.25 } as Record<string, number>;
const targetP99Ms = 50;

/** Distinct client addresses from 198.18.0.0/15, the range reserved for benchmarks (RFC 2544). */
const clientAddress = (n: number) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

type Route = {
  label: string;
  path: string;
  /** The stored-row prefix of this route's addresses, counted afterwards. */
  emailPrefix: string;
  body: (n: number, retreatId: string) => object;
};

const routes: Route[] = [
  {
    label: "POST /api/waitlist",
    path: "/api/waitlist",
    emailPrefix: "bench-w-",
    body: (n) => ({ name: `Bench Person${n}`, email: `bench-w-${n}@example.com` }),
  },
  {
    label: "POST /api/application",
    path: "/api/application",
    emailPrefix: "bench-a-",
    body: (n, retreatId) => ({
      retreatId,
      firstName: `Bench${n}`,
      lastName: "Loadtest",
      email: `bench-a-${n}@example.com`,
      phone: "+44 7700 900123",
      city: "London",
      country: "United Kingdom",
      instagramHandle: "bench.vegan",
      linkedinUrl: "https://linkedin.com/in/bench",
      websiteUrl: "https://bench.example.com",
      motivations: "I want to learn effective advocacy with people who care about animals as much as I do.",
      advocacyInvolvement: "Street outreach every month for three years.",
      roomPreference: "private",
      dietaryNotes: "No nuts",
      consentGdpr: true,
      consentMarketing: true,
    }),
  },
];

type Shot = { responsesPerSecond: number; p50: number; p99: number; ok: number; non2xx: number; errors: number };

let counter = 0;

async function fire(url: string, path: string, body: (n: number) => object, seconds: number): Promise<Shot> {
  const origin = new URL(url).origin;
  const result: Result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path,
        setupRequest: (request) => {
          const n = ++counter;
          return {
            ...request,
            // What a browser sends from the landing page: same-origin, JSON.
            headers: {
              "content-type": "application/json",
              origin,
              "sec-fetch-site": "same-origin",
              "x-forwarded-for": clientAddress(n),
            },
            body: JSON.stringify(body(n)),
          };
        },
      },
    ],
  });
  const ok = Object.entries(result.statusCodeStats)
    .filter(([status]) => status.startsWith("2"))
    .reduce((sum, [, { count }]) => sum + count, 0);
  const responses = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
  return {
    responsesPerSecond: responses / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

type Measured = {
  route: Route;
  bare: Shot;
  baseline: Shot;
  app: Shot;
  /** Seconds after the shot until every answered submission was filed (the worker's backlog). */
  drain: number;
  /** Submissions filed per second over the shot and its drain: the worker's pace under load. */
  filedPerSecond: number;
  stored: number;
  expected: number;
  /** Stored submissions' confirmation emails whose send job is in the queue. */
  emailsQueued: number;
  /** Rows the baseline stored, against its 2xx. */
  baselineStored: number;
};

async function target(label: string, bare: ServerProcess, databaseUrl: string | undefined): Promise<Measured[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "rhq-bench-posts-"));
  const baselineDir = mkdtempSync(join(tmpdir(), "rhq-bench-baseline-"));
  try {
    const app = await startAppServer({ dataDir, databaseUrl, env: { TRUST_PROXY: "true" } });
    const baseline = await startBaselineInsertServer({ dataDir: baselineDir, databaseUrl }).catch(async (error) => {
      await app.stop();
      throw error;
    });
    const measured: Measured[] = [];
    const okByRoute = new Map<Route, number>();
    let baselineOk = 0;
    try {
      const retreat = await fetch(`${app.url}/api/current-retreat`);
      if (!retreat.ok) throw new Error(`${label}: GET /api/current-retreat answered ${retreat.status}`);
      const retreatId = ((await retreat.json()) as { id: string }).id;
      // Warm-up (JIT, plans, pools): its rows are counted with the rest.
      for (const route of routes) {
        const shot = await fire(app.url, route.path, (n) => route.body(n, retreatId), warmUpSeconds);
        okByRoute.set(route, shot.ok);
        await drained(app.url);
      }
      baselineOk += (await fire(baseline.url, "/baseline", (n) => routes[0]!.body(n, retreatId), warmUpSeconds)).ok;
      for (const route of routes) {
        const bareShot = await fire(`${bare.url}`, "/bare", (n) => route.body(n, retreatId), duration);
        const baselineShot = await fire(baseline.url, "/baseline", (n) => route.body(n, retreatId), duration);
        baselineOk += baselineShot.ok;
        const appShot = await fire(app.url, route.path, (n) => route.body(n, retreatId), duration);
        okByRoute.set(route, (okByRoute.get(route) ?? 0) + appShot.ok);
        // The worker files what was answered: nothing else is measured until it is done, so the
        // next measurement does not share the machine with this one's backlog.
        const drain = await drained(app.url);
        measured.push({
          route,
          bare: bareShot,
          baseline: baselineShot,
          app: appShot,
          drain,
          filedPerSecond: appShot.ok / (duration + drain),
          stored: 0,
          expected: 0,
          emailsQueued: 0,
          baselineStored: 0,
        });
        console.log(
          `  ${label.padEnd(10)} ${route.label.padEnd(22)} ${appShot.responsesPerSecond.toFixed(0).padStart(5)} req/s ` +
            `p50 ${appShot.p50} ms p99 ${appShot.p99} ms, non-2xx ${appShot.non2xx}, errors ${appShot.errors}; ` +
            `one-INSERT baseline ${baselineShot.responsesPerSecond.toFixed(0)} req/s p50 ${baselineShot.p50} ms p99 ${baselineShot.p99} ms ` +
            `(${ratio(appShot.responsesPerSecond, baselineShot.responsesPerSecond, 3)}); ` +
            `bare ${bareShot.responsesPerSecond.toFixed(0)} req/s p50 ${bareShot.p50} ms p99 ${bareShot.p99} ms; ` +
            `all filed ${drain.toFixed(1)} s after the shot`,
        );
      }
    } finally {
      // A graceful stop finishes the requests autocannon left in flight before the rows are counted.
      await app.stop();
      await baseline.stop();
    }
    const baselineRows = await countBaselineRows(baselineDir, databaseUrl);
    if (baselineRows < baselineOk) {
      throw new Error(`${label} baseline: ${baselineOk} successful responses but ${baselineRows} rows stored`);
    }
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      for (const m of measured) {
        const table = m.route.path === "/api/waitlist" ? emailSubscribers : applications;
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(like(table.email, `${m.route.emailPrefix}%`));
        m.stored = row?.n ?? 0;
        m.expected = okByRoute.get(m.route) ?? 0;
        m.baselineStored = baselineRows;
        // Every request is a new address, so every stored submission has one confirmation email;
        // it counts only with its send job in the queue (pending or done: job or archive table).
        const jobs = await database.db.execute(sql`
          select count(*)::int as n from ${emailLogs} e
          where e.recipient_email like ${`${m.route.emailPrefix}%`}
            and exists (
              select 1 from pgboss.job j where j.name = 'email.send' and j.data->>'emailLogId' = e.id::text
              union all
              select 1 from pgboss.archive a where a.name = 'email.send' and a.data->>'emailLogId' = e.id::text
            )`);
        m.emailsQueued = (jobs.rows[0] as { n: number } | undefined)?.n ?? 0;
        if (m.emailsQueued !== m.stored) {
          throw new Error(
            `${label} ${m.route.label}: ${m.stored} rows stored but ${m.emailsQueued} confirmation emails with a queued job`,
          );
        }
        // Requests cut off when autocannon stops may still land (at most one per connection per run).
        const slack = connections * 2;
        if (m.stored < m.expected || m.stored > m.expected + slack) {
          throw new Error(`${label} ${m.route.label}: ${m.expected} successful responses but ${m.stored} rows stored`);
        }
      }
    } finally {
      await database.close();
    }
    return measured;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(baselineDir, { recursive: true, force: true });
  }
}

/**
 * Waits until the app has filed every submission it answered (/readyz's formsToFile is 0);
 * returns the seconds it took.
 */
async function drained(url: string, timeoutSeconds = 600): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ready = (await (await fetch(`${url}/readyz`)).json()) as { formsToFile?: number };
    if (ready.formsToFile === 0) return (Date.now() - started) / 1000;
    if (ready.formsToFile === undefined) throw new Error("/readyz does not report formsToFile");
    if (Date.now() - started > timeoutSeconds * 1000) {
      throw new Error(`${ready.formsToFile} submissions still not filed after ${timeoutSeconds} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Rows the baseline server stored (all routes' bodies, warm-up included). */
async function countBaselineRows(dataDir: string, databaseUrl: string | undefined): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const { rows } = await database.executor.executeSql("select count(*)::int as n from bench_baseline_insert", []);
    return (rows[0] as { n: number }).n;
  } finally {
    await database.close();
  }
}

function verdict(label: string, m: Measured): string {
  const share = m.app.responsesPerSecond / m.baseline.responsesPerSecond;
  const wanted = targetShare[label] ?? 0;
  const misses = [
    share < wanted ? `share < ${wanted}` : "",
    m.app.p99 > targetP99Ms ? `p99 > ${targetP99Ms} ms` : "",
    m.app.non2xx + m.app.errors > 0 ? "non-2xx/errors" : "",
  ].filter(Boolean);
  return misses.length === 0 ? `met (≥ ${wanted})` : `missed: ${misses.join(", ")}`;
}

export async function run(): Promise<string> {
  const bare = await startBareServer();
  const sections: string[] = [];
  const rows: string[][] = [];
  let notes: string[];
  try {
    console.log(
      `  autocannon, ${connections} connections, ${duration} s per measurement (after a ${warmUpSeconds} s warm-up per route); ` +
        `one-INSERT baseline and bare Fastify measured just before each`,
    );
    const outcome = await eachDatabase("posts", async (label, databaseUrl) => ({
      label,
      measured: await target(label, bare, databaseUrl),
    }));
    notes = outcome.notes;
    for (const { label, measured } of outcome.results) {
      for (const m of measured) {
        rows.push([
          label,
          m.route.label,
          m.app.responsesPerSecond.toFixed(0),
          `${m.app.p50} / ${m.app.p99}`,
          `${m.app.non2xx} / ${m.app.errors}`,
          `${count(m.stored)} / ${count(m.expected)}`,
          count(m.emailsQueued),
          `${m.baseline.responsesPerSecond.toFixed(0)} (${m.baseline.p50} / ${m.baseline.p99})`,
          ratio(m.app.responsesPerSecond, m.baseline.responsesPerSecond, 3),
          verdict(label, m),
          `${m.drain.toFixed(1)} s (${m.filedPerSecond.toFixed(0)}/s)`,
          `${m.bare.responsesPerSecond.toFixed(0)} (${m.bare.p50} / ${m.bare.p99})`,
          ratio(m.app.responsesPerSecond, m.bare.responsesPerSecond, 3),
        ]);
      }
    }
  } finally {
    await bare.stop();
  }
  sections.push(
    `autocannon ${connections} connections, ${duration} s per measurement after a ${warmUpSeconds} s warm-up; each request a new ` +
      "address (subscriber or application + confirmation email in the outbox) from its own X-Forwarded-For (TRUST_PROXY=true). " +
      "Server in production mode in its own process, with its job worker, no SMTP. One-INSERT baseline: Fastify storing the " +
      "same JSON body with exactly one INSERT (one transaction, one durable commit) on the same database (PGlite: its own " +
      "data directory on the same disk), measured just before each route; the target is req/s at least " +
      `${targetShare.PostgreSQL} of it on PostgreSQL and ${targetShare.PGlite} on PGlite, p99 at most ${targetP99Ms} ms ` +
      "(absolute latencies hold only at a load average below 2), no non-2xx, no errors. Bare: Fastify parsing the same body, " +
      "no database. Rows stored are counted after a graceful stop (requests in flight when autocannon stops may add up to " +
      "one per connection per run); every stored submission must have its confirmation in the outbox with its send job " +
      "queued. 2xx, rows and emails include the warm-up. A submission is answered once stored as its sealed intake job " +
      "(decision 020, sixth look); the worker in the same process files it (application or subscriber, confirmation, send " +
      'job) beside the load. "All filed after": seconds after the shot until /readyz reported nothing left to file ' +
      "(nothing else runs meanwhile), and the submissions filed per second over the shot and that time.",
    "",
    markdownTable(
      [
        "Database",
        "Route",
        "req/s",
        "p50 / p99 ms",
        "non-2xx / errors",
        "rows stored / 2xx",
        "emails queued (row + job)",
        "one-INSERT baseline req/s (p50 / p99 ms)",
        "req/s vs baseline",
        "target",
        "all filed after (filed/s)",
        "bare req/s (p50 / p99 ms)",
        "req/s vs bare",
      ],
      rows,
    ),
  );
  sections.push(
    "",
    ...notes.flatMap((note) => [note, ""]),
    `Load average at the end: ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} CPUs.`,
  );
  return sections.join("\n");
}

// Run on its own: node --import tsx bench/public-posts.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await run());
}
