/**
 * The migration as the fault tests kill it: opens the database from the environment and runs the
 * same migrate() as start-up and `npm run db:migrate`, saying on stdout when it starts and ends so
 * the test knows whether its SIGKILL landed mid-migration.
 */
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/client";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
process.stdout.write("migrating\n");
await database.migrate();
process.stdout.write("migrated\n");
await database.close();
