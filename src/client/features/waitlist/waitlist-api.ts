/** The public waitlist sign-up (POST). */
export const waitlistPath = "/api/waitlist";
