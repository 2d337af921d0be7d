import { z } from "zod";

/** Limits on free text keep rows and emails sane and make abuse cheap to refuse. */
export const limits = { name: 200, email: 254, phone: 50, shortText: 500, longText: 5000 } as const;

export const optionalText = (max: number = limits.shortText) => z.string().trim().max(max).default("");

/** Honeypot: a hidden field people never fill; bots do. */
export const honeypotSchema = z.string().max(limits.shortText).optional();
export const spamMessage = "Spam detected. Please try again.";

/**
 * `page` and `pageSize` of a paginated list's query string (numbers from text): page 1 and 25 a
 * page unless asked, at most `maxPageSize` a page and `maxPage` pages.
 */
export function pageQueryShape(maxPageSize: number, maxPage = 1_000_000) {
  return {
    page: z.coerce.number().int().min(1, "page must be 1 or more").max(maxPage).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1, "pageSize must be 1 or more")
      .max(maxPageSize, `pageSize must be at most ${maxPageSize}`)
      .default(25),
  };
}
