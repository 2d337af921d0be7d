import { type SQL, sql } from "drizzle-orm";
import { applications } from "../../db/schema";

/**
 * The columns to write with a new stage, for every path that moves an application (staff edits,
 * pipeline moves, interview outcomes, cancellations, the places sweep, offers). Retention counts
 * a declined application's age from declinedAt: entering declined stamps it (a move from declined
 * to declined keeps the first stamp), leaving declined clears it.
 */
export function stageWrite(
  stage: string,
  now: Date = new Date(),
): { stage: string; declinedAt: SQL | null; acceptedAt: SQL | null } {
  return {
    stage,
    // Entering accepted (or payment) stamps the first acceptance; the guest journey counts from it.
    acceptedAt:
      stage === "accepted" || stage === "payment"
        ? sql`coalesce(${applications.acceptedAt}, ${now.toISOString()}::timestamptz)`
        : null,
    declinedAt:
      stage === "declined" ? sql`coalesce(${applications.declinedAt}, ${now.toISOString()}::timestamptz)` : null,
  };
}
