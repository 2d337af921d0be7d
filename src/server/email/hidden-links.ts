import type { FieldCipher } from "../privacy/field-encryption";

/**
 * Credential links in outbox emails (set-password, interview booking, place offer, pay link).
 *
 * The message is rendered with a marker (`hidden-link-1`) where the token goes, so the token never
 * passes through a template staff can edit (a filter could otherwise reshape it past any check)
 * and never reaches email_logs' body: staff reading the outbox see that a link was sent, and
 * where, without a usable one. The tokens travel beside the row, sealed (AES-256-GCM under
 * DATA_ENCRYPTION_KEY, bound to the row and its recipient), and the sender alone opens them,
 * puts them into the message it hands to SMTP, and clears them once the message has gone.
 */
const markerPrefix = "hidden-link-";
/** A marker, not followed by another digit (hidden-link-1 is not the start of hidden-link-10). */
const markerPattern = /hidden-link-(\d+)(?!\d)/g;

/** The tokens one email carries, each standing behind the marker `hide` returned for it. */
export class EmailSecrets {
  readonly #values: string[] = [];

  constructor(readonly cipher: FieldCipher) {}

  /** The marker to render where the secret goes. */
  hide(secret: string): string {
    if (!secret) throw new Error("An empty secret cannot be hidden");
    const known = this.#values.indexOf(secret);
    if (known >= 0) return `${markerPrefix}${known + 1}`;
    this.#values.push(secret);
    return `${markerPrefix}${this.#values.length}`;
  }

  get values(): readonly string[] {
    return this.#values;
  }
}

/** Associated data: a sealed value copied to another row, or a row readdressed, no longer opens. */
function sealContext(emailLogId: string, recipientEmail: string): string {
  return `email_logs.sealed_secrets:${emailLogId}:${recipientEmail.trim().toLowerCase()}`;
}

export function sealSecrets(
  cipher: FieldCipher,
  values: readonly string[],
  row: { id: string; recipientEmail: string },
): string | null {
  if (values.length === 0) return null;
  return cipher.encrypt(JSON.stringify(values), sealContext(row.id, row.recipientEmail));
}

/** The tokens behind a row's markers; [] when it has none. Throws when the value cannot be opened. */
export function openSecrets(
  cipher: FieldCipher,
  sealed: string | null,
  row: { id: string; recipientEmail: string },
): string[] {
  if (!sealed) return [];
  const values: unknown = JSON.parse(cipher.decrypt(sealed, sealContext(row.id, row.recipientEmail)) ?? "[]");
  if (!Array.isArray(values) || !values.every((v) => typeof v === "string")) {
    throw new Error("Sealed email secrets are malformed");
  }
  return values;
}

/** The text with every marker replaced by its token (markers without one are left as they are). */
export function revealHiddenLinks(text: string, values: readonly string[]): string {
  if (values.length === 0) return text;
  return text.replace(markerPattern, (marker, n: string) => values[Number(n) - 1] ?? marker);
}

/** The text with each raw secret replaced by its marker: for a caller that rendered the real token. */
export function hideSecretsIn(text: string, values: readonly string[]): string {
  let hidden = text;
  values.forEach((secret, index) => {
    hidden = hidden.split(secret).join(`${markerPrefix}${index + 1}`);
  });
  return hidden;
}

/** What a service needs to email a credential link: the site's address and the sealing key. */
export type LinkSettings = { publicUrl: string; cipher: FieldCipher };
