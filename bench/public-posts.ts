/**
 * The public forms under load: POST /api/waitlist and POST /api/application with autocannon
 * against the real server (src/server/main.ts, production mode, in its own process) on PGlite (a
 * fresh DATA_DIR on disk, the default deployment) and on PostgreSQL (a scratch database, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Every request carries a valid, distinct body
 * (new address each time, so each one writes a subscriber, its row and a confirmation email) and
 * a distinct X-Forwarded-For behind TRUST_PROXY=true: many clients, each under the rate limit.
 *
 * Baseline in the same run: a bare Fastify route parsing the same JSON body (bench/lib/bare-server.ts),
 * measured just before each target, with the same connections and duration. After each target
 * the stored rows are counted, so a figure only counts requests that really landed.
 *
 * Environment: BENCH_DURATION (seconds per measurement, default 10), BENCH_CONNECTIONS (default 10).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon, { type Result } from "autocannon";
import { like, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { applications, emailSubscribers } from "../src/server/db/schema";
import { count, markdownTable, ratio } from "./lib/format";
import { eachDatabase } from "./lib/postgres";
import { type ServerProcess, startAppServer, startBareServer } from "./lib/server";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmUpSeconds = 2;

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

type Measured = { route: Route; bare: Shot; app: Shot; stored: number; expected: number };

async function target(label: string, bare: ServerProcess, databaseUrl: string | undefined): Promise<Measured[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "rhq-bench-posts-"));
  try {
    const app = await startAppServer({ dataDir, databaseUrl, env: { TRUST_PROXY: "true" } });
    const measured: Measured[] = [];
    const okByRoute = new Map<Route, number>();
    try {
      const retreat = await fetch(`${app.url}/api/current-retreat`);
      if (!retreat.ok) throw new Error(`${label}: GET /api/current-retreat answered ${retreat.status}`);
      const retreatId = ((await retreat.json()) as { id: string }).id;
      // Warm-up (JIT, plans, pools): its rows are counted with the rest.
      for (const route of routes) {
        const shot = await fire(app.url, route.path, (n) => route.body(n, retreatId), warmUpSeconds);
        okByRoute.set(route, shot.ok);
      }
      for (const route of routes) {
        const bareShot = await fire(`${bare.url}`, "/bare", (n) => route.body(n, retreatId), duration);
        const appShot = await fire(app.url, route.path, (n) => route.body(n, retreatId), duration);
        okByRoute.set(route, (okByRoute.get(route) ?? 0) + appShot.ok);
        measured.push({ route, bare: bareShot, app: appShot, stored: 0, expected: 0 });
        console.log(
          `  ${label.padEnd(10)} ${route.label.padEnd(22)} ${appShot.responsesPerSecond.toFixed(0).padStart(5)} req/s ` +
            `p50 ${appShot.p50} ms p99 ${appShot.p99} ms, non-2xx ${appShot.non2xx}, errors ${appShot.errors}; ` +
            `bare ${bareShot.responsesPerSecond.toFixed(0)} req/s p50 ${bareShot.p50} ms p99 ${bareShot.p99} ms`,
        );
      }
    } finally {
      // A graceful stop finishes the requests autocannon left in flight before the rows are counted.
      await app.stop();
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
  }
}

export async function run(): Promise<string> {
  const bare = await startBareServer();
  const sections: string[] = [];
  const rows: string[][] = [];
  let notes: string[];
  try {
    console.log(
      `  autocannon, ${connections} connections, ${duration} s per measurement (after a ${warmUpSeconds} s warm-up per route); ` +
        `bare Fastify measured just before each`,
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
          `${m.bare.responsesPerSecond.toFixed(0)} (${m.bare.p50} / ${m.bare.p99})`,
          ratio(m.app.responsesPerSecond, m.bare.responsesPerSecond, 3),
          `${ratio(m.app.p50, m.bare.p50, 0)} / ${ratio(m.app.p99, m.bare.p99, 0)}`,
        ]);
      }
    }
  } finally {
    await bare.stop();
  }
  sections.push(
    `autocannon ${connections} connections, ${duration} s per measurement after a ${warmUpSeconds} s warm-up; each request a new ` +
      "address (subscriber or application + confirmation email in the outbox) from its own X-Forwarded-For (TRUST_PROXY=true). " +
      "Server in production mode in its own process, with its job worker, no SMTP. Bare: Fastify parsing the same JSON body, " +
      "no database, measured just before. Rows stored are counted after a graceful stop (requests in flight when autocannon " +
      "stops may add up to one per connection per run). 2xx and rows include the warm-up.",
    "",
    markdownTable(
      [
        "Database",
        "Route",
        "req/s",
        "p50 / p99 ms",
        "non-2xx / errors",
        "rows stored / 2xx",
        "bare req/s (p50 / p99 ms)",
        "req/s vs bare",
        "p50 / p99 vs bare",
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
