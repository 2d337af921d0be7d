/**
 * What the command-line tools (npm run db:migrate, backup, restore, user:create) share: reading
 * their arguments with the usage on a mistake, and reaching the configured database.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { loadConfig, loadDotEnv } from "../config";
import { openDatabase } from "./client";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * The tool's options and file names, with -h/--help: prints the usage and exits 0 for help,
 * exits 2 with the message and the usage for an unknown option.
 */
export function parseCliArgs<const O extends Options>(options: O, usage: string) {
  const config = { options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true } as const;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

/** Reads .env, then the configuration `load` wants; a configuration error exits 1 with its message. */
export function cliConfig<T>(load: () => T): T {
  loadDotEnv();
  try {
    return load();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** The configured database (.env read first), migrated; one that cannot be opened exits 1 with its message. Close it when done. */
export async function openMigratedDatabase() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
