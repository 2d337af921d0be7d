/**
 * The writes every way of booking shares (staff, the applicant's booking link, Calendly): the
 * interview row with its Jitsi room, the audit trail, the stage move, and the applicant's email
 * with its calendar invitation. All run inside the caller's transaction.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { interviewDefaults } from "../../../shared/schemas/interviews";
import type { Config } from "../../config";
import { applications, auditLogs, interviews, jitsiRooms, users } from "../../db/schema";
import type { Tx } from "../../db/types";
import { queueEmail } from "../../email/outbox";
import { AppError } from "../../http/errors";
import { moveStage } from "../admissions/admissions.service";
import { type Actor, recordAudit } from "../audit/audit.service";
import { renderInterviewEmail } from "./interview-emails";
import { buildInterviewInvite, type InviteMethod } from "./interview-invite";
import { minute } from "./slot-rules";

export type InterviewRow = typeof interviews.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;

/** What the interview writes need from the configuration. */
export type InterviewSettings = { jitsiBaseUrl: string; publicUrl: string; emailFrom: string };

export function interviewSettings(config: Pick<Config, "jitsiBaseUrl" | "publicUrl" | "emailFrom">): InterviewSettings {
  return { jitsiBaseUrl: config.jitsiBaseUrl, publicUrl: config.publicUrl, emailFrom: config.emailFrom };
}

/** An unguessable room name: anyone with the name can join, so it must not be derivable. */
export function newRoomName(): string {
  return `RetreatHQ-${randomBytes(12).toString("hex")}`;
}

export { displayName } from "../../../shared/display/people";

/** Locks the interviewer's row for the rest of the transaction: bookings for one interviewer queue up here. */
export async function lockInterviewer(tx: Tx, interviewerId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, interviewerId)).for("update");
  if (!user?.isActive || (user.role !== "owner" && user.role !== "staff")) {
    throw new AppError("bad_request", "The interviewer must be an active owner or staff user.", [
      { path: "interviewerId", message: "Choose an active owner or staff user." },
    ]);
  }
  return user;
}

export function assertFuture(start: Date, now: Date, path: string) {
  if (start.getTime() <= now.getTime()) {
    throw new AppError("bad_request", "The interview must be in the future.", [
      { path, message: "Choose a time in the future." },
    ]);
  }
}

/** The application, or 404. `lock` holds its row FOR UPDATE, so a decision cannot land between a stage check and the write. */
export async function applicantOf(
  tx: Tx,
  applicationId: string,
  options: { lock?: boolean } = {},
): Promise<ApplicationRow> {
  const query = tx.select().from(applications).where(eq(applications.id, applicationId));
  const [application] = options.lock ? await query.for("update") : await query;
  if (!application) throw new AppError("not_found", "Application not found.");
  return application;
}

/**
 * The invitation's SEQUENCE: how often the interview has been rescheduled (read from the audit
 * trail, written in the same transaction), so each update outranks the one before.
 */
async function reschedules(tx: Tx, interviewId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, "interview"),
        eq(auditLogs.entityId, interviewId),
        eq(auditLogs.action, "reschedule"),
      ),
    );
  return row?.n ?? 0;
}

const kinds = {
  scheduled: { kind: "interview_scheduled", method: "REQUEST" },
  rescheduled: { kind: "interview_rescheduled", method: "REQUEST" },
  cancelled: { kind: "interview_cancelled", method: "CANCEL" },
} as const satisfies Record<string, { kind: string; method: InviteMethod }>;

/** Puts the applicant's email, with its invite.ics, in the outbox; returns the email_logs id. */
export async function queueInterviewEmail(
  tx: Tx,
  notice: keyof typeof kinds,
  interview: Pick<InterviewRow, "id" | "scheduledAt" | "duration">,
  meetingUrl: string | null,
  application: ApplicationRow,
  settings: InterviewSettings,
  options: { movedByApplicant?: boolean } = {},
): Promise<string> {
  const name = [application.firstName, application.lastName].filter(Boolean).join(" ");
  const moved = await reschedules(tx, interview.id);
  const email = await renderInterviewEmail(notice, {
    firstName: application.firstName,
    scheduledAt: interview.scheduledAt,
    duration: interview.duration,
    meetingUrl: notice === "cancelled" ? null : meetingUrl,
    movedByApplicant: options.movedByApplicant ?? false,
  });
  const invite = buildInterviewInvite({
    interviewId: interview.id,
    sequence: notice === "cancelled" ? moved + 1 : moved,
    method: kinds[notice].method,
    start: interview.scheduledAt,
    duration: interview.duration,
    meetingUrl,
    attendee: { name, email: application.email },
    publicUrl: settings.publicUrl,
    emailFrom: settings.emailFrom,
  });
  return queueEmail(tx, { to: application.email, name, email, kind: kinds[notice].kind, attachments: [invite] });
}

export type NewInterview = {
  application: ApplicationRow;
  interviewerId: string | null;
  start: Date;
  duration: number;
  /** The staff user behind it (the room's creator); null for the applicant's own or Calendly's bookings. */
  createdBy: string | null;
  calendly?: { eventId: string; link: string | null };
};

/**
 * Inserts a scheduled interview with its own Jitsi room, moves a new or screening application
 * to interview, audits both and queues the applicant's email. Slot checks are the caller's.
 */
export async function insertInterview(
  tx: Tx,
  input: NewInterview,
  actor: Actor,
  settings: InterviewSettings,
): Promise<{ interviewId: string; emailLogId: string }> {
  const { application, start, duration } = input;
  const roomName = newRoomName();
  const meetingUrl = `${settings.jitsiBaseUrl}/${roomName}`;
  const [interview] = await tx
    .insert(interviews)
    .values({
      applicationId: application.id,
      interviewerUserId: input.interviewerId,
      scheduledAt: start,
      duration,
      status: "scheduled",
      jitsiMeetingUrl: meetingUrl,
      calendlyEventId: input.calendly?.eventId ?? null,
      calendlyLink: input.calendly?.link ?? null,
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
      scheduledEnd: new Date(start.getTime() + duration * minute),
      createdBy: input.createdBy,
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
      interviewerId: input.interviewerId,
      scheduledAt: start.toISOString(),
      duration,
      ...(input.calendly ? { calendlyEventId: input.calendly.eventId } : {}),
    },
  });

  if (application.stage === "new" || application.stage === "screening") {
    await moveStage(tx, {
      application,
      to: "interview",
      actor,
      set: { updatedAt: new Date() },
      audit: { action: "update" },
    });
  }

  const emailLogId = await queueInterviewEmail(tx, "scheduled", interview!, meetingUrl, application, settings);
  return { interviewId: interview!.id, emailLogId };
}

/** Locks a scheduled interview for a change; 404 when missing, 409 when no longer scheduled. */
export async function scheduledInterviewFor(tx: Tx, id: string, action: string): Promise<InterviewRow> {
  const [row] = await tx.select().from(interviews).where(eq(interviews.id, id)).for("update");
  if (!row) throw new AppError("not_found", "Interview not found.");
  if (row.status !== "scheduled") {
    throw new AppError("conflict", `Only a scheduled interview can be ${action}; this one is ${row.status}.`);
  }
  return row;
}

/** Cancels a scheduled interview (already locked by the caller), closes its room and emails the applicant. */
export async function cancelScheduled(
  tx: Tx,
  before: InterviewRow,
  actor: Actor,
  settings: InterviewSettings,
  options: { reason?: string | null; movedByApplicant?: boolean } = {},
): Promise<string> {
  await tx.update(interviews).set({ status: "cancelled", updatedAt: new Date() }).where(eq(interviews.id, before.id));
  if (before.jitsiRoomId) {
    await tx.update(jitsiRooms).set({ isActive: false }).where(eq(jitsiRooms.id, before.jitsiRoomId));
  }
  await recordAudit(tx, {
    ...actor,
    action: "cancel",
    entityType: "interview",
    entityId: before.id,
    oldValues: { status: before.status },
    newValues: { status: "cancelled", ...(options.reason ? { reason: options.reason } : {}) },
  });
  const application = await applicantOf(tx, before.applicationId);
  return queueInterviewEmail(tx, "cancelled", before, before.jitsiMeetingUrl, application, settings, {
    movedByApplicant: options.movedByApplicant,
  });
}
