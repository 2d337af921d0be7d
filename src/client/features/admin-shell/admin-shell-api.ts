/** Plain navigations (not fetches): the identity provider's sign-in, and sign-out, which ends the session and redirects to /. */
export const signInRedirectPath = "/api/login";
export const signOutPath = "/api/logout";
