import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Encryption at rest for the few fields that would hurt someone if a backup or a database dump
 * leaked: passport numbers and medical details. AES-256-GCM with a fresh 96-bit IV per value;
 * the authentication tag makes a tampered or swapped value fail loudly instead of decrypting to
 * garbage. The field's name is bound in as associated data, so a ciphertext copied from one
 * column into another does not decrypt.
 *
 * Stored form: `enc:v1:<iv>:<tag>:<ciphertext>` (base64url parts). The prefix lets a row written
 * before encryption was turned on be recognised and encrypted in place.
 */
const prefix = "enc:v1:";

export class FieldDecryptionError extends Error {}

export type FieldCipher = {
  /** null and undefined stay null: an empty optional field is not a secret. */
  encrypt(plain: string | null | undefined, field: string): string | null;
  /** Throws FieldDecryptionError for a tampered value or the wrong key; plain legacy values pass through. */
  decrypt(stored: string | null | undefined, field: string): string | null;
};

export function isEncrypted(value: string | null | undefined): boolean {
  return typeof value === "string" && value.startsWith(prefix);
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error("The data encryption key must be 32 bytes");
  return {
    encrypt(plain, field) {
      if (plain === null || plain === undefined) return null;
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(field, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${prefix}${iv.toString("base64url")}:${tag.toString("base64url")}:${body.toString("base64url")}`;
    },
    decrypt(stored, field) {
      if (stored === null || stored === undefined) return null;
      if (!isEncrypted(stored)) return stored;
      const [iv, tag, body] = stored.slice(prefix.length).split(":");
      if (iv === undefined || tag === undefined || body === undefined) {
        throw new FieldDecryptionError(`Malformed encrypted value in ${field}`);
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(field, "utf8"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        // Never include the value: the message may end up in a log.
        throw new FieldDecryptionError(`Cannot decrypt ${field}: wrong DATA_ENCRYPTION_KEY or a tampered value`);
      }
    },
  };
}

/** The encrypted columns, named as they are bound into the ciphertext. */
export const sensitiveFields = {
  travel: ["passportNumber", "allergies", "medications", "medicalConditions"],
  application: ["medicalNotes"],
} as const;

/** `travel.passportNumber` style associated data: table and column, stable across renames in code. */
export function fieldContext(table: keyof typeof sensitiveFields, column: string): string {
  return `${table}.${column}`;
}
