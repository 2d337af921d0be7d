import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Config, loadConfig } from "../config";
import { packTarGz, unpackTarGz } from "./backup-archive";
import { lockDataDir } from "./data-dir-lock";

const format = "retreat-hq-backup";
const formatVersion = 1;
const lockFile = "pglite.lock";
const databaseEntry = "pglite.tar";
const manifestEntry = "manifest.json";

type Manifest = { format: string; version: number; createdAt: string; secrets: string[] };

export class BackupError extends Error {}

/**
 * The configuration for the backup CLIs. loadConfig writes a fresh session-secret and
 * data-encryption-key into DATA_DIR when they are unset; placeholders stop that, because restore
 * needs an empty DATA_DIR and the real secrets come from the backup.
 */
export function backupCliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET || "placeholder-not-used-by-backup-or-restore",
    DATA_ENCRYPTION_KEY: env.DATA_ENCRYPTION_KEY || "0".repeat(64),
  });
}

/** 20261122T170854Z: sortable and safe in file names on every OS. */
export function backupTimestamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

export function defaultBackupFile(date = new Date()): string {
  return join("backups", `retreat-hq-${backupTimestamp(date)}.tar.gz`);
}

function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, "pglite", "PG_VERSION"));
}

/**
 * The files config.ts generates next to the database (session-secret, and whatever joins it later).
 * Restoring the database without them would sign everyone out, so they travel in the backup.
 */
function secretFiles(dataDir: string): string[] {
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== lockFile)
    .map((entry) => entry.name)
    .sort();
}

export type BackupResult = { file: string; bytes: number; secrets: string[] };

/**
 * Backs up an embedded (PGlite) DATA_DIR into one .tar.gz. It holds the data-dir lock while it
 * runs: a running server owns the database and PGlite cannot be read from a second process, so a
 * backup taken beside it could be torn.
 */
export async function backupPglite(options: { dataDir: string; file: string }): Promise<BackupResult> {
  const dataDir = resolve(options.dataDir);
  if (!hasDatabase(dataDir)) throw new BackupError(`There is no embedded database in ${dataDir} to back up.`);
  const unlock = lockDataDir(dataDir);
  try {
    const client = new PGlite(join(dataDir, "pglite"));
    let dump: Blob;
    try {
      await client.waitReady;
      dump = await client.dumpDataDir("none");
    } finally {
      await client.close();
    }
    const secrets = secretFiles(dataDir);
    const manifest: Manifest = { format, version: formatVersion, createdAt: new Date().toISOString(), secrets };
    const archive = packTarGz([
      { name: manifestEntry, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: databaseEntry, data: new Uint8Array(await dump.arrayBuffer()) },
      ...secrets.map((name) => ({ name: `secrets/${name}`, data: readFileSync(join(dataDir, name)), mode: 0o600 })),
    ]);
    const file = resolve(options.file);
    mkdirSync(dirname(file), { recursive: true });
    // Written aside and renamed, so an interrupted backup never leaves a file that looks complete.
    const partial = `${file}.partial`;
    writeFileSync(partial, archive, { mode: 0o600 });
    renameSync(partial, file);
    return { file, bytes: archive.byteLength, secrets };
  } finally {
    unlock();
  }
}

function readBackup(file: string): { manifest: Manifest; database: Buffer; entries: Map<string, Buffer> } {
  if (!existsSync(file)) throw new BackupError(`Backup file not found: ${file}`);
  const entries = unpackTarGz(readFileSync(file));
  const rawManifest = entries.get(manifestEntry);
  const database = entries.get(databaseEntry);
  let manifest: Manifest | undefined;
  try {
    manifest = rawManifest ? (JSON.parse(rawManifest.toString("utf8")) as Manifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.format !== format || !database) {
    throw new BackupError(`${file} is not a Retreat HQ backup (made by npm run backup).`);
  }
  if (manifest.version !== formatVersion) {
    throw new BackupError(
      `${file} has backup format version ${manifest.version}; this version reads ${formatVersion}.`,
    );
  }
  return { manifest, database, entries };
}

export type RestoreResult = { dataDir: string; movedAsideTo?: string; secrets: string[] };

/**
 * Restores a backup into DATA_DIR. An occupied DATA_DIR is refused unless `force`; then its
 * contents are moved to `<DATA_DIR>.before-restore-<timestamp>` and never deleted.
 */
export async function restorePglite(options: {
  dataDir: string;
  file: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  const { manifest, database, entries } = readBackup(resolve(options.file));
  const unlock = lockDataDir(dataDir);
  try {
    const existing = readdirSync(dataDir).filter((name) => name !== lockFile);
    let movedAsideTo: string | undefined;
    if (existing.length > 0) {
      if (!options.force) {
        throw new BackupError(
          `${dataDir} is not empty (${existing.join(", ")}). Restore into an empty DATA_DIR, or pass --force ` +
            "to move its contents aside first.",
        );
      }
      // Entry by entry rather than renaming DATA_DIR itself, so the lock stays held throughout.
      movedAsideTo = `${dataDir}.before-restore-${backupTimestamp()}`;
      mkdirSync(movedAsideTo);
      for (const name of existing) renameSync(join(dataDir, name), join(movedAsideTo, name));
    }
    // Loaded into a side folder first: a failed load must not leave a half database behind.
    const staging = join(dataDir, "pglite.restoring");
    rmSync(staging, { recursive: true, force: true });
    try {
      const client = new PGlite(staging, { loadDataDir: new Blob([new Uint8Array(database)]) });
      try {
        await client.waitReady;
        await client.query("select 1");
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new BackupError(`The backup's database could not be loaded: ${(error as Error).message}`);
    }
    renameSync(staging, join(dataDir, "pglite"));
    for (const name of manifest.secrets) {
      const data = entries.get(`secrets/${name}`);
      // Names come from the archive: only plain file names, never paths out of DATA_DIR.
      if (!data || !/^[\w-][\w.-]*$/.test(name) || name === lockFile) continue;
      writeFileSync(join(dataDir, name), data, { mode: 0o600 });
      chmodSync(join(dataDir, name), 0o600);
    }
    return { dataDir, movedAsideTo, secrets: manifest.secrets };
  } finally {
    unlock();
  }
}

/** PostgreSQL is backed up with its own tools; printed, not run, so credentials stay in the shell. */
export function postgresBackupInstructions(file: string): string {
  return [
    "DATABASE_URL is set: back up PostgreSQL with its own tools (same major version as the server):",
    `  pg_dump --format=custom --no-owner --file=${file} "$DATABASE_URL"`,
    "Restore into an empty database with:",
    `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" ${file}`,
    "Keep DATA_ENCRYPTION_KEY with the dump (stored apart from it): without it passport and medical fields cannot be read.",
    "Keep SESSION_SECRET too: without it everyone is signed out.",
  ].join("\n");
}

export function postgresRestoreInstructions(file: string): string {
  return [
    "DATABASE_URL is set: restore PostgreSQL with its own tools, into an empty database, server stopped:",
    `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" ${file}`,
    "To replace the data of an existing database instead, add --clean --if-exists.",
  ].join("\n");
}
