import { openMigratedDatabase } from "./cli";

const database = await openMigratedDatabase();
try {
  console.log(`Migrations applied (${database.driver}).`);
} finally {
  await database.close();
}
