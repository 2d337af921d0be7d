import { pageRoutes } from "../../shared/routes";

/**
 * Paths whose next segment is a bearer credential: whoever holds the URL sets the account's
 * password or creates the first owner, answers the place offer, books the interview, starts the
 * payment, reads the feed or answers the feedback survey.
 * One list for every rule that must recognise such a link: the outbox refuses to store one
 * (src/server/email/outbox.ts) and the request log masks it (redactCredentialPath).
 *
 * The spec's email-preference links and the travel form link (an application id) are not here:
 * the spec defines them as they are.
 */
export const credentialPathPrefixes = [
  prefixOf(pageRoutes.setPassword), // also covers /api/auth/set-password/
  prefixOf(pageRoutes.setup), // also covers /api/auth/setup/
  prefixOf(pageRoutes.interviewBooking),
  "/api/interview-booking/",
  prefixOf(pageRoutes.placeOffer),
  "/api/place-offers/",
  "/api/pay/",
  "/api/calendar/",
  "/feedback/", // the guest's survey: answers (and consent to be quoted) in the guest's name
] as const;

function prefixOf(pattern: string): string {
  return pattern.slice(0, pattern.indexOf(":"));
}

const escaped = credentialPathPrefixes.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");

/** A credential path segment in a request URL: the prefix, then the secret up to the next / ? #. */
const inUrl = new RegExp(`(${escaped})[^/?#\\s]+`, "gi");

/**
 * What a working token looks like after each prefix (tokens are 43 base64url characters, the pay
 * link's an application id and a signature, the calendar's 64 hex digits), with room for shorter
 * ones so a token minted some other way is still caught; a slug such as
 * `/api/calendar/retreat-schedule-2026-public.ics` is not. A slash may come URL-encoded (a
 * `url_encode` filter). The outbox's markers (`hidden-link-…`) are not tokens.
 */
const tokenAfter: Record<(typeof credentialPathPrefixes)[number], string> = {
  "/set-password/": "[A-Za-z0-9_-]{32,}",
  "/setup/": "[A-Za-z0-9_-]{32,}",
  "/interview/book/": "[A-Za-z0-9_-]{32,}",
  "/api/interview-booking/": "[A-Za-z0-9_-]{32,}",
  "/place-offer/": "[A-Za-z0-9_-]{32,}",
  "/api/place-offers/": "[A-Za-z0-9_-]{32,}",
  "/api/pay/": "[0-9a-fA-F-]{36}(?:\\.|%2E)[A-Za-z0-9_-]{20,}",
  "/api/calendar/": "[0-9a-fA-F]{32,}",
  "/feedback/": "[A-Za-z0-9_-]{32,}",
};

const inText = new RegExp(
  credentialPathPrefixes
    .map((prefix) => {
      const path = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll("/", "(?:/|%2F)");
      return `(${path})(?!hidden-link-)${tokenAfter[prefix]}`;
    })
    .join("|"),
  "gi",
);

export const removedLinkSegment = "link-removed";

/**
 * The text with every working-looking credential token replaced by `link-removed`, and how many
 * were: the link stays recognisable and dead.
 */
export function removeCredentialLinks(text: string): { text: string; removed: number } {
  let removed = 0;
  const cleaned = text.replace(inText, (_whole, ...groups: unknown[]) => {
    removed += 1;
    const prefix = groups.slice(0, credentialPathPrefixes.length).find((g) => typeof g === "string");
    return `${prefix}${removedLinkSegment}`;
  });
  return { text: cleaned, removed };
}

/** The first working-looking credential link in the text, or null. */
export function findCredentialLink(text: string): string | null {
  return text.match(new RegExp(inText.source, "i"))?.[0] ?? null;
}

export const redactedSegment = "[redacted]";

/** The URL with every credential segment replaced, for log lines. */
export function redactCredentialPath(url: string): string {
  return url.replace(inUrl, `$1${redactedSegment}`);
}
