import { z } from "zod";

import { auditPageSizes } from "../admin-constants";

export { auditPageSizes };

const optionalFilter = z.string().trim().max(100).optional();

/** GET /api/admin/audit-logs query. Empty strings mean "no filter" (the form's "All"). */
export const auditLogQuerySchema = z.strictObject({
  entityType: optionalFilter,
  action: optionalFilter,
  userId: z.union([z.literal(""), z.uuid("Invalid user id.")]).optional(),
  page: z.coerce.number().int().min(1, "Page must be 1 or more.").max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "Page size can be at most 100.").default(25),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Distinct values for the filter menus. */
  entityTypes: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
