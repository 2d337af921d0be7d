import { eq } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { retreats } from "../../src/server/db/schema";
import { addDays, todayIn } from "../../src/shared/finance/dates";

/** Moves the open retreat to start `days` from today (London) for ten days, before the server starts. */
export async function startOpenRetreatIn(database: Database, days: number) {
  const start = addDays(todayIn("Europe/London"), days);
  await database.db
    .update(retreats)
    .set({ startDate: start, endDate: addDays(start, 9) })
    .where(eq(retreats.status, "open"));
}
