import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { openMigratedDatabase } from "../db/cli";
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

const database = await openMigratedDatabase();
try {
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
