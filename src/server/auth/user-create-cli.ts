import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { loadConfig, loadDotEnv } from "../config";
import { openDatabase } from "../db/client";
import { upsertUserWithPassword } from "./users.service";

const usage =
  "Usage: npm run user:create -- --email E --password P --role owner|staff|vendor|guest [--first-name F] [--last-name L]";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    role: { type: "string", default: "owner" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
  },
});
if (!values.email || !values.password) {
  console.error(usage);
  process.exit(2);
}

loadDotEnv();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  await database.migrate();
  const { user, created } = await upsertUserWithPassword(database.db, {
    email: values.email,
    password: values.password,
    role: values.role as "owner",
    firstName: values["first-name"],
    lastName: values["last-name"],
  });
  console.log(`${created ? "Created" : "Updated"} ${user.role} ${user.email}.`);
} catch (error) {
  if (error instanceof ZodError) {
    console.error(error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
    console.error(usage);
    process.exitCode = 2;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
