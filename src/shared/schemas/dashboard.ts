import { z } from "zod";
import { applicationStages } from "../constants";

/** GET /api/admin/dashboard (spec section 3 "Dashboard"). */
export const dashboardSchema = z.object({
  totalApplications: z.number().int(),
  /** Tasks whose status is pending (not yet started). */
  pendingTasks: z.number().int(),
  /** Money received over every retreat: completed payments minus completed refunds ("1234.50"). */
  totalRevenue: z.string(),
  /** Number of retreats. */
  retreats: z.number().int(),
  /** Every stage is present, zero included, so the pipeline card never has gaps. */
  applicationsByStage: z.record(z.enum(applicationStages), z.number().int()),
  currentRetreat: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
