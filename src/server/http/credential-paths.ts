import { pageRoutes } from "../../shared/routes";

/**
 * Paths whose next segment is a bearer credential: whoever holds the URL sets the account's
 * password, answers the place offer, books the interview, starts the payment or reads the feed.
 * One list for every rule that must recognise such a link: the outbox refuses to store one
 * (src/server/email/outbox.ts) and the request log masks it (redactCredentialPath).
 *
 * The spec's email-preference links and the travel form link (an application id) are not here:
 * the spec defines them as they are.
 */
const credentialPathPrefixes = [
  prefixOf(pageRoutes.setPassword), // also covers /api/auth/set-password/
  prefixOf(pageRoutes.interviewBooking),
  "/api/interview-booking/",
  prefixOf(pageRoutes.placeOffer),
  "/api/place-offers/",
  "/api/pay/",
  "/api/calendar/",
] as const;

function prefixOf(pattern: string): string {
  return pattern.slice(0, pattern.indexOf(":"));
}

const escaped = credentialPathPrefixes.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");

/** A credential path segment in a request URL: the prefix, then the secret up to the next / ? #. */
const inUrl = new RegExp(`(${escaped})[^/?#\\s]+`, "gi");

/**
 * A working-looking token after a credential prefix anywhere in a text (an email body). Tokens
 * are 43 or more URL-safe characters; 16 leaves room for shorter ones without matching words.
 * The outbox's own markers (`hidden-link-1`) are short and so never match.
 */
const inText = new RegExp(`(?:${escaped})[A-Za-z0-9._~%-]{16,}`, "i");

export const redactedSegment = "[redacted]";

/** The URL with every credential segment replaced, for log lines. */
export function redactCredentialPath(url: string): string {
  return url.replace(inUrl, `$1${redactedSegment}`);
}

/** The first working-looking credential link in the text, or null. */
export function findCredentialLink(text: string): string | null {
  return inText.exec(text)?.[0] ?? null;
}
