import { and, count, eq } from "drizzle-orm";
import { type ApplicationStage, applicationStages } from "../../../shared/constants";
import { fromPence } from "../../../shared/finance/money";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import type { Db } from "../../db/client";
import { retreatRowOr404 } from "../../db/current-retreat";
import { applications, retreats, tasks } from "../../db/schema";
import { moneyFigures } from "../payments/index";
import { getCurrentRetreat } from "../retreats/retreats.service";

/**
 * The dashboard's numbers, all from the database. With a retreatId (the season switcher's season)
 * applications, pending tasks and revenue are that retreat's, so a past season still shows its own
 * figures; without one they cover every retreat. Revenue comes from the money figures the Finance
 * and Payments tabs use (money-figures.ts: completed payments minus completed refunds, summed in
 * SQL as numeric).
 */
export async function getDashboard(db: Db, retreatId?: string): Promise<Dashboard> {
  const season = retreatId ? await retreatRowOr404(db, retreatId) : null;
  const ofApplications = season ? eq(applications.retreatId, season.id) : undefined;
  const ofTasks = season ? eq(tasks.retreatId, season.id) : undefined;
  const [byStage, [pending], revenue, [retreatCount], current] = await Promise.all([
    db
      .select({ stage: applications.stage, n: count() })
      .from(applications)
      .where(ofApplications)
      .groupBy(applications.stage),
    db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.status, "pending"), ofTasks)),
    moneyFigures(db, season ? { retreatId: season.id } : {}),
    db.select({ n: count() }).from(retreats),
    getCurrentRetreat(db),
  ]);
  const applicationsByStage = Object.fromEntries(applicationStages.map((s) => [s, 0])) as Record<
    ApplicationStage,
    number
  >;
  let totalApplications = 0;
  for (const { stage, n } of byStage) {
    totalApplications += n;
    // A stage outside the known list (older data) still counts in the total.
    if (stage in applicationsByStage) applicationsByStage[stage as ApplicationStage] = n;
  }
  return {
    totalApplications,
    pendingTasks: pending?.n ?? 0,
    totalRevenue: fromPence(revenue.receivedPence),
    retreats: retreatCount?.n ?? 0,
    applicationsByStage,
    currentRetreat: current ? { id: current.id, name: current.name } : null,
    season: season ? { id: season.id, name: season.name } : null,
  };
}
