import type { Readable } from "node:stream";
import type { AdminApplication, ApplicationExportQuery } from "../../../shared/schemas/applications-admin";
import type { Db } from "../../db/client";
import { csvStream } from "../../http/csv-cells";
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
  return csvStream(iterateApplications(db, query), exportColumns);
}
