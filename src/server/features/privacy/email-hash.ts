import { createHmac, hkdfSync } from "node:crypto";

/**
 * What the audit trail keeps of a data subject's address: an HMAC keyed by a key derived from
 * DATA_ENCRYPTION_KEY. A plain SHA-256 of an email is reversed by hashing a list of addresses;
 * the keyed hash still lets the owner answer "did we handle a request for x?" from the trail.
 */
export function emailHash(email: string, dataEncryptionKey: Buffer): string {
  const key = Buffer.from(hkdfSync("sha256", dataEncryptionKey, Buffer.alloc(0), "retreat-hq audit email hash", 32));
  return createHmac("sha256", key).update(email.trim().toLowerCase()).digest("hex");
}
