import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { displayName } from "../../../shared/display/people";
import { stageTransitionError } from "../../../shared/schemas/applications-admin";
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
import { retreatRowOr404 } from "../../db/current-retreat";
import { applications, interviews, jitsiRooms, users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import type { LinkSettings } from "../../email/hidden-links";
import { AppError } from "../../http/errors";
import { moveStage } from "../admissions/admissions.service";
import { type Actor, recordAudit } from "../audit/audit.service";
import {
  applicantOf,
  assertFuture,
  cancelScheduled,
  type InterviewRow,
  type InterviewSettings,
  insertInterview,
  lockInterviewer,
  queueInterviewEmail,
  scheduledInterviewFor,
} from "./interview-records";
import { assertSlotFree, minute } from "./slot-rules";

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

/** needsOutcome() in SQL: still scheduled, and its end (start + duration) is before now. */
function needsOutcomeSql(now: Date): SQL {
  return sql`(${interviews.status} = 'scheduled' and ${interviews.scheduledAt} + ${interviews.duration} * interval '1 minute' < ${now.toISOString()}::timestamptz)`;
}

function filterCondition(filter: InterviewFilter, now: Date): SQL | undefined {
  const today = londonToday(now);
  switch (filter) {
    case "upcoming":
      return and(eq(interviews.status, "scheduled"), gte(interviews.scheduledAt, now));
    case "needs_outcome":
      return needsOutcomeSql(now);
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
  const name = displayName({
    firstName: row.interviewerFirst,
    lastName: row.interviewerLast,
    email: row.interviewerEmail,
  });
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

/**
 * GET /api/admin/interviews; with an applicationId, the items and counts cover that application
 * only; with a retreatId, that retreat's applications only (a past season keeps its interviews).
 */
export async function listInterviews(
  db: Db,
  query: { filter: InterviewFilter; applicationId?: string; retreatId?: string },
  now = new Date(),
): Promise<InterviewList> {
  const { filter } = query;
  if (query.retreatId) await retreatRowOr404(db, query.retreatId);
  const scope = and(
    query.applicationId ? eq(interviews.applicationId, query.applicationId) : undefined,
    query.retreatId
      ? inArray(
          interviews.applicationId,
          db.select({ id: applications.id }).from(applications).where(eq(applications.retreatId, query.retreatId)),
        )
      : undefined,
  );
  const order =
    filter === "upcoming" || filter === "today" ? asc(interviews.scheduledAt) : desc(interviews.scheduledAt);
  const rows = await selectItems(db)
    .where(and(scope, filterCondition(filter, now)))
    .orderBy(order, asc(interviews.id))
    .limit(listLimit);
  const today = londonToday(now);
  const [c] = await db
    .select({
      upcoming: sql<number>`count(*) filter (where ${interviews.status} = 'scheduled' and ${interviews.scheduledAt} >= ${now.toISOString()})::int`,
      needs_outcome: sql<number>`count(*) filter (where ${needsOutcomeSql(now)})::int`,
      today: sql<number>`count(*) filter (where ${interviews.scheduledAt} >= ${today.start.toISOString()} and ${interviews.scheduledAt} < ${today.end.toISOString()})::int`,
      completed: sql<number>`count(*) filter (where ${interviews.status} = 'completed')::int`,
      accepted: sql<number>`count(*) filter (where ${interviews.status} = 'completed' and ${interviews.outcome} = 'accepted')::int`,
      cancelled: sql<number>`count(*) filter (where ${interviews.status} = 'cancelled')::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(interviews)
    .where(scope);
  const { accepted, ...counts } = c!;
  return { items: rows.map(toItem), successRate: successRate(counts.completed, accepted), counts };
}

export async function itemById(db: DbOrTx, id: string): Promise<InterviewItem> {
  const [row] = await selectItems(db).where(eq(interviews.id, id));
  if (!row) throw new AppError("not_found", "Interview not found.");
  return toItem(row);
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

type WriteResult = { item: InterviewItem; emailLogIds: string[] };

export async function createInterview(
  db: Db,
  input: CreateInterviewInput,
  actor: Actor & { userId: string },
  settings: InterviewSettings,
  now = new Date(),
): Promise<WriteResult> {
  const start = new Date(input.scheduledAt);
  assertFuture(start, now, "scheduledAt");
  const interviewerId = input.interviewerId ?? actor.userId;
  return db.transaction(async (tx) => {
    await lockInterviewer(tx, interviewerId);
    const application = await applicantOf(tx, input.applicationId);
    await assertSlotFree(tx, interviewerId, start, input.duration);
    const { interviewId, emailLogId } = await insertInterview(
      tx,
      { application, interviewerId, start, duration: input.duration, createdBy: actor.userId },
      actor,
      settings,
    );
    return { item: await itemById(tx, interviewId), emailLogIds: [emailLogId] };
  });
}

export async function rescheduleInterview(
  db: Db,
  id: string,
  newScheduledAt: string,
  actor: Actor,
  settings: InterviewSettings,
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
    if (before.interviewerUserId) {
      await assertSlotFree(tx, before.interviewerUserId, start, before.duration, { excludeInterviewId: id });
    }
    const [after] = await tx
      .update(interviews)
      .set({ scheduledAt: start, updatedAt: new Date() })
      .where(eq(interviews.id, id))
      .returning();
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
    const emailLogId = await queueInterviewEmail(
      tx,
      "rescheduled",
      after!,
      item.jitsiRoom?.meetingUrl ?? null,
      application,
      settings,
    );
    return { item, emailLogIds: [emailLogId] };
  });
}

/**
 * Records the outcome; with `advance`, also moves the application to the outcome's stage under
 * the pipeline's rules (stageTransitionError) and through moveStage, like the pipeline's own
 * stage change: accepting takes a place and creates the plan, declining an applicant who holds a
 * place cancels what was still to pay and offers the place to the waitlist (decision 015). Hand
 * the emailLogIds to afterStageMove after the commit.
 */
export async function completeInterview(
  db: Db,
  id: string,
  input: CompleteInterviewInput,
  actor: Actor,
  links: LinkSettings,
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const before = await scheduledInterviewFor(tx, id, "completed");
    const target = input.outcome === "accepted" ? "accepted" : input.outcome === "declined" ? "declined" : null;
    const emailLogIds: string[] = [];
    if (input.advance && target) {
      const application = await applicantOf(tx, before.applicationId, { lock: true });
      const refused = stageTransitionError(application.stage, target);
      if (refused) throw new AppError("conflict", refused);
      const moved = await moveStage(tx, {
        application,
        to: target,
        actor,
        links,
        set: { updatedAt: new Date() },
        audit: { action: "update" },
      });
      emailLogIds.push(...moved.emailLogIds);
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
    return { item: await itemById(tx, id), emailLogIds };
  });
}

export async function cancelInterview(
  db: Db,
  id: string,
  actor: Actor,
  settings: InterviewSettings,
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const before = await scheduledInterviewFor(tx, id, "cancelled");
    const emailLogId = await cancelScheduled(tx, before, actor, settings);
    return { item: await itemById(tx, id), emailLogIds: [emailLogId] };
  });
}
