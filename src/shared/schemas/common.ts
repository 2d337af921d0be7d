import { z } from "zod";

/** Limits on free text keep rows and emails sane and make abuse cheap to refuse. */
export const limits = { name: 200, email: 254, phone: 50, shortText: 500, longText: 5000 } as const;

export const optionalText = (max: number = limits.shortText) => z.string().trim().max(max).default("");

/** Honeypot: a hidden field people never fill; bots do. */
export const honeypotSchema = z.string().max(limits.shortText).optional();
export const spamMessage = "Spam detected. Please try again.";
