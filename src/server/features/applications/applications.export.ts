import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { AdminApplication, ApplicationExportQuery } from "../../../shared/schemas/admin-applications";
import type { Db } from "../../db/client";
import { iterateApplications } from "./applications.admin.service";

/** Export columns in order: [field, header]. */
export const exportColumns: readonly (readonly [keyof AdminApplication, string])[] = [
  ["id", "ID"],
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["city", "City"],
  ["country", "Country"],
  ["stage", "Stage"],
  ["score", "Score"],
  ["submittedAt", "Submitted"],
  ["applicationType", "Application type"],
  ["partnerFirstName", "Partner first name"],
  ["partnerLastName", "Partner last name"],
  ["partnerEmail", "Partner email"],
  ["partnerPhone", "Partner phone"],
  ["partnerCity", "Partner city"],
  ["partnerCountry", "Partner country"],
  ["instagramHandle", "Instagram"],
  ["linkedinUrl", "LinkedIn"],
  ["websiteUrl", "Website"],
  ["roomPreference", "Room preference"],
  ["wantsVipUpgrade", "VIP upgrade"],
  ["dietaryNotes", "Dietary notes"],
  ["motivations", "Motivations"],
  ["advocacyInvolvement", "Advocacy involvement"],
  ["additionalInfo", "Additional info"],
  ["internalNotes", "Internal notes"],
  ["interviewNotes", "Interview notes"],
];

/**
 * Spreadsheets run a cell that starts with = + - @ (or tab / carriage return, which some strip
 * first) as a formula: a single quote in front makes it plain text (OWASP CSV injection). A
 * spreadsheet that splits on ; (or mis-parses , tab or a line break) starts a new cell after such
 * a separator inside a field, so a trigger there is neutralised too. Every writer also quotes
 * every field (csvQuoting), so the separator itself stays inside the cell.
 */
export function neutraliseCell(value: string): string {
  return value.replace(/(?<=^|[;,\t\r\n])(?=[=+\-@\t\r])/g, "'");
}

/** Quote every field: a separator inside a cell must never end it, whatever the reader's list separator. */
export const csvQuoting = { quoted: true, quoted_empty: true } as const;

export function exportFileName(now = new Date()): string {
  return `applications-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The filtered applications as an RFC 4180 CSV stream (CRLF records, fields with commas, quotes
 * or line breaks quoted, quotes doubled) with a UTF-8 BOM so spreadsheet apps read accents
 * right. Rows are fetched in batches and written with back-pressure: memory stays flat at any size.
 */
export function applicationsCsvStream(db: Db, query: ApplicationExportQuery): Readable {
  const rows = Readable.from(iterateApplications(db, query));
  const csv = stringify({
    ...csvQuoting,
    bom: true,
    header: true,
    record_delimiter: "windows",
    // csv-stringify only quotes the record delimiter itself (CRLF); RFC 4180 wants any line break quoted.
    quoted_match: /[\r\n]/,
    columns: exportColumns.map(([key, header]) => ({ key, header })),
    cast: {
      string: (value) => neutraliseCell(value),
      boolean: (value) => (value ? "yes" : "no"),
    },
  });
  // pipeline (not pipe) so a database error mid-export destroys the response instead of hanging it.
  return pipeline(rows, csv, () => {}) as unknown as Readable;
}
