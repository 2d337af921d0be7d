import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFieldCipher, FieldDecryptionError, fieldContext, isEncrypted } from "./field-encryption";

const key = randomBytes(32);
const cipher = createFieldCipher(key);
const passport = fieldContext("travel", "passportNumber");
const allergies = fieldContext("travel", "allergies");

/** Flips one bit of a base64url part of the stored value (0 = iv, 1 = tag, 2 = ciphertext). */
function tamper(stored: string, part: 0 | 1 | 2): string {
  const parts = stored.slice("enc:v1:".length).split(":");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[0]! ^= 0x01;
  parts[part] = bytes.toString("base64url");
  return `enc:v1:${parts.join(":")}`;
}

describe("field cipher", () => {
  it("round-trips text, including non-ASCII, and the stored form carries no plaintext", () => {
    for (const value of ["X1234567", "Asthma; carries an inhaler", "Ñoño — 花粉症 🌿", ""]) {
      const stored = cipher.encrypt(value, passport)!;
      expect(stored.startsWith("enc:v1:")).toBe(true);
      expect(isEncrypted(stored)).toBe(true);
      if (value) expect(stored).not.toContain(value);
      expect(cipher.decrypt(stored, passport)).toBe(value);
    }
  });

  it("uses a fresh IV each time: the same value encrypts differently", () => {
    const a = cipher.encrypt("X1234567", passport)!;
    const b = cipher.encrypt("X1234567", passport)!;
    expect(a).not.toBe(b);
    expect(a.split(":")[2]).not.toBe(b.split(":")[2]);
    expect(cipher.decrypt(a, passport)).toBe(cipher.decrypt(b, passport));
  });

  it.each([0, 1, 2] as const)("refuses a value tampered with in part %i", (part) => {
    const stored = cipher.encrypt("X1234567", passport)!;
    expect(() => cipher.decrypt(tamper(stored, part), passport)).toThrow(FieldDecryptionError);
  });

  it("refuses a malformed value with the prefix", () => {
    expect(() => cipher.decrypt("enc:v1:onlyonepart", passport)).toThrow(FieldDecryptionError);
  });

  it("refuses the wrong key, and the error never contains the value", () => {
    const stored = cipher.encrypt("X1234567", passport)!;
    const other = createFieldCipher(randomBytes(32));
    let caught: unknown;
    try {
      other.decrypt(stored, passport);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FieldDecryptionError);
    expect(String((caught as Error).message)).not.toContain("X1234567");
    expect(String((caught as Error).message)).not.toContain(stored);
  });

  it("binds the column: a ciphertext copied into another column does not decrypt", () => {
    const stored = cipher.encrypt("Peanuts", allergies)!;
    expect(() => cipher.decrypt(stored, fieldContext("travel", "medications"))).toThrow(FieldDecryptionError);
    expect(() => cipher.decrypt(stored, fieldContext("application", "medicalNotes"))).toThrow(FieldDecryptionError);
    expect(cipher.decrypt(stored, allergies)).toBe("Peanuts");
  });

  it("passes null and undefined through as null", () => {
    expect(cipher.encrypt(null, passport)).toBeNull();
    expect(cipher.encrypt(undefined, passport)).toBeNull();
    expect(cipher.decrypt(null, passport)).toBeNull();
    expect(cipher.decrypt(undefined, passport)).toBeNull();
    expect(isEncrypted(null)).toBe(false);
  });

  it("passes legacy plaintext (written before encryption) through unchanged", () => {
    expect(isEncrypted("123456789")).toBe(false);
    expect(cipher.decrypt("123456789", passport)).toBe("123456789");
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => createFieldCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
