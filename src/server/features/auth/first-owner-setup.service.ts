/**
 * The first owner without a terminal detour: while no active owner exists, every start-up prints a
 * one-time link (PUBLIC_URL/setup/<code>) to the terminal, and whoever opens it creates the first
 * owner. The code carries 256 random bits; only its SHA-256 is stored. Every code stops working
 * the moment an active owner exists, however that owner came to be (this page, `npm run
 * user:create`, a restore).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { duplicateEmailMessage, type SetupOwnerInput, setupLinkInvalidMessage } from "../../../shared/schemas/users";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { setupCodes, users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type AuditEntry, recordAudit } from "../audit/audit.service";
import { auditView } from "../users/users.service";

/** 32 random bytes in base64url: exactly 43 characters of this alphabet. */
const codePattern = /^[A-Za-z0-9_-]{43}$/;

type UserRow = typeof users.$inferSelect;

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("base64url");
}

export function setupUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/setup/${code}`;
}

export async function hasActiveOwner(db: DbOrTx): Promise<boolean> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "owner"), eq(users.isActive, true)))
    .limit(1);
  return owner !== undefined;
}

/**
 * At start-up: a new code when no active owner exists (returned once, to be printed; only its
 * hash is kept), otherwise null, and codes left from before the owner existed are removed.
 */
export async function issueSetupCode(db: Db): Promise<string | null> {
  if (await hasActiveOwner(db)) {
    await db.delete(setupCodes);
    return null;
  }
  const code = randomBytes(32).toString("base64url");
  await db.insert(setupCodes).values({ codeHash: hashCode(code) });
  return code;
}

/** Whether the code opens the setup page right now: known, and no active owner yet. */
export async function isSetupCodeLive(db: DbOrTx, code: string): Promise<boolean> {
  if (!codePattern.test(code)) return false;
  const [row] = await db
    .select({ id: setupCodes.id })
    .from(setupCodes)
    .where(eq(setupCodes.codeHash, hashCode(code)))
    .limit(1);
  return row !== undefined && !(await hasActiveOwner(db));
}

function invalidLink(): AppError {
  return new AppError("not_found", setupLinkInvalidMessage);
}

/** GET /api/auth/setup/{code}: 404 unless the link can still create the first owner. */
export async function checkSetupCode(db: Db, code: string): Promise<void> {
  if (!(await isSetupCodeLive(db, code))) throw invalidLink();
}

/**
 * POST /api/auth/setup/{code}: creates the first owner, uses up every setup code and records it,
 * in one transaction. The table lock makes simultaneous attempts (two tabs, two processes' links)
 * take turns: the second finds the owner and gets 404, so there is only ever one first owner.
 */
export async function createFirstOwner(
  db: Db,
  code: string,
  input: SetupOwnerInput,
  client: Pick<AuditEntry, "ipAddress" | "userAgent">,
): Promise<UserRow> {
  // A cheap look first, so random codes cost no argon2 work; the locked check below decides.
  if (!(await isSetupCodeLive(db, code))) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${setupCodes} in share row exclusive mode`);
      if (!(await isSetupCodeLive(tx, code))) throw invalidLink();
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (existing) throw new AppError("conflict", duplicateEmailMessage);
      const now = new Date();
      const [owner] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: "owner",
          lastLoginAt: now,
        })
        .returning();
      await tx.delete(setupCodes);
      await recordAudit(tx, {
        ...client,
        userId: owner!.id,
        action: "create",
        entityType: "user",
        entityId: owner!.id,
        newValues: { ...auditView(owner!), method: "setup_link" },
      });
      return owner!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", duplicateEmailMessage);
    throw error;
  }
}
