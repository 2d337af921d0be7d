/**
 * The campaign engine's own speed and memory: 10,000 subscribers, one campaign sent through the
 * real path (POST /send, fan-out job, sender job, pooled SMTP) to an in-process SMTP server that
 * keeps no message bodies, with the rate limit set far above what the machine can do, so the
 * engine itself is measured. Baseline in the same run: raw nodemailer sending a pre-rendered
 * message of the same size to the same server, as fast as it can with the same connection pool.
 *
 * Reports messages per second, the ratio to the baseline (measured just before, on a shared
 * machine the speed drifts), the process's peak RSS (sampled every 50 ms), and RSS and JS heap at
 * each quarter of the send. The engine's memory stays flat by design (batches of 50; no recipient
 * list or bodies held): watch the JS heap. In-memory PGlite keeps the database itself, including
 * the 10,000 email_logs bodies, in the same process, so RSS grows with the database there.
 *
 * Environment: BENCH_SUBSCRIBERS (default 10000), BENCH_BASELINE (raw sends, default 2000),
 * TEST_DATABASE_URL (also run on a fresh PostgreSQL database created there and dropped after).
 */
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { buildApp } from "../src/server/app";
import { upsertUserWithPassword } from "../src/server/auth/users.service";
import { testConfig } from "../src/server/config";
import { emailCampaigns } from "../src/server/db/schema";
import { campaignConnections } from "../src/server/features/email-campaigns/campaign-transport";
import { insertSubscribers } from "../src/server/test/fixtures/email-campaigns";
import { type SmtpSink, startSmtpSink } from "../src/server/test/smtp-sink";
import { createTestDatabaseUrl } from "../src/server/test/test-database";
import { markdownTable } from "./lib/format";

const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const baselineCount = Number(process.env.BENCH_BASELINE ?? 2_000);
// A full GC before reading the heap, so the figures show what is kept, not garbage awaiting collection.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const content = `# Our May news

Dear {{ firstName }},

Applications for **{{ retreatName }}** ({{ retreatDates }}) open next week. Here is what changed:

- a longer programme, with two more days of workshops
- more scholarships for activists from the Global South
- a new vegan cooking track

[Apply now]({{ applyUrl }}) or reply to this email with your questions.

See you soon,
The team`;

/** Peak RSS between start() and stop(). */
function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

async function baseline(sink: SmtpSink, html: string, text: string): Promise<number> {
  const transport = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: campaignConnections });
  const before = sink.received.length;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: campaignConnections }, async () => {
      while (next < baselineCount) {
        const i = next++;
        await transport.sendMail({
          from: { name: "Retreat HQ", address: "news@bench.example.com" },
          to: `raw-${i}@example.com`,
          subject: `Our May news, First${i}`,
          html,
          text,
          headers: {
            "List-Unsubscribe": "<https://bench.example.com/u>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        });
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  transport.close();
  if (sink.received.length - before !== baselineCount) throw new Error("baseline: messages went missing");
  return baselineCount / seconds;
}

type Result = {
  label: string;
  perSecond: number;
  seconds: number;
  /** Raw nodemailer, measured just before the engine on the same target (the machine's speed then). */
  rawPerSecond: number;
  peakRss: number;
  /** RSS and V8 heap when 25, 50, 75 and 100% of the messages had arrived. */
  rssAt: number[];
  heapAt: number[];
};

async function engine(label: string, sink: SmtpSink, databaseUrl: string | undefined): Promise<Result> {
  const app = await buildApp(
    testConfig({
      databaseUrl,
      dataDir: "memory://",
      runWorker: true,
      smtpUrl: sink.url,
      emailRatePerSecond: 100_000,
      publicUrl: "https://bench.example.com",
    }),
  );
  try {
    await insertSubscribers(app.db, "bench", subscriberCount, { segment: "waitlist" });
    const email = "bench-owner@example.com";
    const password = "bench password long enough";
    await upsertUserWithPassword(app.db, { email, password, role: "owner" });
    const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: email, password } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const cookie = `${login.cookies[0]!.name}=${login.cookies[0]!.value}`;
    const created = await app.inject({
      method: "POST",
      url: "/api/admin/email-campaigns",
      headers: { cookie },
      payload: { name: "Bench", subject: "Our May news, {{ firstName }}", content },
    });
    if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
    const id = created.json().id as string;
    const preview = await app.inject({
      method: "POST",
      url: `/api/admin/email-campaigns/${id}/preview`,
      headers: { cookie },
    });
    const sample = preview.json() as { html: string; text: string };
    const rawPerSecond = await baseline(sink, sample.html, sample.text);

    const sampler = rssSampler();
    const before = sink.received.length;
    const start = performance.now();
    const sent = await app.inject({
      method: "POST",
      url: `/api/admin/email-campaigns/${id}/send`,
      headers: { cookie },
    });
    if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
    // Memory as the send progresses: a flat heap after GC means the engine keeps nothing per recipient.
    const rssAt: number[] = [];
    const heapAt: number[] = [];
    for (;;) {
      const [row] = await app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      while (rssAt.length < 4 && sink.received.length - before >= ((rssAt.length + 1) * subscriberCount) / 4) {
        collectGarbage();
        const memory = process.memoryUsage();
        rssAt.push(memory.rss);
        heapAt.push(memory.heapUsed);
      }
      if (row?.status === "sent") break;
      await sleep(100);
    }
    const seconds = (performance.now() - start) / 1000;
    const peakRss = sampler.stop();
    const delivered = sink.received.length - before;
    if (delivered !== subscriberCount) throw new Error(`${label}: ${delivered} of ${subscriberCount} messages arrived`);
    return { label, perSecond: delivered / seconds, seconds, rawPerSecond, peakRss, rssAt, heapAt };
  } finally {
    await app.close();
  }
}

export async function run(): Promise<string> {
  const sink = await startSmtpSink({ keepRaw: false });
  try {
    const targets: { label: string; databaseUrl?: string; drop: () => Promise<void> }[] = [
      { label: "PGlite (in memory)", drop: async () => {} },
    ];
    if (process.env.TEST_DATABASE_URL) {
      const pg = await createTestDatabaseUrl();
      targets.push({ label: "PostgreSQL", databaseUrl: pg.databaseUrl, drop: pg.drop });
    }
    console.log(
      `  ${subscriberCount.toLocaleString("en-GB")} recipients, rate limit 100,000/s, ${campaignConnections} pooled SMTP connections, ` +
        `in-process SMTP sink; baseline: raw nodemailer sending ${baselineCount.toLocaleString("en-GB")} pre-rendered messages just before`,
    );
    const rows: string[][] = [];
    for (const target of targets) {
      try {
        const r = await engine(target.label, sink, target.databaseUrl);
        rows.push([
          r.label,
          r.perSecond.toFixed(0),
          r.seconds.toFixed(1),
          r.rawPerSecond.toFixed(0),
          (r.perSecond / r.rawPerSecond).toFixed(2),
          mib(r.peakRss),
          r.heapAt.map(mib).join(" / "),
        ]);
        console.log(
          `  ${r.label.padEnd(20)} ${r.perSecond.toFixed(0).padStart(5)} msg/s (${r.seconds.toFixed(1)} s); raw nodemailer ` +
            `${r.rawPerSecond.toFixed(0)} msg/s; engine/raw ${(r.perSecond / r.rawPerSecond).toFixed(2)}; peak RSS ${mib(r.peakRss)}`,
        );
        console.log(
          `  ${"".padEnd(20)} at 25/50/75/100% sent: RSS ${r.rssAt.map(mib).join(" / ")}; JS heap after GC ${r.heapAt.map(mib).join(" / ")}`,
        );
      } finally {
        await target.drop();
      }
    }
    console.log(`  load average during the run: ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} CPUs`);
    return [
      `${subscriberCount.toLocaleString("en-GB")} recipients through the real path (POST /send, fan-out, sender, ${campaignConnections} ` +
        "pooled SMTP connections) to an in-process SMTP sink, rate limit out of the way. Baseline: raw nodemailer sending " +
        `${baselineCount.toLocaleString("en-GB")} pre-rendered messages over the same pool just before.`,
      "",
      markdownTable(
        [
          "Database",
          "msg/s",
          "seconds",
          "raw nodemailer msg/s",
          "engine / raw",
          "peak RSS",
          "JS heap after GC at 25/50/75/100%",
        ],
        rows,
      ),
      ...(process.env.TEST_DATABASE_URL ? [] : ["", "PostgreSQL: skipped (set TEST_DATABASE_URL)."]),
      "",
      `Load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} CPUs.`,
    ].join("\n");
  } finally {
    await sink.close();
  }
}

// Run on its own: node --import tsx bench/campaign.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  await run();
}
