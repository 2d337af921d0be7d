import { z } from "zod";
import { applicationStages } from "../constants";
import { applicationSubmissionSchema } from "./applications";
import { limits, pageQueryShape } from "./common";

/** The forward path of an application (spec section 4); waitlist and declined are side stages. */
export const forwardStageOrder = ["new", "screening", "interview", "accepted", "payment"] as const;
/** Stages from which "move to waitlist" and "decline" are no longer offered. */
export const sideMoveBlockedStages = ["waitlist", "declined", "payment"] as const;
/** The stage filter of the Applications tab (spec section 2). */
export const stageFilterOptions = ["all", "new", "screening", "interview", "accepted", "waitlist", "declined"] as const;
/** The stage selector of the detail modal (spec section 4). */
export const modalStageOptions = ["new", "screening", "interview", "accepted", "waitlist", "declined"] as const;
export const applicationSortFields = ["submittedAt", "name", "email", "country", "stage", "score"] as const;
export const sortOrders = ["asc", "desc"] as const;
/** Stage changes that can email the applicant. */
export const notifiableStages = ["accepted", "waitlist", "declined"] as const;

export type ApplicationStageValue = (typeof applicationStages)[number];
export type ApplicationSortField = (typeof applicationSortFields)[number];
export type SortOrder = (typeof sortOrders)[number];

/** The stage the forward action moves to, or null when there is none (payment, side stages). */
export function nextForwardStage(stage: string): ApplicationStageValue | null {
  const index = forwardStageOrder.indexOf(stage as (typeof forwardStageOrder)[number]);
  if (index === -1 || index === forwardStageOrder.length - 1) return null;
  return forwardStageOrder[index + 1]!;
}

/** Whether "move to waitlist" and "decline" are offered for an application in `stage`. */
export function canMoveAside(stage: string): boolean {
  return !(sideMoveBlockedStages as readonly string[]).includes(stage);
}

/**
 * Why a stage change is refused, or null when it is allowed. One rule for the row actions and
 * for the server, so the buttons never offer what the server would refuse.
 */
export function stageTransitionError(from: string, to: ApplicationStageValue): string | null {
  if (from === to) return `This application is already in the ${to} stage.`;
  if (to === "waitlist" || to === "declined") {
    return canMoveAside(from)
      ? null
      : `An application in the ${from} stage cannot be moved to ${to === "waitlist" ? "the waitlist" : "declined"}.`;
  }
  const next = nextForwardStage(from);
  if (next === to) return null;
  if (next === null) return `An application in the ${from} stage cannot be moved to ${to}.`;
  return `An application in the ${from} stage can only move forward to ${next}, not to ${to}.`;
}

// ---------------------------------------------------------------------------------------------
// Read model
// ---------------------------------------------------------------------------------------------

const nullableText = z.string().nullable();

/** Application as the admin screens read it (spec section 3 plus couple, VIP and notes fields). */
export const adminApplicationSchema = z.object({
  id: z.uuid(),
  retreatId: z.uuid().nullable(),
  applicationType: z.string(),
  firstName: nullableText,
  lastName: nullableText,
  email: z.string(),
  phone: nullableText,
  city: nullableText,
  country: nullableText,
  stage: z.string(),
  score: z.number().int(),
  submittedAt: z.string(),
  motivations: nullableText,
  advocacyInvolvement: nullableText,
  roomPreference: nullableText,
  internalNotes: nullableText,
  interviewNotes: nullableText,
  instagramHandle: nullableText,
  linkedinUrl: nullableText,
  websiteUrl: nullableText,
  partnerFirstName: nullableText,
  partnerLastName: nullableText,
  partnerEmail: nullableText,
  partnerPhone: nullableText,
  partnerCity: nullableText,
  partnerCountry: nullableText,
  wantsVipUpgrade: z.boolean(),
  additionalInfo: nullableText,
  dietaryNotes: nullableText,
  /** The applicant asked to stay on the priority list: kept past the declined-application retention. */
  keepOnPriorityList: z.boolean(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

// ---------------------------------------------------------------------------------------------
// List and export
// ---------------------------------------------------------------------------------------------

export const maxPageSize = 100;

const listFilterShape = {
  search: z.string().trim().max(limits.name, "Search is too long").default(""),
  stage: z.enum(["all", ...applicationStages], { message: "Unknown stage" }).default("all"),
  sort: z.enum(applicationSortFields, { message: "Unknown sort field" }).default("submittedAt"),
  order: z.enum(sortOrders, { message: "Order must be asc or desc" }).default("desc"),
  retreatId: z.uuid("retreatId must be a uuid").optional(),
};

export const applicationListQuerySchema = z.strictObject({
  ...listFilterShape,
  ...pageQueryShape(maxPageSize),
});
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;
export type ApplicationListQueryInput = z.input<typeof applicationListQuerySchema>;

export const applicationExportQuerySchema = z.strictObject(listFilterShape);
export type ApplicationExportQuery = z.output<typeof applicationExportQuerySchema>;

export const applicationListResponseSchema = z.object({
  items: z.array(adminApplicationSchema),
  /** Exact up to 1,000 matches; beyond that the database's estimate (totalIsEstimate). */
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ApplicationListResponse = z.infer<typeof applicationListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

const submission = applicationSubmissionSchema.shape;

/** Staff entry: the public submission's rules, without the honeypot; retreat defaults to the current one. */
export const adminApplicationCreateSchema = applicationSubmissionSchema
  .omit({ website: true, retreatId: true })
  .extend({
    retreatId: z.uuid("retreatId must be a uuid").optional(),
  });
export type AdminApplicationCreateInput = z.input<typeof adminApplicationCreateSchema>;
export type AdminApplicationCreate = z.output<typeof adminApplicationCreateSchema>;

export const scoreSchema = z
  .number({ message: "Score must be a number between 0 and 100" })
  .int("Score must be a whole number")
  .min(0, "Score must be between 0 and 100")
  .max(100, "Score must be between 0 and 100");

/**
 * PATCH: every field optional and without defaults (an absent field is left as it is), with the
 * submission's rules for the fields it shares, so an edit cannot store what a submission could not.
 */
export const adminApplicationUpdateSchema = z.strictObject({
  stage: z.enum(modalStageOptions, { message: "Unknown stage" }).optional(),
  score: scoreSchema.optional(),
  internalNotes: z.string().trim().max(limits.longText).optional(),
  firstName: submission.firstName.optional(),
  lastName: submission.lastName.unwrap().optional(),
  email: submission.email.optional(),
  phone: submission.phone.unwrap().optional(),
  city: submission.city.unwrap().optional(),
  country: submission.country.unwrap().optional(),
  instagramHandle: submission.instagramHandle.unwrap().optional(),
  linkedinUrl: submission.linkedinUrl.unwrap().optional(),
  websiteUrl: submission.websiteUrl.unwrap().optional(),
  motivations: submission.motivations.optional(),
  advocacyInvolvement: submission.advocacyInvolvement.optional(),
  roomPreference: submission.roomPreference,
  dietaryNotes: submission.dietaryNotes.unwrap().optional(),
  applicationType: submission.applicationType.unwrap().optional(),
  partnerFirstName: submission.partnerFirstName.unwrap().optional(),
  partnerLastName: submission.partnerLastName.unwrap().optional(),
  partnerEmail: submission.partnerEmail.unwrap().optional(),
  partnerPhone: submission.partnerPhone.unwrap().optional(),
  partnerCity: submission.partnerCity.unwrap().optional(),
  partnerCountry: submission.partnerCountry.unwrap().optional(),
  wantsVipUpgrade: submission.wantsVipUpgrade.unwrap().optional(),
  additionalInfo: submission.additionalInfo.unwrap().optional(),
  keepOnPriorityList: z.boolean({ message: "keepOnPriorityList must be true or false" }).optional(),
});
export type AdminApplicationUpdate = z.output<typeof adminApplicationUpdateSchema>;

export const escalateParamsSchema = z.strictObject({
  id: z.uuid("Invalid application id"),
  stage: z.enum(applicationStages, { message: "Unknown stage" }),
});

export const escalateBodySchema = z.strictObject({
  notes: z.string().trim().max(limits.longText, "Notes are too long").optional(),
  /** Email the applicant about acceptance, waitlist or decline (on unless unticked). */
  notify: z.boolean().default(true),
});
export type EscalateBody = z.input<typeof escalateBodySchema>;

export const applicationIdParamsSchema = z.strictObject({ id: z.uuid("Invalid application id") });

export const deleteApplicationResponseSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const escalateResponseSchema = z.object({
  application: adminApplicationSchema,
  /** True when an email to the applicant was queued. */
  notified: z.boolean(),
});
export type EscalateResponse = z.infer<typeof escalateResponseSchema>;
