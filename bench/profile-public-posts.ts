/**
 * Where the server's CPU goes under the public POST load (decision 020's addendum): starts the
 * real server (src/server/main.ts, production mode, its own process, as bench/public-posts.ts
 * does) with `node --cpu-prof`, fires autocannon at one route, stops the server gracefully and
 * prints the profile's self time by package/file and by function, plus the share of idle time.
 *
 *   node --import tsx bench/profile-public-posts.ts [waitlist|application] [pglite|postgres]
 *
 * PostgreSQL uses a scratch database next to BENCH_DATABASE_URL / TEST_DATABASE_URL.
 * Environment: PROFILE_SECONDS (default 10), BENCH_CONNECTIONS (default 10), PROFILE_DIR (kept
 * .cpuprofile files; default a temporary directory, removed).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createScratchDatabase } from "./lib/postgres";
import { freePort } from "./lib/server";

const routeName = process.argv[2] ?? "waitlist";
const driver = process.argv[3] ?? "postgres";
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function where(url: string): string {
  if (!url) return "(native)";
  const path = url.replace(/^file:\/\//, "");
  const nm = path.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = path.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (path.startsWith("node:")) return path;
  const src = path.indexOf("/src/");
  return src >= 0 ? path.slice(src + 1) : path;
}

function summarise(profile: Profile, windowStart: number, windowEnd: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfByPackage = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  let total = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < windowStart || t > windowEnd) continue;
    const dt = profile.timeDeltas[i]!;
    const node = byId.get(profile.samples[i]!)!;
    const name = node.callFrame.functionName || "(anonymous)";
    const pkg = ["(idle)", "(program)", "(garbage collector)"].includes(name) ? name : where(node.callFrame.url);
    selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + dt);
    const fn = `${name} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
    selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + dt);
    total += dt;
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`,
      )
      .join("\n");
  return `self time by package/file (window ${(total / 1e6).toFixed(1)} s):\n${top(selfByPackage, 30)}\n\nself time by function:\n${top(selfByFunction, 45)}`;
}

async function main() {
  const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), "rhq-profile-"));
  const dataDir = mkdtempSync(join(tmpdir(), "rhq-profile-data-"));
  const scratch = driver === "postgres" ? await createScratchDatabase("profile") : null;
  if (driver === "postgres" && !scratch) throw new Error("set BENCH_DATABASE_URL or TEST_DATABASE_URL");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--cpu-prof", "--cpu-prof-dir", profileDir, "--import", "tsx", "src/server/main.ts"],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url ?? "",
        SMTP_URL: "",
        LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
        TRUST_PROXY: "true",
        PORT: String(port),
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {}
      if (i > 400) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 250));
    }
    const retreatId = ((await (await fetch(`${url}/api/current-retreat`)).json()) as { id: string }).id;
    let n = 0;
    const body = (i: number) =>
      routeName === "waitlist"
        ? { name: `Prof Person${i}`, email: `prof-w-${i}@example.com` }
        : {
            retreatId,
            firstName: `Prof${i}`,
            lastName: "Loadtest",
            email: `prof-a-${i}@example.com`,
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
          };
    const fire = (duration: number) =>
      autocannon({
        url,
        connections,
        duration,
        requests: [
          {
            method: "POST",
            path: `/api/${routeName}`,
            setupRequest: (request) => {
              const i = ++n;
              return {
                ...request,
                headers: {
                  "content-type": "application/json",
                  origin: url,
                  "sec-fetch-site": "same-origin",
                  "x-forwarded-for": `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`,
                },
                body: JSON.stringify(body(i)),
              };
            },
          },
        ],
      });
    await fire(2);
    const start = Date.now();
    const result = await fire(seconds);
    const end = Date.now();
    console.log(
      `${routeName} on ${driver}: ${(result.requests.total / result.duration).toFixed(0)} req/s, p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error("no profile written");
    const profile = JSON.parse(readFileSync(join(profileDir, file), "utf8")) as Profile;
    // Profile clocks are microseconds of a monotonic clock: take the load's share by proportion
    // from the end (the stop takes well under a second).
    const stopMicros = profile.endTime;
    const windowEnd = stopMicros - 300_000;
    const windowStart = windowEnd - (end - start) * 1000 + 200_000;
    console.log(summarise(profile, windowStart, windowEnd));
    console.log(`profile: ${join(profileDir, file)}`);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.PROFILE_DIR) rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
