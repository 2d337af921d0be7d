import { count, eq, sql } from "drizzle-orm";
import { type ApplicationStage, applicationStages } from "../../../shared/constants";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import type { Db } from "../../db/client";
import { applications, payments, retreats, tasks } from "../../db/schema";
import { getCurrentRetreat } from "../retreats/retreats.service";

/**
 * The dashboard's numbers, all from the database. Counts cover every retreat; revenue is the
 * sum of completed payments, summed in SQL so no float ever touches money.
 */
export async function getDashboard(db: Db): Promise<Dashboard> {
  const [byStage, [pending], [revenue], [retreatCount], current] = await Promise.all([
    db.select({ stage: applications.stage, n: count() }).from(applications).groupBy(applications.stage),
    db.select({ n: count() }).from(tasks).where(eq(tasks.status, "pending")),
    db
      .select({ total: sql<string>`round(coalesce(sum(${payments.amount}), 0), 2)::text` })
      .from(payments)
      .where(eq(payments.status, "completed")),
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
    totalRevenue: revenue?.total ?? "0.00",
    retreats: retreatCount?.n ?? 0,
    applicationsByStage,
    currentRetreat: current ? { id: current.id, name: current.name } : null,
  };
}
