/** The audit log; every admin write that is audited refreshes it (query keys are URLs, spec section 7). */
export const auditLogsPath = "/api/admin/audit-logs";

export type AuditFilters = { entityType: string; action: string; userId: string };

export function auditLogUrl(filters: AuditFilters, page: number, pageSize: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  params.set("page", String(page));
  params.set("pageSize", String(pageSize));
  return `${auditLogsPath}?${params}`;
}
