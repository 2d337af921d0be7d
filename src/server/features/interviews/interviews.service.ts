import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, lt, ne, type SQL, sql } from "drizzle-orm";
import { stageTransitionError } from "../../../shared/schemas/admin-applications";
import {
  type CompleteInterviewInput,
  type CreateInterviewInput,
  type InterviewFilter,
  type InterviewItem,
  type InterviewList,
  interviewDefaults,
  successRate,
} from "../../../shared/schemas/interviews";
import { wallClockInZone, zonedToUtc } from "../../../shared/schemas/schedule";
import type { Db } from "../../db/client";
import { applications, interviewAvailability, interviewBlocks, interviews, jitsiRooms, users } from "../../db/schema";
import { type DbOrTx, queueEmail } from "../../email/outbox";
import { AppError } from "../../http/errors";
import { type AuditEntry, recordAudit } from "../audit/audit.service";
import { renderInterviewEmail } from "./interview-emails";

/** JITSI_BASE_URL is not in the config yet; the public Jitsi service until it is. */
export const jitsiBaseUrl = "https://meet.jit.si";

export type Actor = Pick<AuditEntry, "userId" | "ipAddress" | "userAgent">;
type InterviewRow = typeof interviews.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const minute = 60_000;

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

function londonToday(now: Date): { start: Date; end: Date } {
  const { date } = wallClockInZone(now, interviewDefaults.timeZone);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return {
    start: zonedToUtc(date, "00:00", interviewDefaults.timeZone),
    end: zonedToUtc(tomorrow, "00:00", interviewDefaults.timeZone),
  };
}

function filterCondition(filter: InterviewFilter, now: Date): SQL | undefined {
  const today = londonToday(now);
  switch (filter) {
    case "upcoming":
      return and(eq(interviews.status, "scheduled"), gte(interviews.scheduledAt, now));
    case "today":
      return and(gte(interviews.scheduledAt, today.start), lt(interviews.scheduledAt, today.end));
    case "completed":
      return eq(interviews.status, "completed");
    case "cancelled":
      return eq(interviews.status, "cancelled");
    case "all":
      return undefined;
  }
}

function toItem(row: {
  interview: InterviewRow;
  application: { firstName: string | null; lastName: string | null; email: string };
  roomUrl: string | null;
  interviewerId: string | null;
  interviewerFirst: string | null;
  interviewerLast: string | null;
  interviewerEmail: string | null;
}): InterviewItem {
  const i = row.interview;
  const meetingUrl = row.roomUrl ?? i.jitsiMeetingUrl;
  const name = [row.interviewerFirst, row.interviewerLast].filter(Boolean).join(" ") || row.interviewerEmail || "";
  return {
    interview: {
      id: i.id,
      applicationId: i.applicationId,
      status: i.status as InterviewItem["interview"]["status"],
      outcome: (i.outcome as InterviewItem["interview"]["outcome"]) ?? null,
      scheduledAt: i.scheduledAt.toISOString(),
      duration: i.duration,
      rating: i.rating,
      feedback: i.feedback,
      calendlyLink: i.calendlyLink,
      completedAt: i.completedAt?.toISOString() ?? null,
    },
    application: row.application,
    jitsiRoom: meetingUrl ? { meetingUrl } : null,
    interviewer: row.interviewerId ? { id: row.interviewerId, name } : null,
  };
}

function selectItems(db: DbOrTx) {
  return db
    .select({
      interview: interviews,
      application: { firstName: applications.firstName, lastName: applications.lastName, email: applications.email },
      roomUrl: jitsiRooms.meetingUrl,
      interviewerId: users.id,
      interviewerFirst: users.firstName,
      interviewerLast: users.lastName,
      interviewerEmail: users.email,
    })
    .from(interviews)
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .leftJoin(jitsiRooms, eq(jitsiRooms.id, interviews.jitsiRoomId))
    .leftJoin(users, eq(users.id, interviews.interviewerUserId));
}

/** The list is for a small team's calendar: capped rather than paginated. */
const listLimit = 500;

export async function listInterviews(db: Db, filter: InterviewFilter, now = new Date()): Promise<InterviewList> {
  const order =
    filter === "upcoming" || filter === "today" ? asc(interviews.scheduledAt) : desc(interviews.scheduledAt);
  const rows = await selectItems(db)
    .where(filterCondition(filter, now))
    .orderBy(order, asc(interviews.id))
    .limit(listLimit);
  const today = londonToday(now);
  const [c] = await db
    .select({
      upcoming: sql<number>`count(*) filter (where ${interviews.status} = 'scheduled' and ${interviews.scheduledAt} >= ${now.toISOString()})::int`,
      today: sql<number>`count(*) filter (where ${interviews.scheduledAt} >= ${today.start.toISOString()} and ${interviews.scheduledAt} < ${today.end.toISOString()})::int`,
      completed: sql<number>`count(*) filter (where ${interviews.status} = 'completed')::int`,
      accepted: sql<number>`count(*) filter (where ${interviews.status} = 'completed' and ${interviews.outcome} = 'accepted')::int`,
      cancelled: sql<number>`count(*) filter (where ${interviews.status} = 'cancelled')::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(interviews);
  const { accepted, ...counts } = c!;
  return { items: rows.map(toItem), successRate: successRate(counts.completed, accepted), counts };
}

async function itemById(db: DbOrTx, id: string): Promise<InterviewItem> {
  const [row] = await selectItems(db).where(eq(interviews.id, id));
  if (!row) throw new AppError("not_found", "Interview not found.");
  return toItem(row);
}

// ---------------------------------------------------------------------------------------------
// Slot rules
// ---------------------------------------------------------------------------------------------

const toMinutes = (time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

/** Whether [start, end) lies inside one availability row, read on the row's own wall clock. */
function insideAvailability(row: typeof interviewAvailability.$inferSelect, start: Date, end: Date): boolean {
  const zone = row.timezone || interviewDefaults.timeZone;
  const from = wallClockInZone(start, zone);
  const to = wallClockInZone(new Date(end.getTime() - 1), zone);
  // A slot that crosses midnight on the interviewer's clock never fits a same-day window.
  if (from.date !== to.date) return false;
  const [y, m, d] = from.date.split("-").map(Number) as [number, number, number];
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDay() !== row.dayOfWeek) return false;
  if (row.effectiveFrom && from.date < row.effectiveFrom) return false;
  if (row.effectiveTo && from.date > row.effectiveTo) return false;
  const endMinutes = toMinutes(from.time) + (end.getTime() - start.getTime()) / minute;
  return toMinutes(from.time) >= toMinutes(row.startTime) && endMinutes <= toMinutes(row.endTime);
}

/**
 * Refuses a slot the interviewer cannot take. Runs after the interviewer's user row is locked,
 * so two bookings for the same interviewer are checked one after the other, never side by side.
 */
async function assertSlotFree(
  tx: Tx,
  interviewerId: string,
  start: Date,
  duration: number,
  excludeInterviewId?: string,
): Promise<void> {
  const end = new Date(start.getTime() + duration * minute);
  const [clash] = await tx
    .select({ id: interviews.id })
    .from(interviews)
    .where(
      and(
        eq(interviews.interviewerUserId, interviewerId),
        eq(interviews.status, "scheduled"),
        lt(interviews.scheduledAt, end),
        sql`${interviews.scheduledAt} + ${interviews.duration} * interval '1 minute' > ${start.toISOString()}`,
        excludeInterviewId ? ne(interviews.id, excludeInterviewId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw new AppError("conflict", "The interviewer already has an interview at that time.");
  const [block] = await tx
    .select({ id: interviewBlocks.id })
    .from(interviewBlocks)
    .where(
      and(
        eq(interviewBlocks.userId, interviewerId),
        lt(interviewBlocks.startTime, end),
        sql`${interviewBlocks.endTime} > ${start.toISOString()}`,
      ),
    )
    .limit(1);
  if (block) throw new AppError("conflict", "The interviewer has blocked that time.");
  const windows = await tx
    .select()
    .from(interviewAvailability)
    .where(and(eq(interviewAvailability.userId, interviewerId), eq(interviewAvailability.isActive, true)));
  if (windows.length > 0 && !windows.some((w) => insideAvailability(w, start, end))) {
    throw new AppError("conflict", "That time is outside the interviewer's availability.");
  }
}

/** Locks the interviewer's row for the rest of the transaction: bookings for one interviewer queue up here. */
async function lockInterviewer(tx: Tx, interviewerId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, interviewerId)).for("update");
  if (!user?.isActive || (user.role !== "owner" && user.role !== "staff")) {
    throw new AppError("bad_request", "The interviewer must be an active owner or staff user.", [
      { path: "interviewerId", message: "Choose an active owner or staff user." },
    ]);
  }
  return user;
}

function assertFuture(start: Date, now: Date, path: string) {
  if (start.getTime() <= now.getTime()) {
    throw new AppError("bad_request", "The interview must be in the future.", [
      { path, message: "Choose a time in the future." },
    ]);
  }
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** An unguessable room name: anyone with the name can join, so it must not be derivable. */
export function newRoomName(): string {
  return `RetreatHQ-${randomBytes(12).toString("hex")}`;
}

type WriteResult = { item: InterviewItem; emailLogIds: string[] };

export async function createInterview(
  db: Db,
  input: CreateInterviewInput,
  actor: Actor & { userId: string },
  now = new Date(),
): Promise<WriteResult> {
  const start = new Date(input.scheduledAt);
  assertFuture(start, now, "scheduledAt");
  const interviewerId = input.interviewerId ?? actor.userId;
  return db.transaction(async (tx) => {
    await lockInterviewer(tx, interviewerId);
    const [application] = await tx.select().from(applications).where(eq(applications.id, input.applicationId));
    if (!application) throw new AppError("not_found", "Application not found.");
    await assertSlotFree(tx, interviewerId, start, input.duration);

    const roomName = newRoomName();
    const meetingUrl = `${jitsiBaseUrl}/${roomName}`;
    const [interview] = await tx
      .insert(interviews)
      .values({
        applicationId: application.id,
        interviewerUserId: interviewerId,
        scheduledAt: start,
        duration: input.duration,
        status: "scheduled",
        jitsiMeetingUrl: meetingUrl,
      })
      .returning();
    const [room] = await tx
      .insert(jitsiRooms)
      .values({
        roomName,
        displayName: "Retreat HQ Quick Chat",
        interviewId: interview!.id,
        applicationId: application.id,
        meetingUrl,
        maxParticipants: interviewDefaults.jitsiMaxParticipants,
        scheduledStart: start,
        scheduledEnd: new Date(start.getTime() + input.duration * minute),
        createdBy: actor.userId,
      })
      .returning();
    await tx.update(interviews).set({ jitsiRoomId: room!.id }).where(eq(interviews.id, interview!.id));
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "interview",
      entityId: interview!.id,
      newValues: {
        applicationId: application.id,
        interviewerId,
        scheduledAt: start.toISOString(),
        duration: input.duration,
      },
    });

    if (application.stage === "new" || application.stage === "screening") {
      await tx
        .update(applications)
        .set({ stage: "interview", updatedAt: new Date() })
        .where(eq(applications.id, application.id));
      await recordAudit(tx, {
        ...actor,
        action: "update",
        entityType: "application",
        entityId: application.id,
        oldValues: { stage: application.stage },
        newValues: { stage: "interview" },
      });
    }

    const email = await renderInterviewEmail("scheduled", {
      firstName: application.firstName,
      scheduledAt: start,
      duration: input.duration,
      meetingUrl,
    });
    const emailLogId = await queueEmail(tx, {
      to: application.email,
      name: [application.firstName, application.lastName].filter(Boolean).join(" "),
      email,
      kind: "interview_scheduled",
    });
    return { item: await itemById(tx, interview!.id), emailLogIds: [emailLogId] };
  });
}

async function scheduledInterviewFor(tx: Tx, id: string, action: string): Promise<InterviewRow> {
  const [row] = await tx.select().from(interviews).where(eq(interviews.id, id)).for("update");
  if (!row) throw new AppError("not_found", "Interview not found.");
  if (row.status !== "scheduled") {
    throw new AppError("conflict", `Only a scheduled interview can be ${action}; this one is ${row.status}.`);
  }
  return row;
}

async function applicantOf(tx: Tx, applicationId: string) {
  const [application] = await tx.select().from(applications).where(eq(applications.id, applicationId));
  return application!;
}

export async function rescheduleInterview(
  db: Db,
  id: string,
  newScheduledAt: string,
  actor: Actor,
  now = new Date(),
): Promise<WriteResult> {
  const start = new Date(newScheduledAt);
  assertFuture(start, now, "newScheduledAt");
  return db.transaction(async (tx) => {
    // Lock order (interviewer, then interview) matches createInterview, so the two cannot deadlock.
    const [peek] = await tx
      .select({ interviewerUserId: interviews.interviewerUserId })
      .from(interviews)
      .where(eq(interviews.id, id));
    if (!peek) throw new AppError("not_found", "Interview not found.");
    if (peek.interviewerUserId) await lockInterviewer(tx, peek.interviewerUserId);
    const before = await scheduledInterviewFor(tx, id, "rescheduled");
    if (before.interviewerUserId) await assertSlotFree(tx, before.interviewerUserId, start, before.duration, id);
    await tx.update(interviews).set({ scheduledAt: start, updatedAt: new Date() }).where(eq(interviews.id, id));
    if (before.jitsiRoomId) {
      await tx
        .update(jitsiRooms)
        .set({ scheduledStart: start, scheduledEnd: new Date(start.getTime() + before.duration * minute) })
        .where(eq(jitsiRooms.id, before.jitsiRoomId));
    }
    await recordAudit(tx, {
      ...actor,
      action: "reschedule",
      entityType: "interview",
      entityId: id,
      oldValues: { scheduledAt: before.scheduledAt.toISOString() },
      newValues: { scheduledAt: start.toISOString() },
    });
    const item = await itemById(tx, id);
    const application = await applicantOf(tx, before.applicationId);
    const email = await renderInterviewEmail("rescheduled", {
      firstName: application.firstName,
      scheduledAt: start,
      duration: before.duration,
      meetingUrl: item.jitsiRoom?.meetingUrl ?? null,
    });
    const emailLogId = await queueEmail(tx, {
      to: application.email,
      name: [application.firstName, application.lastName].filter(Boolean).join(" "),
      email,
      kind: "interview_rescheduled",
    });
    return { item, emailLogIds: [emailLogId] };
  });
}

export async function completeInterview(
  db: Db,
  id: string,
  input: CompleteInterviewInput,
  actor: Actor,
): Promise<InterviewItem> {
  return db.transaction(async (tx) => {
    const before = await scheduledInterviewFor(tx, id, "completed");
    const target = input.outcome === "accepted" ? "accepted" : input.outcome === "declined" ? "declined" : null;
    if (input.advance && target) {
      const application = await applicantOf(tx, before.applicationId);
      const refused = stageTransitionError(application.stage, target);
      if (refused) throw new AppError("conflict", refused);
      await tx
        .update(applications)
        .set({ stage: target, updatedAt: new Date() })
        .where(eq(applications.id, application.id));
      await recordAudit(tx, {
        ...actor,
        action: "update",
        entityType: "application",
        entityId: application.id,
        oldValues: { stage: application.stage },
        newValues: { stage: target },
      });
    }
    const completedAt = new Date();
    await tx
      .update(interviews)
      .set({
        status: "completed",
        outcome: input.outcome,
        rating: input.rating,
        feedback: input.feedback,
        completedAt,
        updatedAt: completedAt,
      })
      .where(eq(interviews.id, id));
    if (before.jitsiRoomId)
      await tx.update(jitsiRooms).set({ isActive: false }).where(eq(jitsiRooms.id, before.jitsiRoomId));
    await recordAudit(tx, {
      ...actor,
      action: "complete",
      entityType: "interview",
      entityId: id,
      oldValues: { status: before.status },
      newValues: { status: "completed", outcome: input.outcome, rating: input.rating, feedback: input.feedback },
    });
    return itemById(tx, id);
  });
}

export async function cancelInterview(db: Db, id: string, actor: Actor): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const before = await scheduledInterviewFor(tx, id, "cancelled");
    await tx.update(interviews).set({ status: "cancelled", updatedAt: new Date() }).where(eq(interviews.id, id));
    if (before.jitsiRoomId)
      await tx.update(jitsiRooms).set({ isActive: false }).where(eq(jitsiRooms.id, before.jitsiRoomId));
    await recordAudit(tx, {
      ...actor,
      action: "cancel",
      entityType: "interview",
      entityId: id,
      oldValues: { status: before.status },
      newValues: { status: "cancelled" },
    });
    const application = await applicantOf(tx, before.applicationId);
    const email = await renderInterviewEmail("cancelled", {
      firstName: application.firstName,
      scheduledAt: before.scheduledAt,
      duration: before.duration,
      meetingUrl: null,
    });
    const emailLogId = await queueEmail(tx, {
      to: application.email,
      name: [application.firstName, application.lastName].filter(Boolean).join(" "),
      email,
      kind: "interview_cancelled",
    });
    return { item: await itemById(tx, id), emailLogIds: [emailLogId] };
  });
}
