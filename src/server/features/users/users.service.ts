import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  type CreateUserInput,
  duplicateEmailMessage,
  lastOwnerMessage,
  type UpdateUserInput,
  type UserDto,
} from "../../../shared/schemas/users";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { sessions, users } from "../../db/schema";
import type { LinkSettings } from "../../email/hidden-links";
import { AppError } from "../../http/errors";
import { type AuditEntry, recordAudit } from "../audit/audit.service";
import { issueSetPasswordLink } from "./set-password-links.service";

type UserRow = typeof users.$inferSelect;
/** Who acts, from where, and which session they are using (kept when they change their own password). */
export type Actor = Pick<AuditEntry, "ipAddress" | "userAgent"> & { userId: string; sessionId: string | null };

export function toUserDto(user: UserRow): UserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as UserDto["role"],
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** What the audit trail keeps of a user: never the password hash. */
export function auditView(user: UserRow) {
  const { id, email, firstName, lastName, role, isActive } = user;
  return { id, email, firstName, lastName, role, isActive };
}

export async function listUsers(db: Db): Promise<UserDto[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
  return rows.map(toUserDto);
}

/**
 * Creates a user with a first password, or without one and with a set-password link in the outbox
 * (same transaction). Returns the outbox ids to dispatch after commit.
 */
export async function createUser(
  db: Db,
  input: CreateUserInput,
  actor: Actor,
  links: LinkSettings,
): Promise<{ user: UserDto; emailLogIds: string[]; setPasswordUrl: string | null }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (existing) throw new AppError("conflict", duplicateEmailMessage);
      const [created] = await tx
        .insert(users)
        .values({ email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: input.role })
        .returning();
      const link = passwordHash ? null : await issueSetPasswordLink(tx, created!, { ...links, invited: true });
      await recordAudit(tx, {
        ...actor,
        action: "create",
        entityType: "user",
        entityId: created!.id,
        newValues: {
          ...auditView(created!),
          ...(link ? { setPasswordLinkSent: true, setPasswordLinkExpiresAt: link.expiresAt.toISOString() } : {}),
        },
      });
      return {
        user: toUserDto(created!),
        emailLogIds: link ? [link.emailLogId] : [],
        setPasswordUrl: link?.url ?? null,
      };
    });
  } catch (error) {
    // Two owners creating the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError("conflict", duplicateEmailMessage);
    throw error;
  }
}

/**
 * Changes a user's names, role, active flag or password. Refuses (409) to leave the product
 * without an active owner. Deactivation and password changes end the user's sessions (except
 * the actor's own current session when they change their own password).
 */
export async function updateUser(db: Db, id: string, patch: UpdateUserInput, actor: Actor): Promise<UserDto> {
  const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
  return db.transaction(async (tx) => {
    // Lock every active owner row so two owners demoting each other at once cannot both succeed.
    const owners = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "owner"), eq(users.isActive, true)))
      .for("update");
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!before) throw new AppError("not_found", "User not found.");

    const staysOwner = (patch.role ?? before.role) === "owner" && (patch.isActive ?? before.isActive);
    const wasActiveOwner = before.role === "owner" && before.isActive;
    if (wasActiveOwner && !staysOwner && owners.filter((o) => o.id !== id).length === 0) {
      throw new AppError("conflict", lastOwnerMessage);
    }

    const { password: _password, ...fields } = patch;
    const [after] = await tx
      .update(users)
      .set({ ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();

    const endsSessions = patch.isActive === false || passwordHash !== undefined;
    if (endsSessions) {
      const keep = actor.userId === id && patch.isActive !== false ? actor.sessionId : null;
      await tx
        .delete(sessions)
        .where(keep ? and(eq(sessions.userId, id), ne(sessions.sid, keep)) : eq(sessions.userId, id));
    }

    const oldView = auditView(before);
    const newView = auditView(after!);
    const changed = (Object.keys(newView) as (keyof typeof newView)[]).filter((k) => oldView[k] !== newView[k]);
    await recordAudit(tx, {
      ...actor,
      action: patch.isActive === false && before.isActive ? "deactivate" : "update",
      entityType: "user",
      entityId: id,
      oldValues: Object.fromEntries(changed.map((k) => [k, oldView[k]])),
      newValues: {
        ...Object.fromEntries(changed.map((k) => [k, newView[k]])),
        ...(passwordHash ? { passwordChanged: true } : {}),
      },
    });
    return toUserDto(after!);
  });
}
