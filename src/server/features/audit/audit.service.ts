import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { auditLogs } from "../../db/schema";

type Json = Record<string, unknown>;

export type AuditEntry = {
  /** Who did it; null for anonymous events (a failed sign-in). */
  userId: string | null;
  /** What happened, e.g. "create", "update", "delete", "login", "login_failed", "escalate". */
  action: string;
  /** Which kind of thing, e.g. "user", "application", "setting". */
  entityType: string;
  entityId?: string | null;
  oldValues?: Json | null;
  newValues?: Json | null;
  ipAddress?: string | null;
  userAgent?: string | null;
};

/** Who is acting, as every audited write records it (a signed-in user, or null for the system). */
export type Actor = Pick<AuditEntry, "userId" | "ipAddress" | "userAgent">;

/** Keys never written to the trail, whatever entity they belong to. */
const secretKeys = new Set(["password", "passwordHash", "token", "tokenHash"]);

function withoutSecrets(values: Json | null | undefined): Json | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !secretKeys.has(key)));
}

/**
 * The one way to write the audit trail. Pass the transaction that makes the change, so the
 * change and its record commit or roll back together.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   const [after] = await tx.update(applications).set(patch).where(eq(applications.id, id)).returning();
 *   await recordAudit(tx, { ...auditContext(request), action: "update", entityType: "application",
 *     entityId: id, oldValues: before, newValues: after });
 * });
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<string> {
  const [row] = await db
    .insert(auditLogs)
    .values({
      userId: entry.userId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      oldValues: withoutSecrets(entry.oldValues),
      newValues: withoutSecrets(entry.newValues),
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: auditLogs.id });
  return row!.id;
}

/** Who and from where, taken from the request: spread it into recordAudit's entry. */
export function auditContext(request: FastifyRequest): Actor {
  return {
    userId: request.user?.id ?? null,
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
  };
}
