/** The Waitlist tab's inner tab query parameter, beside the dashboard's ?tab=waitlist. Its own module so the dashboard can clear it without loading the tab. */
export const emailSectionParam = "email";
