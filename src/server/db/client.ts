import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import { openThreadedPGlite, type ThreadedPGlite } from "./pglite-thread";
import * as schema from "./schema";

/**
 * Both drivers expose the same query builder; the node-postgres type is used for both so
 * services are written once.
 */
export type Db = NodePgDatabase<typeof schema>;

export type SqlExecutor = {
  /**
   * `options.name` (PostgreSQL): run as a named prepared statement, parsed and planned once per
   * connection; the same name must always carry the same text. PGlite ignores it.
   */
  executeSql(text: string, values: unknown[], options?: { name?: string }): Promise<{ rows: unknown[] }>;
};

export type Database = {
  driver: "pglite" | "postgres";
  db: Db;
  /** Raw SQL with positional parameters; used by the job queue on both drivers. */
  executor: SqlExecutor;
  /** postgres connection string when the driver is postgres (the job queue opens its own pool). */
  connectionString?: string;
  migrate(): Promise<void>;
  /** PGlite only: a copy of the database's files, to open again with `memorySnapshot`. */
  snapshot?(): Promise<Blob>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions = {
  /** postgres:// URL; when unset, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory://" for an in-memory database. */
  dataDir: string;
  /**
   * In memory only: start from this copy of a database's files (see snapshotDatabase) instead of
   * an empty database. Tests use a migrated one: booting it skips initdb and the migrations.
   */
  memorySnapshot?: Blob;
  /**
   * On disk, first start only: a migrated empty database made by the build
   * (scripts/make-database-template.ts). An empty DATA_DIR starts from it instead of running
   * initdb and every migration, which is most of a first start's time; newer migrations still run.
   */
  pgliteTemplate?: string;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.memorySnapshot, options.pgliteTemplate);
}

/** The template's files when this data directory has no database yet, else undefined. */
function firstStartTemplate(pgliteDir: string, template: string | undefined): Blob | undefined {
  if (!template || existsSync(join(pgliteDir, "PG_VERSION")) || !existsSync(template)) return undefined;
  return new Blob([readFileSync(template)]);
}

async function openPglite(dataDir: string, memorySnapshot?: Blob, template?: string): Promise<Database> {
  const inMemory = dataDir === "memory://";
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  let client: ThreadedPGlite;
  try {
    const pgliteDir = `${dataDir}/pglite`;
    const loadDataDir = inMemory ? memorySnapshot : firstStartTemplate(pgliteDir, template);
    client = await openThreadedPGlite({ dataDir: inMemory ? undefined : pgliteDir, loadDataDir });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return {
    driver: "pglite",
    db,
    executor: {
      // PGlite's extended protocol takes one statement; pg-boss sends multi-statement scripts
      // without parameters, which only the simple protocol (exec) runs.
      async executeSql(text, values, options) {
        if (options?.name && values.length > 0) return client.runNamed(options.name, text, values);
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await client.query(text, values as unknown[]);
        return { rows: result.rows };
      },
    },
    async migrate() {
      await migratePglite(db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder });
    },
    async snapshot() {
      return client.dumpDataDir();
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client's error (for example the server restarting) must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema });
  return {
    driver: "postgres",
    db,
    connectionString,
    executor: {
      async executeSql(text, values, options) {
        const result = options?.name
          ? await pool.query({ name: options.name, text, values: values as unknown[] })
          : await pool.query(text, values as unknown[]);
        return { rows: result.rows };
      },
    },
    async migrate() {
      // Several processes may start at once on one PostgreSQL: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(727274001)");
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(727274001)").catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
    },
  };
}

/** True when every migration in the folder has been applied. */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const { readMigrationFiles } = await import("drizzle-orm/migrator");
  const expected = readMigrationFiles({ migrationsFolder }).length;
  try {
    const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const n = (result.rows[0] as { n: number } | undefined)?.n ?? 0;
    return n >= expected;
  } catch {
    return false;
  }
}
