import { z } from "zod";
import { scheduleRetreatSchema, sessionSchema } from "./schedule";

/** How many sessions after the next one the guest portal lists (spec section 9). */
export const upcomingSessionCount = 3;

export const guestNotConfirmedMessage = "Only accepted applications (accepted or payment stage) can be invited.";
export const guestEmailTakenMessage =
  "A user with this email already exists and is not a guest. Change their role in Settings or use another email.";
export const guestAlreadyInvitedMessage = "This application already has a guest portal account.";
export const guestNotLinkedMessage = "Your guest account is not linked to an application yet. Please contact the team.";

export const inviteGuestSchema = z.strictObject({ applicationId: z.uuid("Please choose an application.") });
export type InviteGuestInput = z.infer<typeof inviteGuestSchema>;

export const inviteGuestResponseSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  /** true when an existing guest account without an application was linked instead of created. */
  linked: z.boolean(),
  setPasswordLinkSent: z.boolean(),
});
export type InviteGuestResponse = z.infer<typeof inviteGuestResponseSchema>;

/** GET /api/admin/guests: applicants with a place, and whether they have a portal account. */
export const guestCandidateSchema = z.object({
  applicationId: z.uuid(),
  name: z.string(),
  email: z.string(),
  stage: z.string(),
  isCouple: z.boolean(),
  guestUserId: z.uuid().nullable(),
});
export type GuestCandidate = z.infer<typeof guestCandidateSchema>;
export const guestListQuerySchema = z.object({ retreatId: z.uuid("Retreat id must be a uuid.").optional() });

const money = z.string();

export const guestMeSchema = z.object({
  firstName: z.string().nullable(),
  applicationId: z.uuid(),
  retreat: scheduleRetreatSchema,
  room: z
    .object({
      name: z.string(),
      type: z.string().nullable(),
      bedNumber: z.number().int().nullable(),
      /** First names only: a guest learns no more about anyone else. */
      roommates: z.array(z.string()),
    })
    .nullable(),
  dietaryNotes: z.string().nullable(),
  travelForm: z.object({
    submitted: z.boolean(),
    status: z.string().nullable(),
    submittedAt: z.string().nullable(),
    url: z.string(),
  }),
  paymentsDue: z.array(
    z.object({
      /** The payment to pay online (POST /api/guest/payments/{paymentId}/checkout); null for a plan's balance. */
      paymentId: z.uuid().nullable(),
      description: z.string(),
      amount: money,
      currency: z.string(),
      dueDate: z.string().nullable(),
    }),
  ),
});
export type GuestMe = z.infer<typeof guestMeSchema>;

export const guestScheduleParamsSchema = z.object({ retreatId: z.uuid("Retreat id must be a uuid.") });
export const guestScheduleSchema = z.object({
  retreat: scheduleRetreatSchema,
  sessions: z.array(sessionSchema),
  nextSession: sessionSchema.nullable(),
  /** The sessions after the next one, at most upcomingSessionCount. */
  upcoming: z.array(sessionSchema),
});
export type GuestSchedule = z.infer<typeof guestScheduleSchema>;

export const calendarUrlSchema = z.object({ url: z.string() });
export type CalendarUrl = z.infer<typeof calendarUrlSchema>;

/** The feed path's last segment: 64 hex characters and ".ics" (anything else is a 404, not a 400). */
export const calendarFilePattern = /^([0-9a-f]{64})\.ics$/;
export const calendarFileParamsSchema = z.object({ file: z.string().max(200) });
