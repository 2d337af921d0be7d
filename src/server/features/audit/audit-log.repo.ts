import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { AuditLogPage, AuditLogQuery } from "../../../shared/schemas/audit";
import type { Db } from "../../db/client";
import { auditLogs, users } from "../../db/schema";

/** One page of the audit trail, newest first, filtered and counted in SQL. */
export async function listAuditLogs(db: Db, query: AuditLogQuery): Promise<AuditLogPage> {
  const conditions: SQL[] = [];
  if (query.entityType) conditions.push(eq(auditLogs.entityType, query.entityType));
  if (query.action) conditions.push(eq(auditLogs.action, query.action));
  if (query.userId) conditions.push(eq(auditLogs.userId, query.userId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [totalRow], entityTypes, actions] = await Promise.all([
    db
      .select({ log: auditLogs, userEmail: users.email })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLogs).where(where),
    db.selectDistinct({ v: auditLogs.entityType }).from(auditLogs).orderBy(auditLogs.entityType),
    db.selectDistinct({ v: auditLogs.action }).from(auditLogs).orderBy(auditLogs.action),
  ]);

  return {
    items: rows.map(({ log, userEmail }) => ({
      id: log.id,
      userId: log.userId,
      userEmail,
      action: log.action,
      entityType: log.entityType,
      entityId: log.entityId,
      oldValues: log.oldValues,
      newValues: log.newValues,
      ipAddress: log.ipAddress,
      userAgent: log.userAgent,
      createdAt: log.createdAt.toISOString(),
    })),
    total: totalRow?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    entityTypes: entityTypes.map((r) => r.v),
    actions: actions.map((r) => r.v),
  };
}
