import { count } from "drizzle-orm";
import { buildApp } from "./app";
import { ConfigError, loadConfig, loadDotEnv } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { users } from "./db/schema";

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const app = await buildApp(config);

  const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(users);
  if (n === 0) {
    app.log.warn(
      "No user exists yet. Create the first owner with:\n" +
        "  npm run user:create -- --email you@example.com --password 'a long passphrase' --role owner\n" +
        "(stop the server first when using the embedded database)",
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests and jobs");
    const forceExit = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 25_000);
    forceExit.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Retreat HQ is serving ${config.publicUrl} (database: ${app.database.driver})`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Retreat HQ failed to start:", error);
  }
  process.exit(1);
});
