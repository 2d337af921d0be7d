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

async function failuresSince(db: Db, where: ReturnType<typeof and>, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, loginFailedAction), gt(auditLogs.createdAt, since), where));
  return row?.n ?? 0;
}

/**
 * Refuses with 429 once an account or a client address has too many recent failures. Failures
 * live in audit_logs (action login_failed, entityId = the normalised username, so unknown
 * usernames are throttled exactly like real ones and the reply reveals nothing). A successful
 * sign-in starts the account's count afresh; the address count never resets early.
 */
async function assertNotThrottled(db: Db, username: string, lastLoginAt: Date | null, client: Client) {
  const windowStart = new Date(Date.now() - loginLimits.windowMs);
  const accountSince = lastLoginAt && lastLoginAt > windowStart ? lastLoginAt : windowStart;
  const [perAccount, perIp] = await Promise.all([
    failuresSince(db, and(eq(auditLogs.entityType, "user"), eq(auditLogs.entityId, username)), accountSince),
    failuresSince(db, eq(auditLogs.ipAddress, client.ipAddress), windowStart),
  ]);
  if (perAccount >= loginLimits.perAccount || perIp >= loginLimits.perIp) {
    throw new AppError("rate_limited", tooManyAttemptsMessage);
  }
}

/**
 * Checks a username (email) and password. Unknown user, wrong password, inactive user and
 * password-less (OIDC-only) user all get the same 401 after the same argon2 work.
 */
export async function authenticate(db: Db, input: LoginInput, client: Client): Promise<SessionUser> {
  const username = normaliseUsername(input.username);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${username}`).limit(1);
  await assertNotThrottled(db, username, user?.lastLoginAt ?? null, client);

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
    await recordAudit(db, {
      userId: null,
      action: loginFailedAction,
      entityType: "user",
      entityId: username,
      // why it failed stays in the log for the owner; the reply never says
      newValues: { reason: failure },
      ...client,
    });
    throw new AppError("unauthorized", invalidCredentialsMessage);
  }

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
