import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { auditLogs, users } from "../db/schema";

/** What every sign-in leaves, checked: the user's lastLoginAt stamped, and one login in the audit log (returned). */
export async function theOneLoginOf(app: FastifyInstance, userId: string) {
  const [after] = await app.db.select().from(users).where(eq(users.id, userId));
  expect(after!.lastLoginAt).not.toBeNull();
  const logins = await app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "login"), eq(auditLogs.userId, userId)));
  expect(logins).toHaveLength(1);
  return logins[0]!;
}
