import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";
import type { EmailSecrets } from "../../email/hidden-links";

/**
 * The tokenised pay link put in acceptance and reminder emails: GET /api/pay/{token} opens a
 * Stripe Checkout for the applicant's next pending payment.
 *
 * token = "<applicationId>.<HMAC-SHA256(SESSION_SECRET, 'pay-link:' + applicationId)>" (base64url).
 * Derived rather than stored: no schema change, nothing to look up or leak from the database,
 * and every email about the same application carries the same working link. What the link can
 * do is narrow (start paying this application's next instalment), so it never expires; rotating
 * SESSION_SECRET revokes every link at once.
 */
const purpose = "pay-link:";
const tokenPattern = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, applicationId: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}${applicationId}`, "utf8").digest();
}

export function payLinkToken(secret: string, applicationId: string): string {
  return `${applicationId}.${signature(secret, applicationId).toString("base64url")}`;
}

/** The application a token was issued for, or null for anything forged or malformed. */
export function verifyPayLinkToken(secret: string, token: string): string | null {
  const match = tokenPattern.exec(token);
  if (!match) return null;
  const applicationId = match[1]!;
  const given = Buffer.from(match[2]!, "base64url");
  const expected = signature(secret, applicationId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? applicationId : null;
}

export function payLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/pay/${token}`;
}

/**
 * The emails' payUrl: the pay link when Stripe is on, else "" (the templates then say bank
 * transfer). The token is hidden in `secrets`: the stored email shows a marker, the sent one the link.
 */
export function payLinkFor(
  config: Pick<Config, "publicUrl" | "sessionSecret" | "stripe">,
  applicationId: string,
  secrets: EmailSecrets,
): string {
  if (!config.stripe) return "";
  return payLinkUrl(config.publicUrl, secrets.hide(payLinkToken(config.sessionSecret, applicationId)));
}
