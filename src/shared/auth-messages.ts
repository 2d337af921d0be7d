// The sign-in texts and limits, kept apart from the zod schemas that use them (auth.ts re-exports
// them): the sign-in page shows them without loading the validation library (decision 021).

/** Spec section 8: the Login Failed toast's fallback text, and the server's 401 message. */
export const invalidCredentialsMessage = "Invalid username or password. Please try again.";
/** Spec section 5: both fields are required. */
export const missingCredentialsMessage = "Please enter both username and password.";
export const tooManyAttemptsMessage = "Too many sign-in attempts. Please wait 15 minutes and try again.";

/** Passwords longer than this are refused before hashing, so a huge body cannot burn CPU. */
export const maxPasswordLength = 1024;

/**
 * Why an OpenID Connect sign-in came back to /admin (`/admin?error=<code>`); the admin entry page
 * shows the text in a 'Login Failed' toast. Codes, not text, travel in the URL, so nobody can put
 * words of their own on our sign-in page with a crafted link.
 */
export const oidcErrorMessages = {
  oidc_failed: "Single sign-on failed. Please try again.",
  oidc_cancelled: "Single sign-on was cancelled.",
  oidc_no_account: "No active account uses the email address from your sign-in provider. Ask an owner to add you.",
  oidc_email_unverified: "Your sign-in provider has not verified your email address.",
} as const;
export type OidcErrorCode = keyof typeof oidcErrorMessages;

export function isOidcErrorCode(value: unknown): value is OidcErrorCode {
  return typeof value === "string" && Object.hasOwn(oidcErrorMessages, value);
}
