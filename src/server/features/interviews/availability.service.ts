/** Who can interview, and when: weekly windows and blocked times per owner or staff user. */
import { and, asc, eq, gte, inArray, or } from "drizzle-orm";
import type { z } from "zod";
import type {
  Availability,
  AvailabilityWindow,
  createInterviewBlockSchema,
  InterviewBlock,
  Interviewer,
  replaceAvailabilitySchema,
} from "../../../shared/schemas/interviews";
import type { Db } from "../../db/client";
import { interviewAvailability, interviewBlocks, users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { displayName } from "./interview-records";

const interviewerRoles = ["owner", "staff"];
const day = 24 * 60 * 60_000;

/** GET /api/admin/interviews/interviewers: active owner and staff users, by name. */
export async function listInterviewers(db: Db): Promise<Interviewer[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.isActive, true), inArray(users.role, interviewerRoles)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map((u) => ({ id: u.id, name: displayName(u), email: u.email }));
}

async function interviewerOrNotFound(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !interviewerRoles.includes(user.role)) throw new AppError("not_found", "Interviewer not found.");
  return user;
}

const hhmm = (time: string) => time.slice(0, 5);

function toBlock(row: typeof interviewBlocks.$inferSelect): InterviewBlock {
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    reason: row.reason,
    isRecurring: row.isRecurring,
    recurringPattern: row.isRecurring ? ((row.recurringPattern as InterviewBlock["recurringPattern"]) ?? null) : null,
  };
}

/** The user's active windows, and their blocks that still matter (repeating ones, and one-offs not yet over). */
export async function getAvailability(db: DbOrTx, userId: string, now = new Date()): Promise<Availability> {
  await interviewerOrNotFound(db, userId);
  const windows = await db
    .select()
    .from(interviewAvailability)
    .where(and(eq(interviewAvailability.userId, userId), eq(interviewAvailability.isActive, true)))
    .orderBy(asc(interviewAvailability.dayOfWeek), asc(interviewAvailability.startTime));
  const blocks = await db
    .select()
    .from(interviewBlocks)
    .where(
      and(
        eq(interviewBlocks.userId, userId),
        or(eq(interviewBlocks.isRecurring, true), gte(interviewBlocks.endTime, now)),
      ),
    )
    .orderBy(asc(interviewBlocks.startTime));
  return {
    userId,
    windows: windows.map((w) => ({
      dayOfWeek: w.dayOfWeek,
      startTime: hhmm(w.startTime),
      endTime: hhmm(w.endTime),
      timezone: w.timezone,
    })),
    blocks: blocks.map(toBlock),
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** PUT /api/admin/interviews/availability: the user's weekly windows, replaced whole in one transaction. */
export async function replaceAvailability(
  db: Db,
  input: z.infer<typeof replaceAvailabilitySchema>,
  actor: Actor & { userId: string },
): Promise<Availability> {
  const userId = input.userId ?? actor.userId;
  const badZones = input.windows.flatMap((w, i) =>
    isTimeZone(w.timezone)
      ? []
      : [{ path: `windows.${i}.timezone`, message: "Use a time zone such as Europe/London." }],
  );
  if (badZones.length > 0) throw new AppError("bad_request", badZones[0]!.message, badZones);
  return db.transaction(async (tx) => {
    // The user row lock serialises two saves for one user (and bookings, which read the windows under it).
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user || !interviewerRoles.includes(user.role)) throw new AppError("not_found", "Interviewer not found.");
    const before = await getAvailability(tx, userId);
    await tx.delete(interviewAvailability).where(eq(interviewAvailability.userId, userId));
    if (input.windows.length > 0) {
      await tx.insert(interviewAvailability).values(input.windows.map((w: AvailabilityWindow) => ({ ...w, userId })));
    }
    const after = await getAvailability(tx, userId);
    await recordAudit(tx, {
      ...actor,
      action: "update",
      entityType: "interview_availability",
      entityId: userId,
      oldValues: { windows: before.windows },
      newValues: { windows: after.windows },
    });
    return after;
  });
}

/** A repeating block must end before its next occurrence, or it would cover every hour there is. */
const longestBlock = { daily: day, weekly: 7 * day } as const;

/** POST /api/admin/interviews/blocks. */
export async function createBlock(
  db: Db,
  input: z.infer<typeof createInterviewBlockSchema>,
  actor: Actor & { userId: string },
): Promise<InterviewBlock> {
  const userId = input.userId ?? actor.userId;
  const start = new Date(input.startTime);
  const end = new Date(input.endTime);
  if (input.recurringPattern && end.getTime() - start.getTime() >= longestBlock[input.recurringPattern]) {
    throw new AppError("bad_request", `A ${input.recurringPattern} block must be shorter than its repeat.`, [
      { path: "endTime", message: `A ${input.recurringPattern} block must be shorter than its repeat.` },
    ]);
  }
  return db.transaction(async (tx) => {
    await interviewerOrNotFound(tx, userId);
    const [row] = await tx
      .insert(interviewBlocks)
      .values({
        userId,
        startTime: start,
        endTime: end,
        reason: input.reason || null,
        isRecurring: input.recurringPattern !== null,
        recurringPattern: input.recurringPattern,
      })
      .returning();
    const block = toBlock(row!);
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "interview_block",
      entityId: block.id,
      newValues: { userId, ...block },
    });
    return block;
  });
}

/** DELETE /api/admin/interviews/blocks/{id}. */
export async function deleteBlock(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(interviewBlocks).where(eq(interviewBlocks.id, id)).returning();
    if (!row) throw new AppError("not_found", "Block not found.");
    await recordAudit(tx, {
      ...actor,
      action: "delete",
      entityType: "interview_block",
      entityId: id,
      oldValues: { userId: row.userId, ...toBlock(row) },
    });
  });
}
