import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client";
import { retreats } from "../../src/server/db/schema";
import { seedBaseData } from "../../src/server/db/seed";
import { addDays, todayIn } from "../../src/shared/finance/dates";

/** Moves the open retreat to start `days` from today (London) for ten days, before the server starts. */
export async function startOpenRetreatIn(dataDir: string, days: number) {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedBaseData(database.db);
    const start = addDays(todayIn("Europe/London"), days);
    await database.db
      .update(retreats)
      .set({ startDate: start, endDate: addDays(start, 9) })
      .where(eq(retreats.status, "open"));
  } finally {
    await database.close();
  }
}
