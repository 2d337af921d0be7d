import type { Readable } from "node:stream";
import type { AdminSubscriber, SubscriberExportQuery } from "../../../shared/schemas/email-subscribers";
import type { Db } from "../../db/client";
import { csvStream } from "../../http/csv-cells";
import { iterateSubscribers } from "./email-subscribers.service";

type ExportRow = Omit<AdminSubscriber, "tags"> & { tags: string };

/** Export columns in order: [field, header]. */
export const subscriberExportColumns: readonly (readonly [keyof ExportRow, string])[] = [
  ["id", "ID"],
  ["email", "Email"],
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["segment", "Segment"],
  ["source", "Source"],
  ["status", "Status"],
  ["tags", "Tags"],
  ["subscribedAt", "Subscribed"],
  ["applicationEmails", "Application emails"],
  ["marketingEmails", "Marketing emails"],
  ["systemNotifications", "System notifications"],
  ["globallyUnsubscribed", "Globally unsubscribed"],
  ["preferencesUpdatedAt", "Preferences updated"],
  ["unsubscribedAt", "Unsubscribed at"],
  ["unsubscribeReason", "Unsubscribe reason"],
  ["lastEmailSent", "Last email sent"],
  ["consentAt", "Consent at"],
  ["consentIp", "Consent IP"],
];

export function subscriberExportFileName(now = new Date()): string {
  return `subscribers-${now.toISOString().slice(0, 10)}.csv`;
}

async function* exportRows(db: Db, query: SubscriberExportQuery): AsyncGenerator<ExportRow> {
  for await (const subscriber of iterateSubscribers(db, query))
    yield { ...subscriber, tags: subscriber.tags.join("; ") };
}

/**
 * The filtered subscribers as an RFC 4180 CSV stream (CRLF records, a UTF-8 BOM for spreadsheet
 * apps, formula-looking cells neutralised), fetched in batches with back-pressure: memory stays
 * flat at any list size.
 */
export function subscribersCsvStream(db: Db, query: SubscriberExportQuery): Readable {
  return csvStream(exportRows(db, query), subscriberExportColumns);
}
