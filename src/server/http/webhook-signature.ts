import { createHmac, timingSafeEqual } from "node:crypto";

/** A signature older (or further in the future) than this is refused, so a captured request cannot be replayed later. */
export const signatureToleranceSeconds = 5 * 60;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: what a sender puts in X-Webhook-Signature. */
export function signWebhook(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

/**
 * Checks the header against the exact bytes received. Several v1 entries are allowed (a sender
 * rotating secrets signs with both); any one matching is enough.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  // An empty key is no secret at all: anyone could sign with it.
  if (!secret || !header || header.length > 2000) return false;
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = value;
    else if (key === "v1" && value && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (!timestamp || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > signatureToleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest();
  // Every candidate is compared, so the time taken does not reveal which one matched.
  let valid = false;
  for (const signature of signatures) {
    if (signature.length === expected.length && timingSafeEqual(signature, expected)) valid = true;
  }
  return valid;
}
