import { loadConfig, loadDotEnv } from "../config";
import { openDatabase } from "./client";

loadDotEnv();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  await database.migrate();
  console.log(`Migrations applied (${database.driver}).`);
} finally {
  await database.close();
}
