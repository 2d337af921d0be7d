/**
 * One place that knows which columns hold personal data, shared by the retention sweep and by
 * erasure requests: anonymising an application, scrubbing the rows that hang on it, and taking
 * the same values out of the audit trail.
 */
import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import {
  applications,
  auditLogs,
  calendlyEvents,
  emailLogs,
  feedbackResponses,
  interviews,
  jitsiRooms,
  participantRevenue,
  paymentPlans,
  payments,
  roomAssignments,
  travelComplianceForms,
  users,
} from "../../db/schema";
import type { DbOrTx } from "../../db/types";

/** Where an anonymised application's email goes: unique per row and never deliverable (RFC 6761). */
export function erasedEmail(applicationId: string): string {
  return `erased+${applicationId}@invalid.example`;
}

/** The partner's columns: cleared alone when only the partner asks to be erased. */
export const partnerFields = [
  "partnerFirstName",
  "partnerLastName",
  "partnerEmail",
  "partnerPhone",
  "partnerCity",
  "partnerCountry",
] as const;

/**
 * Every application column that says something about a person. Stage, dates, score, type, room
 * preference, retreat and booking type stay: they feed the statistics and say nothing about who.
 */
export const applicationPersonalFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "whatsapp",
  "city",
  "country",
  ...partnerFields,
  "instagramHandle",
  "linkedinUrl",
  "websiteUrl",
  "motivations",
  "advocacyInvolvement",
  "dietaryNotes",
  "medicalNotes",
  "mobilityNotes",
  "additionalInfo",
  "interviewNotes",
  "internalNotes",
  "scoreReasons",
] as const;

/** Keys scrubbed from audit entries about erased entities: the fields above and free text written about the person. */
const auditPersonalKeys = new Set<string>([
  ...applicationPersonalFields,
  "name",
  "recipientEmail",
  "recipientName",
  "inviteeEmail",
  "inviteeName",
  "reason",
  "notes",
  "feedback",
  "guestEmail",
]);
export const erasedMarker = "[erased]";

type Counts = Record<string, number>;

function add(counts: Counts, key: string, n: number) {
  if (n > 0) counts[key] = (counts[key] ?? 0) + n;
}

/**
 * Replaces the personal fields of these applications with nulls and a placeholder address and
 * stamps anonymisedAt; blanks the free text of the rows kept with them (interview notes and
 * feedback, room and plan notes, the cancellation reason in refund metadata, calendar invitee
 * details); deletes their travel forms and guest accounts. Returns rows touched per table.
 */
export async function anonymiseApplications(tx: DbOrTx, ids: readonly string[], now: Date): Promise<Counts> {
  const counts: Counts = {};
  if (ids.length === 0) return counts;
  const list = [...ids];
  const cleared = Object.fromEntries(
    applicationPersonalFields.filter((f) => f !== "email" && f !== "scoreReasons").map((f) => [f, null]),
  );
  const anonymised = await tx
    .update(applications)
    .set({
      ...cleared,
      email: sql`'erased+' || ${applications.id}::text || '@invalid.example'`,
      scoreReasons: [],
      keepOnPriorityList: false,
      anonymisedAt: now,
    })
    .where(inArray(applications.id, list))
    .returning({ id: applications.id });
  add(counts, "applications", anonymised.length);

  const forms = await tx
    .delete(travelComplianceForms)
    .where(inArray(travelComplianceForms.applicationId, list))
    .returning({ id: travelComplianceForms.id });
  add(counts, "travelForms", forms.length);
  // A guest's survey answers go with the rest (a published quote leaves the landing page).
  const answers = await tx
    .delete(feedbackResponses)
    .where(inArray(feedbackResponses.applicationId, list))
    .returning({ id: feedbackResponses.id });
  add(counts, "feedback", answers.length);

  const scrubbedInterviews = await tx
    .update(interviews)
    .set({ notes: null, feedback: null })
    .where(inArray(interviews.applicationId, list))
    .returning({ id: interviews.id });
  add(counts, "interviews", scrubbedInterviews.length);
  const events = await tx
    .update(calendlyEvents)
    .set({ inviteeEmail: null, inviteeName: null, name: null, metadata: {} })
    .where(inArray(calendlyEvents.applicationId, list))
    .returning({ id: calendlyEvents.id });
  add(counts, "calendlyEvents", events.length);
  const rooms = await tx
    .update(jitsiRooms)
    .set({ displayName: null })
    .where(inArray(jitsiRooms.applicationId, list))
    .returning({ id: jitsiRooms.id });
  add(counts, "jitsiRooms", rooms.length);
  await tx.update(roomAssignments).set({ notes: null }).where(inArray(roomAssignments.applicationId, list));

  // Money records stay whole for the accounts; only free text about the person goes.
  const plans = await tx
    .update(paymentPlans)
    .set({ notes: null })
    .where(inArray(paymentPlans.applicationId, list))
    .returning({ id: paymentPlans.id });
  add(counts, "paymentPlans", plans.length);
  const paid = await tx
    .update(payments)
    .set({ metadata: sql`${payments.metadata} - 'reason'` })
    .where(inArray(payments.applicationId, list))
    .returning({ id: payments.id });
  add(counts, "payments", paid.length);
  await tx.update(participantRevenue).set({ notes: null }).where(inArray(participantRevenue.participantId, list));

  const guests = await tx
    .delete(users)
    .where(and(eq(users.role, "guest"), inArray(users.applicationId, list)))
    .returning({ id: users.id });
  add(counts, "users", guests.length);

  add(
    counts,
    "auditEntries",
    await scrubAuditEntries(tx, [
      ...list,
      ...scrubbedInterviews.map((r) => r.id),
      ...plans.map((r) => r.id),
      ...paid.map((r) => r.id),
      ...guests.map((r) => r.id),
    ]),
  );
  return counts;
}

/**
 * Deletes the outbox rows addressed to these addresses, unless an application that is not
 * anonymised still uses the address (the person applied again or stays on the priority list).
 */
export async function deleteEmailLogsOf(
  tx: DbOrTx,
  addresses: readonly string[],
  exceptApplicationIds: readonly string[],
): Promise<string[]> {
  const lowered = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (lowered.length === 0) return [];
  const stillUsed = await tx
    .select({ email: sql<string>`lower(${applications.email})` })
    .from(applications)
    .where(
      and(
        sql`lower(${applications.email}) in ${lowered}`,
        isNull(applications.anonymisedAt),
        exceptApplicationIds.length ? notInArray(applications.id, [...exceptApplicationIds]) : undefined,
      ),
    );
  const used = new Set(stillUsed.map((r) => r.email));
  const free = lowered.filter((a) => !used.has(a));
  if (free.length === 0) return [];
  const deleted = await tx
    .delete(emailLogs)
    .where(sql`lower(${emailLogs.recipientEmail}) in ${free}`)
    .returning({ id: emailLogs.id });
  return deleted.map((r) => r.id);
}

/** Replaces personal values in audit entries about these entities; the entries themselves (who did what when) stay. */
export async function scrubAuditEntries(
  tx: DbOrTx,
  entityIds: readonly string[],
  keys: ReadonlySet<string> = auditPersonalKeys,
): Promise<number> {
  if (entityIds.length === 0) return 0;
  const rows = await tx
    .select({ id: auditLogs.id, oldValues: auditLogs.oldValues, newValues: auditLogs.newValues })
    .from(auditLogs)
    .where(inArray(auditLogs.entityId, [...new Set(entityIds)]));
  let changed = 0;
  for (const row of rows) {
    const oldValues = scrub(row.oldValues, keys);
    const newValues = scrub(row.newValues, keys);
    if (oldValues === row.oldValues && newValues === row.newValues) continue;
    await tx.update(auditLogs).set({ oldValues, newValues }).where(eq(auditLogs.id, row.id));
    changed += 1;
  }
  return changed;
}

function scrub(values: Record<string, unknown> | null, keys: ReadonlySet<string>): Record<string, unknown> | null {
  if (!values) return values;
  let touched = false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (keys.has(key) && value !== null && value !== erasedMarker) {
      out[key] = erasedMarker;
      touched = true;
    } else out[key] = value;
  }
  return touched ? out : values;
}

export const partnerAuditKeys: ReadonlySet<string> = new Set(partnerFields);
