import { z } from "zod";
import { honeypotSchema, limits } from "./common";

/**
 * POST /api/waitlist {name, email}; the honeypot is checked on both sides. `prefault`, not
 * `default`: zod 4's default skips validation, so a missing name or email would pass as "".
 */
export const waitlistSchema = z.strictObject({
  name: z.string().trim().min(2, "Please enter your full name").max(limits.name).prefault(""),
  email: z.string().trim().max(limits.email).pipe(z.email("Please enter a valid email address")).prefault(""),
  website: honeypotSchema,
});

export type WaitlistInput = z.input<typeof waitlistSchema>;
