/**
 * Right of access (GDPR article 15): everything held about one email address, any letter case.
 * The person's own applications (their address is the applicant's) come whole with everything
 * that hangs on them; an application where they are only the partner contributes just the
 * partner's fields. Secrets that are ours, not theirs (token hashes, password hashes, calendar
 * tokens, the unsubscribe token), are left out; encrypted fields are decrypted.
 */
import { type Column, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { SubjectExport, SubjectSection } from "../../../shared/schemas/privacy";
import type { Db } from "../../db/client";
import {
  applications,
  auditLogs,
  emailLogs,
  emailSends,
  emailSubscribers,
  feedbackResponses,
  interviews,
  paymentPlans,
  payments,
  placeOffers,
  receipts,
  retreats,
  siteContent,
  travelComplianceForms,
  users,
  vendors,
} from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { type FieldCipher, fieldContext, sensitiveFields } from "../../encryption/field-encryption";
import { partnerFields } from "./personal-data";

type Row = Record<string, unknown>;

/** Addresses compare in any letter case (the stored ones keep the case they were typed in). */
export function lowerEquals(column: Column, email: string): SQL {
  return sql`lower(${column}) = ${email.trim().toLowerCase()}`;
}

/** The applications an address appears on: as the applicant, or only as the partner. */
export async function applicationsOf(db: DbOrTx, email: string) {
  const rows = await db
    .select()
    .from(applications)
    .where(or(lowerEquals(applications.email, email), lowerEquals(applications.partnerEmail, email)));
  const own = rows.filter((r) => r.email.toLowerCase() === email.trim().toLowerCase());
  const asPartner = rows.filter((r) => !own.includes(r));
  return { own, asPartner };
}

/** Dates become ISO strings: the export is plain JSON, whatever the driver returned. */
function plain<T extends object>(row: T): Row {
  return JSON.parse(JSON.stringify(row)) as Row;
}

function omit<T extends object>(row: T, keys: readonly string[]): Row {
  return Object.fromEntries(Object.entries(plain(row)).filter(([k]) => !keys.includes(k)));
}

function decrypt(cipher: FieldCipher, row: Row, table: keyof typeof sensitiveFields): Row {
  const out = { ...row };
  for (const field of sensitiveFields[table]) {
    if (typeof out[field] === "string") out[field] = cipher.decrypt(out[field] as string, fieldContext(table, field));
  }
  return out;
}

/**
 * The public site's team profiles that carry this address (the Site tab keeps it, unpublished, so
 * the profile can be found here): per season, from the draft and from the published copy.
 */
async function teamProfilesOf(db: DbOrTx, email: string): Promise<Row[]> {
  const wanted = email.trim().toLowerCase();
  const seasons = await db
    .select({
      retreatId: siteContent.retreatId,
      retreatName: retreats.name,
      draft: siteContent.draft,
      published: siteContent.published,
    })
    .from(siteContent)
    .innerJoin(retreats, sql`${retreats.id} = ${siteContent.retreatId}`);
  const rows: Row[] = [];
  for (const season of seasons) {
    for (const copy of ["draft", "published"] as const) {
      const team = (season[copy] as { team?: { email?: string }[] } | null)?.team ?? [];
      for (const member of team) {
        if (typeof member?.email === "string" && member.email.toLowerCase() === wanted) {
          rows.push({ retreatId: season.retreatId, retreatName: season.retreatName, copy, ...member });
        }
      }
    }
  }
  return rows;
}

export async function exportSubject(
  db: Db,
  cipher: FieldCipher,
  email: string,
  now = new Date(),
): Promise<SubjectExport> {
  const { own, asPartner } = await applicationsOf(db, email);
  const ownIds = own.map((a) => a.id);
  const inOwn = (column: Column) => (ownIds.length ? inArray(column, ownIds) : sql`false`);

  const subscribers = await db.select().from(emailSubscribers).where(lowerEquals(emailSubscribers.email, email));
  const subscriberIds = subscribers.map((s) => s.id);
  const [forms, logs, sends, interviewRows, offers, plans, paymentRows, receiptRows, userRows, vendorRows, teamRows] =
    await Promise.all([
      db.select().from(travelComplianceForms).where(inOwn(travelComplianceForms.applicationId)),
      db.select().from(emailLogs).where(lowerEquals(emailLogs.recipientEmail, email)),
      db
        .select()
        .from(emailSends)
        .where(
          or(
            lowerEquals(emailSends.email, email),
            subscriberIds.length ? inArray(emailSends.subscriberId, subscriberIds) : undefined,
          ),
        ),
      db.select().from(interviews).where(inOwn(interviews.applicationId)),
      db.select().from(placeOffers).where(inOwn(placeOffers.applicationId)),
      db.select().from(paymentPlans).where(inOwn(paymentPlans.applicationId)),
      db.select().from(payments).where(inOwn(payments.applicationId)),
      db
        .select({ receipt: receipts })
        .from(receipts)
        .innerJoin(payments, eq(payments.id, receipts.paymentId))
        .where(inOwn(payments.applicationId))
        .then((rows) => rows.map((r) => r.receipt)),
      db.select().from(users).where(lowerEquals(users.email, email)),
      db.select().from(vendors).where(lowerEquals(vendors.email, email)),
      teamProfilesOf(db, email),
    ]);

  const entityIds = [
    ...ownIds,
    ...asPartner.map((a) => a.id),
    ...subscriberIds,
    ...forms.map((r) => r.id),
    ...logs.map((r) => r.id),
    ...interviewRows.map((r) => r.id),
    ...offers.map((r) => r.id),
    ...plans.map((r) => r.id),
    ...paymentRows.map((r) => r.id),
    ...receiptRows.map((r) => r.id),
    ...userRows.map((r) => r.id),
    ...vendorRows.map((r) => r.id),
  ];
  // Who made each change and from where is the staff's data, not the subject's: left out.
  const audit = entityIds.length
    ? await db
        .select({
          id: auditLogs.id,
          action: auditLogs.action,
          entityType: auditLogs.entityType,
          entityId: auditLogs.entityId,
          oldValues: auditLogs.oldValues,
          newValues: auditLogs.newValues,
          createdAt: auditLogs.createdAt,
        })
        .from(auditLogs)
        .where(inArray(auditLogs.entityId, entityIds))
        .orderBy(auditLogs.createdAt)
    : [];

  const partnerView = (a: (typeof asPartner)[number]): Row => ({
    id: a.id,
    role: "partner",
    retreatId: a.retreatId,
    stage: a.stage,
    submittedAt: a.submittedAt.toISOString(),
    ...Object.fromEntries(partnerFields.map((f) => [f, a[f]])),
  });

  const sections: Record<SubjectSection, Row[]> = {
    applications: [
      ...own.map((a) => ({ role: "applicant", ...decrypt(cipher, plain(a), "application") })),
      ...asPartner.map(partnerView),
    ],
    subscribers: subscribers.map((s) => omit(s, ["unsubscribeToken"])),
    travelForms: forms.map((f) => decrypt(cipher, plain(f), "travel")),
    emailLogs: logs.map((l) => omit(l, ["sealedSecrets"])),
    emailSends: sends.map(plain),
    interviews: interviewRows.map(plain),
    placeOffers: offers.map((o) => omit(o, ["tokenHash"])),
    paymentPlans: plans.map(plain),
    payments: paymentRows.filter((p) => p.type !== "refund").map(plain),
    refunds: paymentRows.filter((p) => p.type === "refund").map(plain),
    receipts: receiptRows.map(plain),
    users: userRows.map((u) => omit(u, ["passwordHash", "calendarToken", "permissions"])),
    vendors: vendorRows.map(plain),
    teamProfiles: teamRows,
    auditLogs: audit.map(plain),
    feedback: (await db.select().from(feedbackResponses).where(inOwn(feedbackResponses.applicationId))).map((f) =>
      omit(f, ["token"]),
    ),
  };
  return { email: email.trim().toLowerCase(), generatedAt: now.toISOString(), sections };
}

export function sectionCounts(data: SubjectExport): Record<SubjectSection, number> {
  return Object.fromEntries(Object.entries(data.sections).map(([k, v]) => [k, v.length])) as Record<
    SubjectSection,
    number
  >;
}
