import { z } from "zod";
import { invalidCredentialsMessage, maxPasswordLength, missingCredentialsMessage } from "../auth-messages";
import { roles } from "../constants";
import { limits } from "./common";

export {
  invalidCredentialsMessage,
  isOidcErrorCode,
  maxPasswordLength,
  missingCredentialsMessage,
  type OidcErrorCode,
  oidcErrorMessages,
  tooManyAttemptsMessage,
} from "../auth-messages";

/** POST /api/auth/login. The username is the user's email address (case-insensitive). */
export const loginSchema = z.strictObject({
  username: z.string().trim().min(1, missingCredentialsMessage).max(limits.email, invalidCredentialsMessage),
  password: z.string().min(1, missingCredentialsMessage).max(maxPasswordLength, invalidCredentialsMessage),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const roleSchema = z.enum(roles);

/** GET /api/auth/user and the login reply. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  isActive: z.boolean(),
});
export type AuthUserDto = z.infer<typeof authUserSchema>;
