// The site's words' limits and choices (lengths, icons, networks, portraits, photos), kept apart
// from the zod schema that checks them (site-content.ts re-exports them): the Site tab's editor
// shows them without the validation library (decision 024).

export const siteContentLimits = {
  line: 200,
  paragraph: 1000,
  markdown: 5000,
  includedItems: 12,
  scheduleDays: 31,
  audience: 12,
  faq: 40,
  team: 12,
  social: 6,
} as const;

/** The icons the "What's included" cards can show (the landing page draws each). */
export const includedIcons = ["house", "utensils", "megaphone", "mountain", "heart", "plane", "users", "leaf"] as const;
export type IncludedIcon = (typeof includedIcons)[number];

/** Networks the footer has an icon for. */
export const socialNetworks = ["Instagram", "Facebook", "YouTube"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** The portraits a team profile can use until photos can be uploaded (none: initials). */
export const teamPortraits = ["team-founder", "team-coordinator"] as const;
export type TeamPortrait = (typeof teamPortraits)[number];

/** Gallery photos a season can show (the page's mosaic has twelve cells). */
export const galleryPhotoLimit = 12;
