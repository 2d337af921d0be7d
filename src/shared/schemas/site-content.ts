import { z } from "zod";
import {
  galleryPhotoLimit,
  type IncludedIcon,
  includedIcons,
  type SocialNetwork,
  siteContentLimits,
  socialNetworks,
  type TeamPortrait,
  teamPortraits,
} from "../site-content-limits";
import type { CurrentRetreat } from "./retreats";

export {
  galleryPhotoLimit,
  type IncludedIcon,
  includedIcons,
  type SocialNetwork,
  siteContentLimits,
  socialNetworks,
  type TeamPortrait,
  teamPortraits,
};

/**
 * The public site's words for one retreat (one season): what staff edit in the Site tab, what the
 * owner publishes and what the landing page is rendered from. One schema for the editor, the API,
 * the database's JSON and the server render, so nothing can be saved that the page cannot show.
 *
 * Fields marked "markdown" take a small Markdown (paragraphs, emphasis, links, lists); the server
 * turns them into sanitised HTML (server/features/site-content/site-markdown.ts) before any page
 * or API shows them. Everything else is plain text, escaped wherever it is rendered.
 */

const text = (label: string, max: number, required = true) => {
  const base = z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
  return required ? base.min(1, `${label} is required`) : base;
};

/**
 * Quotes and lists nested deeper than this are refused. Nobody writes them, and the server's
 * Markdown parser recurses once per level: a few hundred ">" in a row exhaust its stack.
 */
export const markdownNestingLimit = 12;

/** A line opening more than the limit of quotes (">") and list items ("-", "+", "*", "1.", "1)") in a row. */
const tooDeeplyNested = new RegExp(
  `^[ \\t]*(?:(?:>|(?:[-+*]|\\d{1,9}[.)])(?=[ \\t]|$))[ \\t]*){${markdownNestingLimit + 1}}`,
  "m",
);

/** A field that takes Markdown: text, with no nesting past the limit. */
const markdownText = (label: string) =>
  text(label, siteContentLimits.markdown).refine(
    (value) => !tooDeeplyNested.test(value),
    `${label} nests quotes or lists more than ${markdownNestingLimit} levels deep`,
  );

const list = <T extends z.ZodType>(item: T, label: string, min: number, max: number) =>
  z
    .array(item, { message: `${label} must be a list` })
    .min(min, min === 1 ? `Add at least one ${label.toLowerCase().replace(/s$/, "")}` : `Add at least ${min}`)
    .max(max, `At most ${max} ${label.toLowerCase()}`);

const httpsUrl = z
  .string()
  .trim()
  .max(500, "A link must be at most 500 characters")
  .refine((value) => /^https:\/\/[^\s/$.?#].[^\s]*$/i.test(value), "A link must start with https://");

const { line, paragraph } = siteContentLimits;

/** An uploaded photo (POST /api/admin/photos); its alt text is stored with it. */
export const photoRefSchema = z.strictObject({ id: z.uuid("A photo must be an uploaded photo") });
export type PhotoRef = z.infer<typeof photoRefSchema>;

export const siteContentSchema = z.strictObject({
  hero: z.strictObject({
    eyebrow: text("The hero eyebrow", line),
    title: text("The hero title", line),
    lead: text("The hero lead", paragraph),
  }),
  about: z.strictObject({
    eyebrow: text("The about eyebrow", line),
    title: text("The about title", line),
    /** markdown */
    body: markdownText("The about text"),
  }),
  included: list(
    z.strictObject({
      icon: z.enum(includedIcons, { message: "Choose one of the icons" }),
      title: text("An included item's title", line),
      text: text("An included item's text", paragraph),
    }),
    "Included items",
    1,
    siteContentLimits.includedItems,
  ),
  schedule: list(
    z.strictObject({
      title: text("A day's title", line),
      description: text("A day's description", paragraph),
    }),
    "Days",
    1,
    siteContentLimits.scheduleDays,
  ),
  dates: z.strictObject({
    /** "May 2026": the hero, the dates section and the page's facts all show it. */
    label: text("The dates wording", line),
    /** "Exact dates to be announced", or the exact dates once known. */
    detail: text("The dates detail", line, false),
  }),
  audience: list(
    z.strictObject({
      title: text("A 'who it is for' title", line),
      text: text("A 'who it is for' text", paragraph),
    }),
    "Audience entries",
    1,
    siteContentLimits.audience,
  ),
  faq: list(
    z.strictObject({
      question: text("A question", line),
      /** markdown */
      answer: markdownText("An answer"),
    }),
    "Questions",
    1,
    siteContentLimits.faq,
  ),
  team: list(
    z.strictObject({
      name: text("A team member's name", line),
      role: text("A team member's role", line),
      location: text("A team member's location", line, false),
      /** markdown */
      bio: markdownText("A team member's bio"),
      portrait: z.enum(teamPortraits, { message: "Choose one of the portraits" }).nullable(),
      /** An uploaded portrait; shown instead of `portrait` once its variants are ready. */
      photo: photoRefSchema.nullable().optional(),
      /** Not shown on the site: lets the privacy export find the profile of the person it is about. */
      email: z
        .union([z.literal(""), z.email("A team member's email must be a valid email address").max(254)])
        .default(""),
    }),
    "Team members",
    0,
    siteContentLimits.team,
  ),
  contact: z.strictObject({
    email: z.email("The contact email must be a valid email address").max(254),
    social: list(
      z.strictObject({ network: z.enum(socialNetworks, { message: "Choose a network" }), href: httpsUrl }),
      "Social links",
      0,
      siteContentLimits.social,
    ),
  }),
  notice: z.strictObject({
    show: z.boolean({ message: "Say whether the notice shows" }),
    text: text("The notice text", paragraph),
  }),
  /**
   * Uploaded photos replacing the generated illustrations (decision 018). Absent or empty: the
   * illustrations, as on a fresh install.
   */
  photos: z
    .strictObject({
      hero: photoRefSchema.nullable(),
      gallery: z
        .array(photoRefSchema, { message: "Gallery photos must be a list" })
        .max(galleryPhotoLimit, `At most ${galleryPhotoLimit} gallery photos`),
    })
    .optional(),
});

export type SiteContent = z.infer<typeof siteContentSchema>;

/**
 * The published content as the public site receives it: the Markdown fields turned into sanitised
 * HTML by the server (`bodyHtml`, `answerHtml`, `bioHtml`), so the browser needs no Markdown code.
 */
export type PublicSiteContent = Omit<SiteContent, "about" | "faq" | "team" | "photos"> & {
  about: Omit<SiteContent["about"], "body"> & { bodyHtml: string };
  faq: { question: string; answerHtml: string }[];
  team: (Omit<SiteContent["team"][number], "bio" | "email" | "photo"> & {
    bioHtml: string;
    photo?: PublicPhoto | null;
  })[];
  /** Only photos whose variants are ready; the page shows the illustrations for the rest. */
  photos?: { hero: PublicPhoto | null; gallery: PublicPhoto[] };
};

/** A ready photo as the page draws it: AVIF and WebP srcsets under /media, its size and alt text. */
export interface PublicPhoto {
  alt: string;
  width: number;
  height: number;
  avif: string;
  webp: string;
  /** The largest WebP, for browsers without srcset. */
  src: string;
}

/** GET /api/site-content: the public site's words for the retreat the site shows. */
export interface PublicSite {
  retreatId: string | null;
  /** The season's year, for the spec's texts that name it ("Join the waitlist for Bali 2026 updates"). */
  seasonYear: number;
  content: PublicSiteContent;
}

/**
 * What the server renders the landing page from, and embeds beside it as JSON for hydration: the
 * season's retreat with its prices (null when no retreat is open or being planned) and its words.
 */
export interface LandingData {
  retreat: CurrentRetreat | null;
  site: PublicSite;
}

/** GET /api/admin/site?retreatId=: what the Site tab edits. */
export const adminSiteContentSchema = z.object({
  retreatId: z.uuid(),
  retreatName: z.string(),
  /** open, planning, ...: only open and planning retreats can be published. */
  retreatStatus: z.string(),
  draft: siteContentSchema,
  published: siteContentSchema.nullable(),
  publishedAt: z.string().nullable(),
  publishedVersion: z.number().int(),
  /** The draft differs from what is published. */
  hasUnpublishedChanges: z.boolean(),
  updatedAt: z.string(),
});
export type AdminSiteContent = z.infer<typeof adminSiteContentSchema>;

export const siteRetreatQuerySchema = z.strictObject({
  retreatId: z.uuid("retreatId must be a retreat id").optional(),
});
/** GET /api/admin/site/preview?retreatId=: the landing page rendered from that retreat's draft. */
export const sitePreviewQuerySchema = z.strictObject({ retreatId: z.uuid("retreatId must be a retreat id") });
export const sitePublishBodySchema = z.strictObject({ retreatId: z.uuid("retreatId must be a retreat id") });
export const siteDraftBodySchema = z.strictObject({
  retreatId: z.uuid("retreatId must be a retreat id"),
  content: siteContentSchema,
});
