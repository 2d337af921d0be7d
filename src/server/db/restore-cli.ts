import { BackupError, backupCliConfig, postgresRestoreInstructions, restorePglite } from "./backup";
import { cliConfig, parseCliArgs } from "./cli";
import { DataDirLockedError } from "./data-dir-lock";

const usage = `Usage: npm run restore -- FILE [--force]
  Restores a backup made by npm run backup into DATA_DIR. Stop the server first.
  --force  DATA_DIR is not empty: move its contents to <DATA_DIR>.before-restore-<timestamp> first
  With DATABASE_URL set, prints the pg_restore command to use instead.`;

const parsed = parseCliArgs({ force: { type: "boolean" } }, usage);
const file = parsed.positionals[0];
if (!file || parsed.positionals.length > 1) {
  console.error(`Expected one backup file.\n${usage}`);
  process.exit(2);
}
const config = cliConfig(backupCliConfig);

if (config.databaseUrl) {
  console.log(postgresRestoreInstructions(file));
  process.exit(0);
}
if (config.dataDir === "memory://") {
  console.error("DATA_DIR=memory:// keeps the database in memory: set DATA_DIR to a folder to restore into.");
  process.exit(1);
}

try {
  const result = await restorePglite({ dataDir: config.dataDir, file, force: parsed.values.force === true });
  if (result.movedAsideTo) console.log(`The previous contents of ${result.dataDir} are in ${result.movedAsideTo}.`);
  console.log(
    `Restored ${file} into ${result.dataDir}${result.secrets.length ? ` (with ${result.secrets.join(", ")})` : ""}.`,
  );
  console.log("Start the server as usual; pending migrations run at start-up.");
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nStop the server before restoring.`);
  } else {
    console.error(error instanceof BackupError ? error.message : `Restore failed: ${(error as Error).message}`);
  }
  process.exit(1);
}
