import { z } from "zod";
import { roleSchema } from "./auth";
import { limits } from "./common";

export const minPasswordLength = 12;
export const passwordTooShortMessage = `Password must be at least ${minPasswordLength} characters.`;

const password = z.string().min(minPasswordLength, passwordTooShortMessage).max(1024, "Password is too long.");
const name = z.string().trim().max(limits.name, `Names can be at most ${limits.name} characters.`);

/** A user as the Settings tab lists it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type UserDto = z.infer<typeof userSchema>;

/** POST /api/admin/users. */
export const createUserSchema = z.strictObject({
  email: z.string().trim().max(limits.email).pipe(z.email("Please enter a valid email address.")),
  firstName: name.min(1, "First name is required."),
  lastName: name.min(1, "Last name is required."),
  role: roleSchema,
  password,
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PATCH /api/admin/users/{id}: any subset, at least one field. */
export const updateUserSchema = z
  .strictObject({
    firstName: name.min(1, "First name is required."),
    lastName: name.min(1, "Last name is required."),
    role: roleSchema,
    isActive: z.boolean(),
    password,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to update." });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userIdParamsSchema = z.strictObject({ id: z.uuid("Invalid user id.") });

export const lastOwnerMessage = "The last active owner cannot be deactivated or given another role.";
export const duplicateEmailMessage = "A user with this email already exists.";
