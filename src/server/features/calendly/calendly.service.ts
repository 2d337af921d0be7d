/**
 * Calendly bookings become interviews. Calendly already checked the host's calendar, so no slot
 * rules run here. Each invitee is one calendly_events row keyed by the invitee's URI: a replayed
 * delivery finds its row and changes nothing.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { hasInterviewAhead } from "../../../shared/schemas/interviews";
import type { Db } from "../../db/client";
import { applications, calendlyEvents, interviews, users } from "../../db/schema";
import type { Tx } from "../../db/types";
import type { Actor } from "../audit/audit.service";
import { cancelScheduled, type InterviewSettings, insertInterview } from "../interviews/index";

/** no_interview_ahead: the invitee's application is already decided (accepted, waitlisted, declined). */
export const calendlyOutcomes = [
  "created",
  "cancelled",
  "duplicate",
  "unmatched",
  "no_interview_ahead",
  "ignored",
] as const;
export type CalendlyOutcome = (typeof calendlyOutcomes)[number];
type Applied = { outcome: CalendlyOutcome; emailLogIds: string[] };

const text = (max: number) => z.string().max(max);
const instant = z.iso.datetime({ offset: true });

/** The parts of Calendly's v2 invitee payload this app reads; the rest is kept as metadata. */
const inviteeSchema = z.looseObject({
  uri: text(500).min(1),
  email: text(320).nullish(),
  name: text(300).nullish(),
  reschedule_url: text(1000).nullish(),
  old_invitee: text(500).nullish(),
  rescheduled: z.boolean().nullish(),
  cancellation: z.looseObject({ reason: text(2000).nullish() }).nullish(),
  scheduled_event: z.looseObject({
    uri: text(500).min(1),
    name: text(300).nullish(),
    start_time: instant,
    end_time: instant,
    event_type: text(500).nullish(),
    location: z
      .looseObject({ type: text(100).nullish(), location: text(1000).nullish(), join_url: text(1000).nullish() })
      .nullish(),
    event_memberships: z.array(z.looseObject({ user_email: text(320).nullish() })).nullish(),
  }),
});
type Invitee = z.infer<typeof inviteeSchema>;

export const calendlyWebhookSchema = z.looseObject({ event: text(100), payload: z.unknown() });

const handled = ["invitee.created", "invitee.canceled"] as const;

/**
 * The applicant: the most recent application made with the invitee's email (any letter case),
 * locked so a decision staff make meanwhile is never overwritten by the booking's stage move.
 */
async function applicationFor(tx: Tx, email: string | null | undefined) {
  if (!email) return undefined;
  const [row] = await tx
    .select()
    .from(applications)
    .where(sql`lower(${applications.email}) = lower(${email})`)
    .orderBy(desc(applications.submittedAt), desc(applications.createdAt))
    .limit(1)
    .for("update");
  return row;
}

/** The host, when their Calendly email is an active owner's or staff user's. */
async function hostFor(tx: Tx, invitee: Invitee): Promise<string | null> {
  const email = invitee.scheduled_event.event_memberships?.find((m) => m.user_email)?.user_email;
  if (!email) return null;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        eq(users.isActive, true),
        inArray(users.role, ["owner", "staff"]),
      ),
    );
  return user?.id ?? null;
}

function eventColumns(invitee: Invitee) {
  const e = invitee.scheduled_event;
  const location = e.location?.join_url ?? e.location?.location ?? e.location?.type ?? null;
  return {
    calendlyEventId: invitee.uri,
    calendlyEventUri: e.uri,
    name: e.name ?? null,
    startTime: new Date(e.start_time),
    endTime: new Date(e.end_time),
    location,
    inviteeEmail: invitee.email ?? null,
    inviteeName: invitee.name ?? null,
    eventType: e.event_type ?? null,
    rescheduledFromId: invitee.old_invitee ?? null,
    metadata: { rescheduleUrl: invitee.reschedule_url ?? null },
  };
}

async function inviteeCreated(tx: Tx, invitee: Invitee, actor: Actor, settings: InterviewSettings): Promise<Applied> {
  const [row] = await tx
    .insert(calendlyEvents)
    .values({ ...eventColumns(invitee), status: "active" })
    .onConflictDoNothing({ target: calendlyEvents.calendlyEventId })
    .returning();
  if (!row) return { outcome: "duplicate", emailLogIds: [] };
  const application = await applicationFor(tx, invitee.email);
  if (!application) return { outcome: "unmatched", emailLogIds: [] };
  // Anyone can book the public Calendly page with any address: like a booking link, it only
  // books while the application still has an interview ahead. The event stays on file for staff.
  if (!hasInterviewAhead(application.stage)) {
    await tx.update(calendlyEvents).set({ applicationId: application.id }).where(eq(calendlyEvents.id, row.id));
    return { outcome: "no_interview_ahead", emailLogIds: [] };
  }
  const start = new Date(invitee.scheduled_event.start_time);
  const minutes = Math.round((Date.parse(invitee.scheduled_event.end_time) - start.getTime()) / 60_000);
  const { interviewId, emailLogId } = await insertInterview(
    tx,
    {
      application,
      interviewerId: await hostFor(tx, invitee),
      start,
      duration: Math.max(1, minutes),
      createdBy: null,
      calendly: { eventId: invitee.uri, link: invitee.reschedule_url ?? invitee.scheduled_event.uri },
    },
    actor,
    settings,
  );
  await tx
    .update(calendlyEvents)
    .set({ interviewId, applicationId: application.id })
    .where(eq(calendlyEvents.id, row.id));
  return { outcome: "created", emailLogIds: [emailLogId] };
}

async function inviteeCanceled(tx: Tx, invitee: Invitee, actor: Actor, settings: InterviewSettings): Promise<Applied> {
  const reason = invitee.cancellation?.reason ?? null;
  const cancelled = { status: "cancelled", cancellationReason: reason, cancelledAt: new Date() };
  const [row] = await tx
    .select()
    .from(calendlyEvents)
    .where(eq(calendlyEvents.calendlyEventId, invitee.uri))
    .for("update");
  if (!row) {
    // Cancelled before its creation reached us (or never did): recorded, so a late "created" is a replay.
    const [inserted] = await tx
      .insert(calendlyEvents)
      .values({ ...eventColumns(invitee), ...cancelled })
      .onConflictDoNothing({ target: calendlyEvents.calendlyEventId })
      .returning();
    return { outcome: inserted ? "unmatched" : "duplicate", emailLogIds: [] };
  }
  if (row.status === "cancelled") return { outcome: "duplicate", emailLogIds: [] };
  await tx.update(calendlyEvents).set(cancelled).where(eq(calendlyEvents.id, row.id));
  if (!row.interviewId) return { outcome: "cancelled", emailLogIds: [] };
  const [interview] = await tx.select().from(interviews).where(eq(interviews.id, row.interviewId)).for("update");
  if (interview?.status !== "scheduled") return { outcome: "cancelled", emailLogIds: [] };
  const emailLogId = await cancelScheduled(tx, interview, actor, settings, {
    reason,
    movedByApplicant: invitee.rescheduled === true,
  });
  return { outcome: "cancelled", emailLogIds: [emailLogId] };
}

/** Applies one verified delivery; unknown event kinds are acknowledged and ignored. */
export async function applyCalendlyEvent(
  db: Db,
  body: z.infer<typeof calendlyWebhookSchema>,
  actor: Actor,
  settings: InterviewSettings,
): Promise<Applied> {
  if (!(handled as readonly string[]).includes(body.event)) return { outcome: "ignored", emailLogIds: [] };
  const invitee = inviteeSchema.parse(body.payload);
  return db.transaction((tx) =>
    body.event === "invitee.created"
      ? inviteeCreated(tx, invitee, actor, settings)
      : inviteeCanceled(tx, invitee, actor, settings),
  );
}
