import pg from "pg";

/**
 * A scratch PostgreSQL database for one benchmark, created next to BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL, the one the tests use) and dropped afterwards; that database's own data is
 * never touched. Null when neither is set: the benchmark then runs on PGlite only and says so.
 */
export function postgresBaseUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

export async function createScratchDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = postgresBaseUrl();
  if (!base) return null;
  const name = `bench_${process.pid}_${label.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Runs `fn` on PGlite, then on a scratch PostgreSQL database when one is configured (created just
 * before, dropped after). A target that fails is reported in `notes` and the other still runs (a
 * shared PostgreSQL server may restart under us); only when every target fails does this throw.
 */
export async function eachDatabase<T>(
  name: string,
  fn: (label: string, databaseUrl: string | undefined) => Promise<T>,
): Promise<{ results: T[]; notes: string[] }> {
  const results: T[] = [];
  const notes: string[] = [];
  const failures: string[] = [];
  const attempt = async (label: string, body: () => Promise<T>) => {
    try {
      results.push(await body());
    } catch (error) {
      const message = `${label}: failed: ${error instanceof Error ? error.message : String(error)}`;
      console.error(`  ${message}`);
      failures.push(message);
    }
  };
  await attempt("PGlite", () => fn("PGlite", undefined));
  if (postgresBaseUrl()) {
    await attempt("PostgreSQL", async () => {
      const scratch = (await createScratchDatabase(name))!;
      try {
        return await fn("PostgreSQL", scratch.url);
      } finally {
        await scratch.drop().catch((error) => console.error(`  could not drop the scratch database: ${error.message}`));
      }
    });
  } else {
    notes.push("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
  }
  if (results.length === 0) throw new Error(failures.join("; "));
  return { results, notes: [...failures, ...notes] };
}
