import { buildApp } from "./app";
import { ConfigError, loadConfig, loadDotEnv } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { issueSetupCode, setupUrl } from "./features/auth/first-owner-setup.service";

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const app = await buildApp(config);

  // Only its hash is stored; the link itself goes to the terminal, never to the structured log
  // (log lines are shipped and kept). It is the one credential the server ever prints.
  const setupCode = await issueSetupCode(app.db);

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
  if (setupCode) printSetupLink(setupUrl(config.publicUrl, setupCode));
}

function printSetupLink(url: string) {
  console.log(
    [
      "",
      "No owner exists yet. Open this link to create the first owner:",
      `  ${url}`,
      "It works until an owner exists. (Scripts can use `npm run user:create` instead.)",
      "",
    ].join("\n"),
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Retreat HQ failed to start:", error);
  }
  process.exit(1);
});
