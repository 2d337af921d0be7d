import { BackupError, backupCliConfig, backupPglite, defaultBackupFile, postgresBackupInstructions } from "./backup";
import { cliConfig, parseCliArgs } from "./cli";
import { DataDirLockedError } from "./data-dir-lock";

const usage = `Usage: npm run backup -- [FILE]
  Backs up the embedded database in DATA_DIR (and its generated session secret) into FILE,
  by default backups/retreat-hq-<UTC timestamp>.tar.gz. Stop the server first.
  With DATABASE_URL set, prints the pg_dump command to use instead.`;

const parsed = parseCliArgs({}, usage);
if (parsed.positionals.length > 1) {
  console.error(`Expected at most one file name.\n${usage}`);
  process.exit(2);
}
const config = cliConfig(backupCliConfig);
const file = parsed.positionals[0] ?? defaultBackupFile();

if (config.databaseUrl) {
  console.log(postgresBackupInstructions(file.replace(/\.tar\.gz$/, ".dump")));
  process.exit(0);
}
if (config.dataDir === "memory://") {
  console.error("DATA_DIR=memory:// keeps the database in memory: there is nothing on disk to back up.");
  process.exit(1);
}

try {
  const result = await backupPglite({ dataDir: config.dataDir, file });
  const size = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(`Backed up ${config.dataDir} to ${result.file} (${size} MB).`);
  console.log(
    result.secrets.length > 0
      ? `Included: ${result.secrets.join(", ")}. Keep the file private: it holds the session secret.`
      : "No generated secrets in DATA_DIR: keep SESSION_SECRET from your environment with this backup.",
  );
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe backup reads the database directly, so the server must be stopped while it runs.`,
    );
  } else {
    console.error(error instanceof BackupError ? error.message : `Backup failed: ${(error as Error).message}`);
  }
  process.exit(1);
}
