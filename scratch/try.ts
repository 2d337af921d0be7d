import { openDatabase } from "../src/server/db/client";
import { seedBaseData } from "../src/server/db/seed";
import { joinWaitlistFromForm } from "../src/server/features/waitlist/waitlist.service";
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: "memory://" });
await database.migrate();
await seedBaseData(database.db);
try {
  await joinWaitlistFromForm(database, { name: "Ada Lovelace", email: "ada@example.com" } as never, { clientIp: "1.2.3.4", publicUrl: "http://x", queue: null });
  console.log(await database.executor.executeSql("select email, unsubscribe_token, tags from email_subscribers", []));
  console.log(await database.executor.executeSql("select id, subject, status from email_logs", []));
} catch (e) { console.error(e); }
await database.close();
