/** Plain navigations (not fetches): the identity provider's sign-in, and sign-out, which ends the session and redirects to /. */
export const signInRedirectPath = "/api/login";
export const signOutPath = "/api/logout";

let signingOut = false;

/**
 * Called when the user follows the Logout link. Until the browser has left the page, the admin
 * calls still in flight answer 401 (the session is gone); those must not send the page to the
 * sign-in screen, which would replace the logout's own redirect to /. A page restored from the
 * back/forward cache is a live page again.
 */
export function markSigningOut(): void {
  signingOut = true;
  window.addEventListener(
    "pageshow",
    (event) => {
      if (event.persisted) signingOut = false;
    },
    { once: true },
  );
}

/** True after the Logout link was followed (see markSigningOut). */
export function isSigningOut(): boolean {
  return signingOut;
}
