/**
 * Self-booking: staff email an applicant a link; the applicant picks one of the interviewer's
 * free times without an account. The link carries 256 random bits and only their SHA-256 is
 * stored, so a leaked table or backup holds no working link.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { z } from "zod";
import { pageRoutes } from "../../../shared/routes";
import {
  type BookedSlot,
  type BookingPage,
  bookingLinkDays,
  type bookingLinkSchema,
  type createBookingLinkSchema,
  hasInterviewAhead,
} from "../../../shared/schemas/interviews";
import type { Db } from "../../db/client";
import { applications, interviewBookingLinks, interviews, users } from "../../db/schema";
import type { DbOrTx, Tx } from "../../db/types";
import { EmailSecrets, type LinkSettings } from "../../email/hidden-links";
import { queueEmail } from "../../email/outbox";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { renderBookingLinkEmail } from "./interview-emails";
import { applicantOf, displayName, type InterviewSettings, insertInterview } from "./interview-records";
import { assertSlotFree, candidateStarts, defaultWindows, freeStarts, minute, windowsOf } from "./slot-rules";

/** Applicants book at least this far ahead, so the interviewer is never surprised by a call in an hour. */
export const bookingLeadHours = 12;
/** Offered start times are this far apart, counted from each availability window's start. */
export const bookingStepMinutes = 30;

export const bookingMessages = {
  notFound: "This booking link is not valid. Please check the link in your email.",
  expired: "This booking link has expired. Please ask us for a new one.",
  alreadyBooked: "This link has already been used: your interview is booked.",
  taken: "Sorry, that time has just been taken. Please choose another time.",
  notOffered: "Please choose one of the times offered.",
  unavailable: "This link can no longer be used to book. Please reply to our email and we will find a time.",
  closed:
    "This booking link is closed: there is no interview to book for your application any more. Please reply to our email if you have any questions.",
} as const;

/** Staff are told why a link cannot be sent: the application is past its interview (decided, waitlisted, declined). */
export const noInterviewAheadMessage = (stage: string) =>
  `An application in the ${stage} stage has no interview ahead, so no booking link can be sent.`;

type LinkRow = typeof interviewBookingLinks.$inferSelect;
type BookingLink = z.infer<typeof bookingLinkSchema>;

const day = 24 * 60 * minute;

export function hashBookingToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function bookingUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${pageRoutes.interviewBooking.replace(":token", encodeURIComponent(token))}`;
}

/** Start times a link may offer now: from 12 hours ahead to 14 days ahead. */
export function bookingRange(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() + bookingLeadHours * 60 * minute),
    to: new Date(now.getTime() + bookingLinkDays * day),
  };
}

function isInterviewer(user: typeof users.$inferSelect | undefined): user is typeof users.$inferSelect {
  return Boolean(user?.isActive && (user.role === "owner" || user.role === "staff"));
}

/**
 * POST /api/admin/interviews/booking-links. The application's earlier unused links stop
 * working, so only the newest email offers times.
 */
export async function createBookingLink(
  db: Db,
  input: z.infer<typeof createBookingLinkSchema>,
  actor: Actor & { userId: string },
  links: LinkSettings,
  now = new Date(),
): Promise<{ link: BookingLink; emailLogIds: string[] }> {
  const interviewerId = input.interviewerId ?? actor.userId;
  return db.transaction(async (tx) => {
    // Read without a lock: booking locks the link before the interviewer, so locking here could deadlock.
    const [interviewer] = await tx.select().from(users).where(eq(users.id, interviewerId));
    if (!isInterviewer(interviewer)) {
      throw new AppError("bad_request", "The interviewer must be an active owner or staff user.", [
        { path: "interviewerId", message: "Choose an active owner or staff user." },
      ]);
    }
    const application = await applicantOf(tx, input.applicationId);
    if (!hasInterviewAhead(application.stage)) {
      throw new AppError("conflict", noInterviewAheadMessage(application.stage));
    }
    await tx
      .update(interviewBookingLinks)
      .set({ expiresAt: now })
      .where(
        and(
          eq(interviewBookingLinks.applicationId, application.id),
          isNull(interviewBookingLinks.interviewId),
          gt(interviewBookingLinks.expiresAt, now),
        ),
      );
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + bookingLinkDays * day);
    const [row] = await tx
      .insert(interviewBookingLinks)
      .values({
        applicationId: application.id,
        interviewerUserId: interviewerId,
        duration: input.duration,
        tokenHash: hashBookingToken(token),
        expiresAt,
        createdBy: actor.userId,
      })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "interview_booking_link",
      entityId: row!.id,
      newValues: {
        applicationId: application.id,
        interviewerId,
        duration: input.duration,
        expiresAt: expiresAt.toISOString(),
      },
    });
    const secrets = new EmailSecrets(links.cipher);
    const email = await renderBookingLinkEmail({
      firstName: application.firstName,
      duration: input.duration,
      interviewerName: displayName(interviewer),
      bookingUrl: bookingUrl(links.publicUrl, secrets.hide(token)),
      expiresAt,
    });
    const emailLogId = await queueEmail(tx, {
      to: application.email,
      name: [application.firstName, application.lastName].filter(Boolean).join(" "),
      email,
      kind: "interview_booking_link",
      secrets,
    });
    return {
      link: {
        id: row!.id,
        applicationId: application.id,
        expiresAt: expiresAt.toISOString(),
        emailedTo: application.email,
      },
      emailLogIds: [emailLogId],
    };
  });
}

async function linkByToken(tx: DbOrTx, token: string, lock: boolean): Promise<LinkRow> {
  const query = tx
    .select()
    .from(interviewBookingLinks)
    .where(eq(interviewBookingLinks.tokenHash, hashBookingToken(token)));
  const [link] = lock ? await query.for("update") : await query;
  if (!link) throw new AppError("not_found", bookingMessages.notFound);
  return link;
}

/** The interview booked through the link, unless it was cancelled since: then the link books again. */
async function activeBooking(tx: DbOrTx, link: LinkRow) {
  if (!link.interviewId) return null;
  const [row] = await tx.select().from(interviews).where(eq(interviews.id, link.interviewId));
  return row && row.status !== "cancelled" ? row : null;
}

/** Free start times for the link, from the interviewer's windows (office hours when they set none). */
async function offeredStarts(tx: DbOrTx, link: LinkRow, now: Date): Promise<Date[]> {
  const own = await windowsOf(tx, link.interviewerUserId);
  const { from, to } = bookingRange(now);
  const candidates = candidateStarts(
    own.length > 0 ? own : defaultWindows,
    from,
    to,
    link.duration,
    bookingStepMinutes,
  );
  return freeStarts(tx, link.interviewerUserId, candidates, link.duration);
}

/** GET /api/interview-booking/{token}: the page's data. Shows the applicant's first name only. */
export async function getBookingPage(db: Db, token: string, now = new Date()): Promise<BookingPage> {
  const link = await linkByToken(db, token, false);
  const [interviewer] = await db.select().from(users).where(eq(users.id, link.interviewerUserId));
  const [application] = await db
    .select({ firstName: applications.firstName, stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, link.applicationId));
  const booking = await activeBooking(db, link);
  if (!booking && link.expiresAt <= now) throw new AppError("gone", bookingMessages.expired);
  // A booking already made stays visible; only new bookings close with the interview stages.
  if (!booking && !hasInterviewAhead(application?.stage ?? "")) throw new AppError("gone", bookingMessages.closed);
  const slots = booking || !isInterviewer(interviewer) ? [] : await offeredStarts(db, link, now);
  return {
    firstName: application?.firstName ?? null,
    interviewerName: interviewer ? displayName(interviewer) : "Retreat HQ",
    duration: booking?.duration ?? link.duration,
    expiresAt: link.expiresAt.toISOString(),
    booked: booking
      ? {
          scheduledAt: booking.scheduledAt.toISOString(),
          meetingUrl: booking.status === "scheduled" ? booking.jitsiMeetingUrl : null,
        }
      : null,
    slots: slots.map((s) => s.toISOString()),
  };
}

/**
 * POST /api/interview-booking/{token}. Runs the staff booking's checks under the same
 * interviewer lock (taken after the link's), so two applicants racing for one time get one
 * booking and one 409, and one link never books twice.
 */
export async function bookSlot(
  db: Db,
  token: string,
  scheduledAt: string,
  actor: Actor,
  settings: InterviewSettings,
  now = new Date(),
): Promise<{ slot: BookedSlot; emailLogIds: string[] }> {
  const start = new Date(scheduledAt);
  return db.transaction(async (tx: Tx) => {
    const link = await linkByToken(tx, token, true);
    if (await activeBooking(tx, link)) throw new AppError("conflict", bookingMessages.alreadyBooked);
    if (link.expiresAt <= now) throw new AppError("gone", bookingMessages.expired);
    const [interviewer] = await tx.select().from(users).where(eq(users.id, link.interviewerUserId)).for("update");
    if (!isInterviewer(interviewer)) throw new AppError("conflict", bookingMessages.unavailable);
    // Locked (after the link and the interviewer, the order every booking takes): staff deciding
    // meanwhile wait, or are seen, and never have their stage overwritten by this booking.
    const application = await applicantOf(tx, link.applicationId, { lock: true });
    // Decided, waitlisted or declined since the link was sent: the link must not book (or move the stage).
    if (!hasInterviewAhead(application.stage)) throw new AppError("gone", bookingMessages.closed);

    const own = await windowsOf(tx, link.interviewerUserId);
    const { from, to } = bookingRange(now);
    const offered = candidateStarts(own.length > 0 ? own : defaultWindows, from, to, link.duration, bookingStepMinutes);
    if (!offered.some((s) => s.getTime() === start.getTime())) {
      throw new AppError("bad_request", bookingMessages.notOffered, [
        { path: "scheduledAt", message: bookingMessages.notOffered },
      ]);
    }
    try {
      await assertSlotFree(tx, link.interviewerUserId, start, link.duration, { fallbackWindows: defaultWindows });
    } catch (error) {
      if (error instanceof AppError && error.code === "conflict") throw new AppError("conflict", bookingMessages.taken);
      throw error;
    }
    const { interviewId, emailLogId } = await insertInterview(
      tx,
      {
        application,
        interviewerId: link.interviewerUserId,
        start,
        duration: link.duration,
        createdBy: link.createdBy,
      },
      actor,
      settings,
    );
    await tx.update(interviewBookingLinks).set({ interviewId }).where(eq(interviewBookingLinks.id, link.id));
    const [row] = await tx.select().from(interviews).where(eq(interviews.id, interviewId));
    return {
      slot: {
        scheduledAt: start.toISOString(),
        duration: link.duration,
        meetingUrl: row!.jitsiMeetingUrl,
        interviewerName: displayName(interviewer),
      },
      emailLogIds: [emailLogId],
    };
  });
}
