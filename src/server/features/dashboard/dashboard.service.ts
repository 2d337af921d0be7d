import { count, eq } from "drizzle-orm";
import { type ApplicationStage, applicationStages } from "../../../shared/constants";
import { fromPence } from "../../../shared/finance/money";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import type { Db } from "../../db/client";
import { applications, retreats, tasks } from "../../db/schema";
import { moneyFigures } from "../payments/index";
import { getCurrentRetreat } from "../retreats/retreats.service";

/**
 * The dashboard's numbers, all from the database. Counts cover every retreat; revenue is money
 * received over every retreat, from the money figures the Finance and Payments tabs use
 * (money-figures.ts: completed payments minus completed refunds, summed in SQL as numeric).
 */
export async function getDashboard(db: Db): Promise<Dashboard> {
  const [byStage, [pending], revenue, [retreatCount], current] = await Promise.all([
    db.select({ stage: applications.stage, n: count() }).from(applications).groupBy(applications.stage),
    db.select({ n: count() }).from(tasks).where(eq(tasks.status, "pending")),
    moneyFigures(db),
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
  };
}
