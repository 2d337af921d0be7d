// Plain values the admin shell needs on every page, kept apart from the zod schemas that define them
// in context (which re-export them): importing these costs the dashboard no validation library
// (decision 021).

/** GET and PUT /api/admin/season: the season switcher's selection. */
export const seasonPath = "/api/admin/season";

/** GET /api/admin/dashboard/activity: the Overview's "Recent activity", from the audit trail. */
export const activityPath = "/api/admin/dashboard/activity";

/**
 * A retreat's lifecycle. The schema's default is planning; open marks the retreat taking
 * applications (docs/decisions/002); open and planning retreats are the ones the public site and
 * the application form can pick as "current".
 */
export const retreatStatuses = ["planning", "open", "full", "completed", "cancelled"] as const;
export type RetreatStatus = (typeof retreatStatuses)[number];
export const retreatStatusLabels: Record<RetreatStatus, string> = {
  planning: "Planning",
  open: "Open",
  full: "Full",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The audit log's page sizes (its list's page-size menu and the API's check). */
export const auditPageSizes = [10, 25, 50, 100] as const;
