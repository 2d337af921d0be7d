import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { AdminApplication, ApplicationExportQuery } from "../../../shared/schemas/applications-admin";
import type { Db } from "../../db/client";
import { csvQuoting, neutraliseCell } from "../../http/csv-cells";
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
