import { type FieldCipher, fieldContext, sensitiveFields } from "../../encryption/field-encryption";

/** passportNumber, allergies, medications, medicalConditions: encrypted at rest, read only by owner and staff. */
export const travelSecretColumns = sensitiveFields.travel;
export type TravelSecretColumn = (typeof travelSecretColumns)[number];
type Secrets<T> = { [K in TravelSecretColumn]: T };

/** The travel form's secret columns, encrypted for storage (null stays null). */
export function sealTravelSecrets(
  cipher: FieldCipher,
  values: Secrets<string | null> & { passportNumber: string },
): Secrets<string | null> & { passportNumber: string } {
  const sealed = {} as Secrets<string | null>;
  for (const column of travelSecretColumns)
    sealed[column] = cipher.encrypt(values[column], fieldContext("travel", column));
  return sealed as Secrets<string | null> & { passportNumber: string };
}

/** The stored secret columns decrypted; plaintext written before encryption existed passes through. */
export function openTravelSecrets(
  cipher: FieldCipher,
  stored: Secrets<string | null>,
): Secrets<string | null> & { passportNumber: string } {
  const open = {} as Secrets<string | null>;
  for (const column of travelSecretColumns)
    open[column] = cipher.decrypt(stored[column], fieldContext("travel", column));
  return { ...open, passportNumber: open.passportNumber ?? "" };
}

/**
 * "•••• 1234": the last four characters, enough to match a document, too few to use one; a
 * short number shows at most half of itself.
 */
export function maskPassport(passportNumber: string): string {
  const compact = passportNumber.replace(/\s+/g, "");
  const shown = Math.min(4, Math.floor(compact.length / 2));
  return compact ? `•••• ${shown > 0 ? compact.slice(-shown) : ""}`.trimEnd() : "";
}
