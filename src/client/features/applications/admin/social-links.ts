/** One link in the detail modal's "Social presence" section. */
export type SocialLink = { label: string; href: string; text: string };

/** Instagram's handle alphabet: letters, digits, dots and underscores. */
const bareHandle = /^[A-Za-z0-9._]{1,60}$/;

/** Spec section 5: a value without http(s):// gets https:// in front (so "javascript:" can never be a link). */
export function withHttps(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * The social links of an application (spec section 2): Instagram from instagramHandle (leading
 * @ removed; a bare handle also gets Twitter/X, TikTok and YouTube links, since people tend to
 * use one handle everywhere), then LinkedIn and the website. Empty when there is none.
 */
export function socialLinks(app: {
  instagramHandle?: string | null;
  linkedinUrl?: string | null;
  websiteUrl?: string | null;
}): SocialLink[] {
  const links: SocialLink[] = [];
  const instagram = app.instagramHandle?.trim().replace(/^@+/, "") ?? "";
  if (instagram) {
    if (bareHandle.test(instagram)) {
      const handle = encodeURIComponent(instagram);
      links.push(
        { label: "Instagram", href: `https://instagram.com/${handle}`, text: `@${instagram}` },
        { label: "Twitter/X", href: `https://x.com/${handle}`, text: `@${instagram}` },
        { label: "TikTok", href: `https://www.tiktok.com/@${handle}`, text: `@${instagram}` },
        { label: "YouTube", href: `https://www.youtube.com/@${handle}`, text: `@${instagram}` },
      );
    } else {
      links.push({ label: "Instagram", href: withHttps(instagram), text: instagram });
    }
  }
  const linkedin = app.linkedinUrl?.trim();
  if (linkedin) links.push({ label: "LinkedIn", href: withHttps(linkedin), text: linkedin });
  const website = app.websiteUrl?.trim();
  if (website) links.push({ label: "Website", href: withHttps(website), text: website });
  return links;
}
