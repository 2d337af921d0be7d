import { z } from "zod";
import { minPasswordLength, passwordTooShortMessage } from "../password-rules";
import { authUserSchema, roleSchema } from "./auth";
import { limits } from "./common";

export { minPasswordLength, passwordTooShortMessage };

/** Characters that never show: controls and format characters (zero-width space and joiners). */
const neverShown = /[\p{Cc}\p{Cf}]/gu;
/** Blank-looking characters: every kind of space, the braille blank, the Hangul fillers. */
const blank = "[\\p{Z}\\u2800\\u3164\\uFFA0\\u115F\\u1160]";
const blankEnds = new RegExp(`^${blank}+|${blank}+$`, "gu");

/**
 * A password's length as a person sees it: without what never shows, without blanks at either
 * end (spaces inside a passphrase count), each character once (not UTF-16 units).
 */
function visibleLength(value: string): number {
  return [...value.normalize("NFC").replace(neverShown, "").replace(blankEnds, "")].length;
}

/**
 * The one password rule: the forms, the API and `npm run user:create` all check this. Only what
 * shows counts towards the length (twelve spaces or zero-width spaces are not a password), but the
 * password is kept exactly as typed: sign-in compares what is typed, spaces and all.
 */
export const passwordSchema = z
  .string()
  .max(1024, "Password is too long.")
  .refine((value) => visibleLength(value) >= minPasswordLength, passwordTooShortMessage);
const name = z.string().trim().max(limits.name, `Names can be at most ${limits.name} characters.`);
const email = z.string().trim().max(limits.email).pipe(z.email("Please enter a valid email address."));
const firstName = name.min(1, "First name is required.");
const lastName = name.min(1, "Last name is required.");

/** A user as the Settings tab lists it. */
export const userSchema = authUserSchema.extend({
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type UserDto = z.infer<typeof userSchema>;

/**
 * Only when the server sends no email (no SMTP configured): the working set-password link, in the
 * reply to the owner who issued it and nowhere else, once. With email on, only the email has it.
 */
const revealedLink = { setPasswordUrl: z.string().optional() };

/** POST /api/admin/users. */
export const createdUserSchema = userSchema.extend(revealedLink);
export type CreatedUser = z.infer<typeof createdUserSchema>;

export const passwordOrLinkMessage = "Enter a first password or choose to email a set-password link.";
export const passwordAndLinkMessage = "Choose either a first password or a set-password link, not both.";

/**
 * POST /api/admin/users: a first password, or `sendSetPasswordLink: true` to email the new user a
 * single-use link instead (no password is stored until they use it).
 */
export const createUserSchema = z
  .strictObject({
    email,
    firstName,
    lastName,
    role: roleSchema,
    password: passwordSchema.optional(),
    sendSetPasswordLink: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.sendSetPasswordLink && input.password !== undefined) {
      ctx.addIssue({ code: "custom", path: ["password"], message: passwordAndLinkMessage });
    } else if (!input.sendSetPasswordLink && input.password === undefined) {
      ctx.addIssue({ code: "custom", path: ["password"], message: passwordOrLinkMessage });
    }
  });
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PATCH /api/admin/users/{id}: any subset, at least one field. */
export const updateUserSchema = z
  .strictObject({
    firstName,
    lastName,
    role: roleSchema,
    isActive: z.boolean(),
    password: passwordSchema,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to update." });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userIdParamsSchema = z.strictObject({ id: z.uuid("Invalid user id.") });

export const lastOwnerMessage = "The last active owner cannot be deactivated or given another role.";
export const duplicateEmailMessage = "A user with this email already exists.";

/** The public set-password page's answer for unknown, used, expired and malformed links alike. */
export const setPasswordLinkInvalidMessage = "This link is invalid or has expired.";

/** POST /api/auth/set-password/{token}. */
export const setPasswordSchema = z.strictObject({ password: passwordSchema });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** GET /api/auth/set-password/{token}: whose password the link sets. */
export const setPasswordLinkSchema = z.object({ email: z.string() });

/** POST /api/admin/users/{id}/set-password-link. */
export const setPasswordLinkSentSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  expiresAt: z.string(),
  ...revealedLink,
});
export type SetPasswordLinkSent = z.infer<typeof setPasswordLinkSentSchema>;

/**
 * POST /api/auth/setup/{code}: the first owner, made from the one-time link the server prints
 * while no owner exists. The same rules as an owner creating a user.
 */
export const setupOwnerSchema = z.strictObject({ firstName, lastName, email, password: passwordSchema });
export type SetupOwnerInput = z.infer<typeof setupOwnerSchema>;

/** The setup page's answer for unknown codes, and for every code once an owner exists. */
export const setupLinkInvalidMessage = "This setup link is invalid or no longer needed.";
