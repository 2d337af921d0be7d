import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { createEvents, type EventAttributes } from "ics";
import { displayName } from "../../../shared/display/people";
import {
  type GuestCandidate,
  type GuestMe,
  type GuestSchedule,
  guestAlreadyInvitedMessage,
  guestEmailTakenMessage,
  guestNotConfirmedMessage,
  guestNotLinkedMessage,
  type InviteGuestResponse,
  upcomingSessionCount,
} from "../../../shared/schemas/guests";
import { confirmedStages } from "../../../shared/schemas/rooms";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import {
  applications,
  paymentPlans,
  payments,
  retreats,
  roomAssignments,
  rooms,
  travelComplianceForms,
  users,
} from "../../db/schema";
import type { LinkSettings } from "../../email/hidden-links";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { resolveRetreat } from "../retreats/retreats.service";
import { listSessionRows, timeZoneOf, toScheduleRetreat, toSessionDto } from "../schedule/schedule.service";
import { issueSetPasswordLink } from "../users/set-password-links.service";

type ApplicationRow = typeof applications.$inferSelect;

export const scheduleNotFoundMessage = "Schedule not found.";

/** 256 random bits: the calendar feed URL is the only key to it. */
export function newCalendarToken(): string {
  return randomBytes(32).toString("hex");
}

export function calendarFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/calendar/${token}.ics`;
}

function isConfirmed(application: ApplicationRow): boolean {
  return (confirmedStages as readonly string[]).includes(application.stage);
}

/** GET /api/admin/guests: who has a place at the retreat, and who already has a portal account. */
export async function listGuestCandidates(db: Db, retreatId?: string): Promise<GuestCandidate[]> {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) return [];
  const rows = await db
    .select({ application: applications, guestUserId: users.id })
    .from(applications)
    .leftJoin(users, and(eq(users.applicationId, applications.id), eq(users.role, "guest")))
    .where(and(eq(applications.retreatId, retreat.id), inArray(applications.stage, [...confirmedStages])))
    .orderBy(asc(applications.lastName), asc(applications.firstName), asc(applications.id));
  return rows.map(({ application: a, guestUserId }) => ({
    applicationId: a.id,
    name: displayName(a),
    email: a.email,
    stage: a.stage,
    isCouple: a.applicationType === "couple",
    guestUserId,
  }));
}

/**
 * POST /api/admin/guests: gives an accepted applicant a guest account linked to their application
 * and emails a set-password link (same transaction as the account, via the users feature). An
 * existing guest account with the same email and no application is linked instead.
 */
export async function inviteGuest(
  db: Db,
  applicationId: string,
  actor: Actor,
  links: LinkSettings,
): Promise<InviteGuestResponse & { emailLogIds: string[] }> {
  try {
    return await db.transaction(async (tx) => {
      const [application] = await tx
        .select()
        .from(applications)
        .where(eq(applications.id, applicationId))
        .for("update");
      if (!application) throw new AppError("not_found", "Application not found.");
      if (!isConfirmed(application)) throw new AppError("conflict", guestNotConfirmedMessage);
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.applicationId, application.id));
      if (holder) throw new AppError("conflict", guestAlreadyInvitedMessage);

      const email = application.email.trim().toLowerCase();
      const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).for("update");
      if (existing) {
        if (existing.role !== "guest" || existing.applicationId) throw new AppError("conflict", guestEmailTakenMessage);
        await tx
          .update(users)
          .set({
            applicationId: application.id,
            calendarToken: existing.calendarToken ?? newCalendarToken(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id));
        await recordAudit(tx as unknown as Db, {
          ...actor,
          action: "link_guest",
          entityType: "user",
          entityId: existing.id,
          newValues: { applicationId: application.id },
        });
        return {
          userId: existing.id,
          email: existing.email,
          linked: true,
          setPasswordLinkSent: false,
          emailLogIds: [],
        };
      }

      const [created] = await tx
        .insert(users)
        .values({
          email,
          firstName: application.firstName,
          lastName: application.lastName,
          role: "guest",
          applicationId: application.id,
          calendarToken: newCalendarToken(),
        })
        .returning();
      const link = await issueSetPasswordLink(tx, created!, { ...links, invited: true });
      await recordAudit(tx as unknown as Db, {
        ...actor,
        action: "invite_guest",
        entityType: "user",
        entityId: created!.id,
        newValues: {
          email,
          role: "guest",
          applicationId: application.id,
          setPasswordLinkSent: true,
          setPasswordLinkExpiresAt: link.expiresAt.toISOString(),
        },
      });
      return { userId: created!.id, email, linked: false, setPasswordLinkSent: true, emailLogIds: [link.emailLogId] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", guestEmailTakenMessage);
    throw error;
  }
}

/** The guest's own application and retreat, or 404 when their account is not linked to one. */
async function guestContext(db: Db, userId: string) {
  const [row] = await db
    .select({ user: users, application: applications, retreat: retreats })
    .from(users)
    .innerJoin(applications, eq(applications.id, users.applicationId))
    .innerJoin(retreats, eq(retreats.id, applications.retreatId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError("not_found", guestNotLinkedMessage);
  return row;
}

/** First names of the people sharing the guest's room (their own partner included), nothing more. */
function firstNamesOf(a: ApplicationRow, ownApplicationId: string): string[] {
  const names: string[] = [];
  if (a.id !== ownApplicationId && a.firstName) names.push(a.firstName);
  if (a.applicationType === "couple" && a.partnerFirstName) names.push(a.partnerFirstName);
  return names;
}

export async function getGuestMe(db: Db, userId: string): Promise<GuestMe> {
  const { user, application, retreat } = await guestContext(db, userId);

  const [assignment] = await db
    .select({ assignment: roomAssignments, room: rooms })
    .from(roomAssignments)
    .innerJoin(rooms, eq(rooms.id, roomAssignments.roomId))
    .where(eq(roomAssignments.applicationId, application.id));
  let room: GuestMe["room"] = null;
  if (assignment) {
    const mates = await db
      .select({ application: applications })
      .from(roomAssignments)
      .innerJoin(applications, eq(applications.id, roomAssignments.applicationId))
      .where(eq(roomAssignments.roomId, assignment.room.id))
      .orderBy(asc(roomAssignments.bedNumber), asc(roomAssignments.assignedAt));
    room = {
      name: assignment.room.name,
      type: assignment.room.type,
      bedNumber: assignment.assignment.bedNumber,
      roommates: mates.flatMap((m) => firstNamesOf(m.application, application.id)),
    };
  }

  const [travel] = await db
    .select({ status: travelComplianceForms.status, submittedAt: travelComplianceForms.submittedAt })
    .from(travelComplianceForms)
    .where(eq(travelComplianceForms.applicationId, application.id))
    .orderBy(desc(travelComplianceForms.submittedAt))
    .limit(1);

  const pending = await db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, application.id), eq(payments.status, "pending")))
    .orderBy(asc(payments.dueDate));
  const plans = await db
    .select()
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.applicationId, application.id),
        eq(paymentPlans.status, "active"),
        gt(paymentPlans.remainingAmount, "0"),
      ),
    );
  // A plan's balance already covers its pending instalments: list those, or the balance when it has none.
  const plansWithPending = new Set(pending.map((p) => p.paymentPlanId).filter(Boolean));
  const paymentsDue: GuestMe["paymentsDue"] = [
    ...pending.map((p) => ({
      paymentId: p.id,
      description: p.description || p.type,
      amount: p.amount,
      currency: p.currency,
      dueDate: p.dueDate,
    })),
    ...plans
      .filter((plan) => !plansWithPending.has(plan.id))
      .map((plan) => ({
        paymentId: null,
        description: "Remaining balance",
        amount: plan.remainingAmount,
        currency: plan.currency,
        dueDate: plan.finalPaymentDue,
      })),
  ];

  return {
    firstName: user.firstName ?? application.firstName,
    applicationId: application.id,
    retreat: toScheduleRetreat(retreat),
    room,
    dietaryNotes: application.dietaryNotes,
    travelForm: {
      submitted: Boolean(travel),
      status: travel?.status ?? null,
      submittedAt: travel?.submittedAt.toISOString() ?? null,
      url: `/travel-form/${application.id}`,
    },
    paymentsDue,
  };
}

/** GET /api/guest/schedule/{retreatId}: only the guest's own retreat (404 for any other), public sessions only. */
export async function getGuestSchedule(
  db: Db,
  userId: string,
  retreatId: string,
  now: Date = new Date(),
): Promise<GuestSchedule> {
  const { retreat } = await guestContext(db, userId);
  if (retreat.id !== retreatId) throw new AppError("not_found", scheduleNotFoundMessage);
  const zone = timeZoneOf(retreat);
  const sessions = (await listSessionRows(db, retreat.id, { publicOnly: true })).map((row) => toSessionDto(row, zone));
  // A session still running counts as the next one: the guest may be on their way to it.
  const ahead = sessions.filter((s) => new Date(s.endTime ?? s.startTime).getTime() > now.getTime());
  return {
    retreat: toScheduleRetreat(retreat),
    sessions,
    nextSession: ahead[0] ?? null,
    upcoming: ahead.slice(1, 1 + upcomingSessionCount),
  };
}

export async function getCalendarUrl(db: Db, userId: string, publicUrl: string): Promise<{ url: string }> {
  await guestContext(db, userId);
  const [user] = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  let token = user?.token;
  if (!token) token = await rotateToken(db, userId);
  return { url: calendarFeedUrl(publicUrl, token) };
}

async function rotateToken(db: Db, userId: string): Promise<string> {
  const token = newCalendarToken();
  await db.update(users).set({ calendarToken: token, updatedAt: new Date() }).where(eq(users.id, userId));
  return token;
}

/** POST /api/guest/calendar-url/rotate: a new secret; the old URL stops working at once. */
export async function rotateCalendarUrl(db: Db, userId: string, publicUrl: string): Promise<{ url: string }> {
  await guestContext(db, userId);
  return { url: calendarFeedUrl(publicUrl, await rotateToken(db, userId)) };
}

/** The .ics text of the feed behind a token, or null when no active guest holds that token. */
export async function buildCalendarFeed(db: Db, token: string, publicUrl: string): Promise<string | null> {
  const [row] = await db
    .select({ retreat: retreats })
    .from(users)
    .innerJoin(applications, eq(applications.id, users.applicationId))
    .innerJoin(retreats, eq(retreats.id, applications.retreatId))
    .where(and(eq(users.calendarToken, token), eq(users.isActive, true), eq(users.role, "guest")));
  if (!row) return null;
  const host = new URL(publicUrl).hostname;
  const sessions = await listSessionRows(db, row.retreat.id, { publicOnly: true });
  const events: EventAttributes[] = sessions.map((s) => ({
    uid: `${s.id}@${host}`,
    title: s.title,
    ...(s.description ? { description: s.description } : {}),
    ...(s.location ? { location: s.location } : {}),
    start: s.startTime.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: (s.endTime ?? s.startTime).getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    lastModified: s.updatedAt.getTime(),
  }));
  const header = { productId: "retreat-hq/schedule", calName: row.retreat.name };
  const { error, value } = createEvents(events, header);
  if (error || !value) throw error ?? new Error("Calendar feed could not be built");
  return value;
}
