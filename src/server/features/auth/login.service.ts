import { and, count, eq, gt, sql } from "drizzle-orm";
import { invalidCredentialsMessage, type LoginInput, tooManyAttemptsMessage } from "../../../shared/schemas/auth";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { auditLogs, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { recordAudit } from "../audit/audit.service";

/** Failed sign-ins allowed per account, and per client address, within the window. */
export const loginLimits = { perAccount: 5, perIp: 20, windowMs: 15 * 60 * 1000 } as const;

export const loginFailedAction = "login_failed";

type Client = { ipAddress: string; userAgent: string | null };

// Verified when the account does not exist, so unknown and known usernames cost the same time.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-only-for-equal-timing");
  return dummyHash;
}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Advisory lock namespaces (two-key form; the one-key locks 727274001-3 are a separate space). */
const accountLockSpace = 727274010;
const addressLockSpace = 727274011;

/** Marks an attempt reserved but not yet verified; it counts as a failure until its outcome is known. */
const pendingReason = "pending";

async function failuresSince(db: Db, where: ReturnType<typeof and>, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, loginFailedAction), gt(auditLogs.createdAt, since), where));
  return row?.n ?? 0;
}

/**
 * Counts the attempt before the password is checked: refuses with 429 once an account or a client
 * address has too many recent failures, and otherwise records this attempt as a failure pending
 * its outcome. Checking and recording happen under per-account and per-address advisory locks in
 * one transaction, so simultaneous attempts (from any process on the database) queue behind each
 * other and each sees the ones before it. Failures live in audit_logs (action login_failed,
 * entityId = the normalised username, so unknown usernames are throttled exactly like real ones
 * and the reply reveals nothing). A successful sign-in starts the account's count afresh; the
 * address count never resets early. Returns the id of the reserved row.
 */
async function reserveAttempt(db: Db, username: string, lastLoginAt: Date | null, client: Client): Promise<string> {
  return db.transaction(async (tx) => {
    // Always account first, then address: one order everywhere, so two attempts cannot deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(${accountLockSpace}, hashtext(${username}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${addressLockSpace}, hashtext(${client.ipAddress}))`);
    const windowStart = new Date(Date.now() - loginLimits.windowMs);
    const accountSince = lastLoginAt && lastLoginAt > windowStart ? lastLoginAt : windowStart;
    const txDb = tx as unknown as Db;
    const perAccount = await failuresSince(
      txDb,
      and(eq(auditLogs.entityType, "user"), eq(auditLogs.entityId, username)),
      accountSince,
    );
    const perIp = await failuresSince(txDb, eq(auditLogs.ipAddress, client.ipAddress), windowStart);
    if (perAccount >= loginLimits.perAccount || perIp >= loginLimits.perIp) {
      throw new AppError("rate_limited", tooManyAttemptsMessage);
    }
    return recordAudit(txDb, {
      userId: null,
      action: loginFailedAction,
      entityType: "user",
      entityId: username,
      newValues: { reason: pendingReason },
      ...client,
    });
  });
}

/**
 * Checks a username (email) and password. Unknown user, wrong password, inactive user and
 * password-less (OIDC-only) user all get the same 401 after the same argon2 work.
 */
export async function authenticate(db: Db, input: LoginInput, client: Client): Promise<SessionUser> {
  const username = normaliseUsername(input.username);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${username}`).limit(1);
  const attemptId = await reserveAttempt(db, username, user?.lastLoginAt ?? null, client);

  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  const failure = !user
    ? "unknown_user"
    : !user.isActive
      ? "inactive"
      : !user.passwordHash
        ? "no_password"
        : passwordOk
          ? null
          : "wrong_password";
  if (!user || failure) {
    // why it failed stays in the log for the owner; the reply never says
    await db
      .update(auditLogs)
      .set({ newValues: { reason: failure } })
      .where(eq(auditLogs.id, attemptId));
    throw new AppError("unauthorized", invalidCredentialsMessage);
  }

  // A reservation, not an event: the sign-in itself is recorded as "login" below.
  await db.delete(auditLogs).where(eq(auditLogs.id, attemptId));
  return recordSignIn(db, user, "password", client);
}

type UserRow = typeof users.$inferSelect;

/** The bookkeeping of every successful sign-in, whatever the method: lastLoginAt and the audit trail. */
async function recordSignIn(db: Db, user: UserRow, method: "password" | "oidc", client: Client): Promise<SessionUser> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await recordAudit(db, {
    userId: user.id,
    action: "login",
    entityType: "user",
    entityId: user.id,
    newValues: { method },
    ...client,
  });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as SessionUser["role"],
    isActive: user.isActive,
  };
}

/**
 * Signs in the ACTIVE user whose email (any case) the OpenID Connect provider vouched for. No
 * account is created for an unknown address: the owner decides who gets in. Refusals are
 * recorded like failed password sign-ins, and return null.
 */
export async function authenticateOidc(
  db: Db,
  identity: { email: string; subject: string },
  client: Client,
): Promise<SessionUser | null> {
  const email = normaliseUsername(identity.email);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (!user?.isActive) {
    await recordAudit(db, {
      userId: null,
      action: loginFailedAction,
      entityType: "user",
      entityId: email,
      newValues: { reason: user ? "inactive" : "unknown_user", method: "oidc", subject: identity.subject },
      ...client,
    });
    return null;
  }
  return recordSignIn(db, user, "oidc", client);
}
