import { z } from "zod";
import { applicationStages } from "../constants";

/** GET /api/admin/dashboard?retreatId= : the figures of one season (the season switcher's), else of every retreat. */
export const dashboardQuerySchema = z.strictObject({
  retreatId: z.uuid("retreatId must be a uuid").optional(),
});

/** GET /api/admin/dashboard (spec section 3 "Dashboard"). */
export const dashboardSchema = z.object({
  /** Applications of the season (of every retreat without a retreatId). */
  totalApplications: z.number().int(),
  /** Tasks whose status is pending (not yet started), of the season or of every retreat. */
  pendingTasks: z.number().int(),
  /** Money received, of the season or of every retreat: completed payments minus completed refunds ("1234.50"). */
  totalRevenue: z.string(),
  /** Number of retreats (always all of them). */
  retreats: z.number().int(),
  /** Every stage is present, zero included, so the pipeline card never has gaps. */
  applicationsByStage: z.record(z.enum(applicationStages), z.number().int()),
  /** The retreat the public site shows. */
  currentRetreat: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The season these figures cover; null when they cover every retreat (no retreatId asked). */
  season: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /api/admin/dashboard/activity: the Overview's "Recent activity", from the audit trail. */
export { activityPath } from "../admin-constants";

export const activityItemSchema = z.object({
  id: z.string(),
  /** When it happened, ISO 8601. */
  at: z.string(),
  /** A plain-text sentence ("Alex Kim moved Jane Doe's application to Interview"); never HTML. */
  text: z.string(),
  /** The record's page in the back office, or null when it no longer exists. */
  href: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityFeedSchema = z.object({ items: z.array(activityItemSchema) });
export type ActivityFeed = z.infer<typeof activityFeedSchema>;
