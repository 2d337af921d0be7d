/**
 * Single-use links that let a user choose their own password: sent when an owner creates a user
 * without one, or on demand from the users list. The link carries 256 random bits; only their
 * SHA-256 is stored, so a leaked table or backup holds no working link.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { setPasswordLinkInvalidMessage } from "../../../shared/schemas/users";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { passwordTokens, sessions, users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { EmailSecrets, type LinkSettings } from "../../email/hidden-links";
import { queueEmail } from "../../email/outbox";
import { renderSetPasswordEmail } from "../../email/templates/set-password";
import { AppError } from "../../http/errors";
import { type AuditEntry, recordAudit } from "../audit/audit.service";

export const setPasswordLinkTtlHours = 72;
const setPasswordPurpose = "set_password";
/** 32 random bytes in base64url: exactly 43 characters of this alphabet. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const inactiveUserLinkMessage = "This user is deactivated. Reactivate them before sending a link.";

type UserRow = typeof users.$inferSelect;
type Actor = Pick<AuditEntry, "ipAddress" | "userAgent"> & { userId: string };

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function setPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/set-password/${token}`;
}

/** A link just issued. `url` is the working link: for the issuing owner's reply only, never stored. */
export type IssuedSetPasswordLink = { emailLogId: string; expiresAt: Date; url: string };

/**
 * Creates a link for the user and puts its email in the outbox, inside the caller's transaction.
 * Earlier unused links of the user stop working: only the newest email's link is valid.
 */
export async function issueSetPasswordLink(
  tx: DbOrTx,
  user: Pick<UserRow, "id" | "email" | "firstName" | "lastName">,
  options: LinkSettings & { invited: boolean },
): Promise<IssuedSetPasswordLink> {
  await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, user.id), isNull(passwordTokens.usedAt)));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + setPasswordLinkTtlHours * 60 * 60 * 1000);
  await tx
    .insert(passwordTokens)
    .values({ userId: user.id, tokenHash: hashToken(token), purpose: setPasswordPurpose, expiresAt });
  const secrets = new EmailSecrets(options.cipher);
  const email = await renderSetPasswordEmail({
    firstName: user.firstName,
    email: user.email,
    url: setPasswordUrl(options.publicUrl, secrets.hide(token)),
    expiresInHours: setPasswordLinkTtlHours,
    invited: options.invited,
  });
  const emailLogId = await queueEmail(tx, {
    to: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
    email,
    kind: "set_password",
    secrets,
  });
  return { emailLogId, expiresAt, url: setPasswordUrl(options.publicUrl, token) };
}

/** POST /api/admin/users/{id}/set-password-link: a new link for an existing, active user. */
export async function sendSetPasswordLink(
  db: Db,
  userId: string,
  actor: Actor,
  links: LinkSettings,
): Promise<{ email: string; expiresAt: Date; url: string; emailLogIds: string[] }> {
  return db.transaction(async (tx) => {
    // The row lock makes two owners' simultaneous sends take turns, so one link survives.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new AppError("not_found", "User not found.");
    if (!user.isActive) throw new AppError("conflict", inactiveUserLinkMessage);
    const { emailLogId, expiresAt, url } = await issueSetPasswordLink(tx, user, { ...links, invited: false });
    await recordAudit(tx, {
      ...actor,
      action: "send_set_password_link",
      entityType: "user",
      entityId: user.id,
      newValues: { email: user.email, expiresAt: expiresAt.toISOString() },
    });
    return { email: user.email, expiresAt, url, emailLogIds: [emailLogId] };
  });
}

type LiveLink = { tokenId: string; userId: string; email: string };

/** The link's token row and user when it can still be used; `lock` takes row locks on both. */
async function liveLink(db: DbOrTx, token: string, lock: boolean): Promise<LiveLink | null> {
  if (!tokenPattern.test(token)) return null;
  const query = db
    .select({
      tokenId: passwordTokens.id,
      expiresAt: passwordTokens.expiresAt,
      usedAt: passwordTokens.usedAt,
      purpose: passwordTokens.purpose,
      userId: users.id,
      email: users.email,
      isActive: users.isActive,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(eq(passwordTokens.tokenHash, hashToken(token)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  if (row.purpose !== setPasswordPurpose || !row.isActive) return null;
  return { tokenId: row.tokenId, userId: row.userId, email: row.email };
}

function invalidLink(): AppError {
  return new AppError("not_found", setPasswordLinkInvalidMessage);
}

/** GET /api/auth/set-password/{token}: whose password the link sets, or 404. */
export async function findSetPasswordLink(db: Db, token: string): Promise<{ email: string }> {
  const link = await liveLink(db, token, false);
  if (!link) throw invalidLink();
  return { email: link.email };
}

/**
 * POST /api/auth/set-password/{token}: stores the new password, uses up the link and signs the
 * user out everywhere, in one transaction. The token row is locked, so of two simultaneous uses
 * the second waits, then finds the link used and gets 404.
 */
export async function redeemSetPasswordLink(
  db: Db,
  token: string,
  password: string,
  client: Pick<AuditEntry, "ipAddress" | "userAgent">,
): Promise<void> {
  // A cheap look first, so random tokens cost no argon2 work; the locked check below decides.
  if (!(await liveLink(db, token, false))) throw invalidLink();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const link = await liveLink(tx, token, true);
    if (!link) throw invalidLink();
    const now = new Date();
    await tx.update(passwordTokens).set({ usedAt: now }).where(eq(passwordTokens.id, link.tokenId));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId));
    await tx.delete(sessions).where(eq(sessions.userId, link.userId));
    await recordAudit(tx, {
      ...client,
      userId: link.userId,
      action: "set_password",
      entityType: "user",
      entityId: link.userId,
      newValues: { passwordChanged: true, method: "set_password_link" },
    });
  });
}
