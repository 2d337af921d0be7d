import { randomBytes } from "node:crypto";
import type { FieldCipher } from "../encryption/field-encryption";
import { credentialPathPrefixes } from "../http/credential-paths";

/**
 * Credential links in outbox emails (set-password, interview booking, place offer, pay link).
 *
 * The message is rendered with a marker (`hidden-link-<random nonce>`) where the token goes, so the token never
 * passes through a template staff can edit (a filter could otherwise reshape it past any check)
 * and never reaches email_logs' body: staff reading the outbox see that a link was sent, and
 * where, without a usable one. The tokens travel beside the row, sealed (AES-256-GCM under
 * DATA_ENCRYPTION_KEY, bound to the row and its recipient), and the sender alone opens them,
 * puts them into the message it hands to SMTP, and clears them once the message has gone.
 */
const markerPrefix = "hidden-link-";
/** What a marker looks like (the prefix and a 32-hex-digit nonce), for tests reading the outbox. */
export const markerSource = `${markerPrefix}[0-9a-f]{32}`;

/**
 * A fresh 128-bit nonce per secret per message: nobody who writes text into a message (staff
 * editing a template, an applicant filling a form) can know it, so nobody can place it elsewhere.
 */
function newMarker(): string {
  return `${markerPrefix}${randomBytes(16).toString("hex")}`;
}

/** Rows sealed before markers were nonces: their marker is the secret's position. */
const legacyMarker = (index: number) => `${markerPrefix}${index + 1}`;

/** A marker and the token it stands for. */
export type HiddenLink = { marker: string; token: string };

/** The tokens one email carries, each standing behind the marker `hide` returned for it. */
export class EmailSecrets {
  readonly #links: HiddenLink[] = [];

  constructor(readonly cipher: FieldCipher) {}

  /** The marker to render where the secret goes. */
  hide(secret: string): string {
    if (!secret) throw new Error("An empty secret cannot be hidden");
    const known = this.#links.find((link) => link.token === secret);
    if (known) return known.marker;
    const marker = newMarker();
    this.#links.push({ marker, token: secret });
    return marker;
  }

  get links(): readonly HiddenLink[] {
    return this.#links;
  }
}

/** Associated data: a sealed value copied to another row, or a row readdressed, no longer opens. */
function sealContext(emailLogId: string, recipientEmail: string): string {
  return `email_logs.sealed_secrets:${emailLogId}:${recipientEmail.trim().toLowerCase()}`;
}

export function sealSecrets(
  cipher: FieldCipher,
  links: readonly HiddenLink[],
  row: { id: string; recipientEmail: string },
): string | null {
  if (links.length === 0) return null;
  return cipher.encrypt(JSON.stringify(links), sealContext(row.id, row.recipientEmail));
}

/** The links behind a row's markers; [] when it has none. Throws when the value cannot be opened. */
export function openSecrets(
  cipher: FieldCipher,
  sealed: string | null,
  row: { id: string; recipientEmail: string },
): HiddenLink[] {
  if (!sealed) return [];
  const values: unknown = JSON.parse(cipher.decrypt(sealed, sealContext(row.id, row.recipientEmail)) ?? "[]");
  if (!Array.isArray(values)) throw new Error("Sealed email secrets are malformed");
  return values.map((value: unknown, index) => {
    if (typeof value === "string") return { marker: legacyMarker(index), token: value };
    const link = value as Partial<HiddenLink> | null;
    if (typeof link?.marker !== "string" || typeof link.token !== "string") {
      throw new Error("Sealed email secrets are malformed");
    }
    return { marker: link.marker, token: link.token };
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where a URL in plain text stands alone: what may come before it, and after it. */
const textStart = `(?<=^|[\\s"'<>()\\[\\]{}])`;
const textEnd = `(?=$|[\\s"'<>()\\[\\]{}]|[.,;:!?](?:$|\\s))`;

/**
 * The message handed to SMTP: each marker becomes its token only where the system's own link
 * stands whole, `<publicUrl><credential path><marker>`: an entire href value (or that link's whole
 * text) in HTML, a free-standing URL in plain text. Text staff or an applicant wrote around it (a
 * foreign host, a query string, an image source, a filter's leftovers) keeps the marker.
 */
export function revealHiddenLinks(
  content: string,
  links: readonly HiddenLink[],
  where: { publicUrl: string; format: "html" | "text" },
): string {
  let revealed = content;
  for (const { marker, token } of links) {
    const systemLinks = credentialPathPrefixes.map((prefix) => `${where.publicUrl}${prefix}${marker}`);
    const alternatives = systemLinks.map(escapeRegExp).join("|");
    // In HTML also the link's own visible text (`<a href="URL">URL</a>`), which loads nothing.
    const pattern =
      where.format === "html"
        ? new RegExp(`(?<=\\shref=)(["'])(?:${alternatives})\\1|(?<=>)(?:${alternatives})(?=</a>)`, "g")
        : new RegExp(`${textStart}(?:${alternatives})${textEnd}`, "g");
    revealed = revealed.replace(pattern, (whole) => whole.replace(marker, token));
  }
  return revealed;
}

/** The text with each raw secret replaced by its marker: for a caller that rendered the real token. */
export function hideSecretsIn(text: string, links: readonly HiddenLink[]): string {
  let hidden = text;
  for (const { marker, token } of links) hidden = hidden.split(token).join(marker);
  return hidden;
}

/** What a service needs to email a credential link: the site's address and the sealing key. */
export type LinkSettings = { publicUrl: string; cipher: FieldCipher };
