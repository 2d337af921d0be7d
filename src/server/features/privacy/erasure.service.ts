/**
 * Right to erasure (GDPR article 17) for one email address, in one transaction:
 * - the person's own applications: those with payments or a payment plan are anonymised (the
 *   accounts must keep amounts and dates), the others deleted; either way their travel forms,
 *   interviews (with calendar and video-room rows), place offers, room assignments, payment
 *   reminders and interview booking links are deleted;
 * - applications where they are only the partner keep the applicant's data; the partner fields are cleared;
 * - subscriber rows (subscriptions, waitlist), campaign sends and emails sent to the address are
 *   deleted, and so are queued or archived pg-boss jobs that carry the address or refer to a
 *   deleted email;
 * - team profiles carrying the address leave every season's public site (draft and published);
 * - guest accounts (and so their sessions) are deleted; staff, owner and vendor accounts are not
 *   (they are managed in Users) and are counted in accountsKept;
 * - personal values in the audit entries about all of these become "[erased]".
 */
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { EraseResponse } from "../../../shared/schemas/privacy";
import type { Db } from "../../db/client";
import {
  applications,
  calendlyEvents,
  emailLogs,
  emailSends,
  emailSubscribers,
  feedbackResponses,
  interviewBookingLinks,
  interviews,
  jitsiRooms,
  paymentPlans,
  paymentReminders,
  payments,
  placeOffers,
  roomAssignments,
  travelComplianceForms,
  users,
  vendors,
} from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import type { FieldCipher } from "../../encryption/field-encryption";
import { type Actor, recordAudit } from "../audit/audit.service";
import { deleteUnfiledSubmissionsOf } from "../public-forms/form-intake.service";
import { eraseTeamProfiles } from "../site-content/site-content.service";
import { anonymiseApplications, partnerAuditKeys, partnerFields, scrubAuditEntries } from "./personal-data";
import { applicationsOf, lowerEquals } from "./subject-export.service";

type Counts = Record<string, number>;

function add(counts: Counts, key: string, n: number) {
  if (n > 0) counts[key] = (counts[key] ?? 0) + n;
}

async function pgBossTables(tx: DbOrTx): Promise<string[]> {
  const found = await tx.execute(
    sql`select to_regclass('pgboss.job')::text as job, to_regclass('pgboss.archive')::text as archive`,
  );
  const row = found.rows[0] as { job: string | null; archive: string | null } | undefined;
  return [row?.job, row?.archive].filter((t): t is string => Boolean(t));
}

/**
 * A PostgreSQL regular expression (ARE) that finds this address as a whole address inside a
 * text: alone, in "Name <address>", or in a sentence, but never as part of a longer address
 * (x@y.io must not find max@y.io or x@y.io.uk). Expects the lowercased address and lowercased text.
 */
export function wholeAddressPattern(email: string): string {
  // In an ARE a backslash before a non-alphanumeric character makes it literal.
  const literal = email.replace(/[^a-z0-9]/gi, (c) => `\\${c}`);
  return `(^|[^[:alnum:]._%+-])${literal}($|[^[:alnum:].-]|\\.($|[^[:alnum:]-]))`;
}

/**
 * Jobs are stored with their data as JSON: a job any of whose text values names the address, or
 * that refers to an email that no longer exists, would send it anyway or keep it in the queue's
 * history.
 */
async function deleteJobs(
  tx: DbOrTx,
  email: string,
  emailLogIds: readonly string[],
  /** The subject's subscribers and applications: jobs that name them by id (the forms' merge jobs). */
  rowIds: readonly string[],
): Promise<number> {
  let n = 0;
  const textArray = (values: readonly string[]) =>
    values.length
      ? sql`array[${sql.join(
          values.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`
      : sql`array[]::text[]`;
  const ids = textArray(emailLogIds);
  const rows = textArray(rowIds);
  const pattern = wholeAddressPattern(email);
  for (const table of await pgBossTables(tx)) {
    // The table name comes from to_regclass above, never from input.
    const deleted = await tx.execute(sql`
      delete from ${sql.raw(table)}
      where exists (
              select 1 from jsonb_path_query(data, 'strict $.**') as value
              where jsonb_typeof(value) = 'string' and lower(value #>> '{}') ~ ${pattern}
            )
         or (data->>'emailLogId') = any(${ids})
         or (data->>'subscriberId') = any(${rows})
         or (data->>'applicationId') = any(${rows})
      returning id`);
    n += deleted.rows.length;
  }
  return n;
}

export async function eraseSubject(
  db: Db,
  rawEmail: string,
  actor: Actor,
  audit: { emailHash: string },
  now = new Date(),
  /** Opens the public forms' sealed submissions not filed yet, to find the subject's. */
  cipher?: FieldCipher,
): Promise<EraseResponse> {
  const email = rawEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const deleted: Counts = {};
    const anonymised: Counts = {};
    const { own, asPartner } = await applicationsOf(tx, email);
    const ownIds = own.map((a) => a.id);
    const scrubIds: string[] = [];

    if (ownIds.length) {
      const del = async (key: string, rows: Promise<{ id: string }[]>) => {
        const r = await rows;
        add(deleted, key, r.length);
        scrubIds.push(...r.map((x) => x.id));
      };
      await del(
        "travelForms",
        tx
          .delete(travelComplianceForms)
          .where(inArray(travelComplianceForms.applicationId, ownIds))
          .returning({ id: travelComplianceForms.id }),
      );
      await del(
        "feedback",
        tx
          .delete(feedbackResponses)
          .where(inArray(feedbackResponses.applicationId, ownIds))
          .returning({ id: feedbackResponses.id }),
      );
      await del(
        "calendlyEvents",
        tx
          .delete(calendlyEvents)
          .where(or(inArray(calendlyEvents.applicationId, ownIds), lowerEquals(calendlyEvents.inviteeEmail, email)))
          .returning({ id: calendlyEvents.id }),
      );
      await del(
        "jitsiRooms",
        tx.delete(jitsiRooms).where(inArray(jitsiRooms.applicationId, ownIds)).returning({ id: jitsiRooms.id }),
      );
      await del(
        "interviewBookingLinks",
        tx
          .delete(interviewBookingLinks)
          .where(inArray(interviewBookingLinks.applicationId, ownIds))
          .returning({ id: interviewBookingLinks.id }),
      );
      await del(
        "interviews",
        tx.delete(interviews).where(inArray(interviews.applicationId, ownIds)).returning({ id: interviews.id }),
      );
      await del(
        "placeOffers",
        tx.delete(placeOffers).where(inArray(placeOffers.applicationId, ownIds)).returning({ id: placeOffers.id }),
      );
      await del(
        "roomAssignments",
        tx
          .delete(roomAssignments)
          .where(inArray(roomAssignments.applicationId, ownIds))
          .returning({ id: roomAssignments.id }),
      );
      await del(
        "paymentReminders",
        tx
          .delete(paymentReminders)
          .where(inArray(paymentReminders.applicationId, ownIds))
          .returning({ id: paymentReminders.id }),
      );

      // Payments and plans restrict deleting their application: those applications are kept, anonymised.
      const withMoney = await tx
        .selectDistinct({ id: applications.id })
        .from(applications)
        .where(
          and(
            inArray(applications.id, ownIds),
            or(
              sql`exists (select 1 from ${payments} where ${payments.applicationId} = ${applications.id})`,
              sql`exists (select 1 from ${paymentPlans} where ${paymentPlans.applicationId} = ${applications.id})`,
            ),
          ),
        );
      const keepIds = withMoney.map((r) => r.id);
      const dropIds = ownIds.filter((id) => !keepIds.includes(id));
      const kept = await anonymiseApplications(tx, keepIds, now);
      for (const [key, n] of Object.entries(kept)) {
        if (key === "travelForms" || key === "users") add(deleted, key, n);
        else add(anonymised, key, n);
      }
      // Guests of applications about to be deleted would survive with their link set to null.
      await del(
        "users",
        tx
          .delete(users)
          .where(and(eq(users.role, "guest"), inArray(users.applicationId, ownIds)))
          .returning({ id: users.id }),
      );
      await del(
        "applications",
        dropIds.length
          ? tx.delete(applications).where(inArray(applications.id, dropIds)).returning({ id: applications.id })
          : Promise.resolve([]),
      );
      scrubIds.push(...dropIds);
    }

    if (asPartner.length) {
      const cleared = await tx
        .update(applications)
        .set(Object.fromEntries(partnerFields.map((f) => [f, null])))
        .where(
          inArray(
            applications.id,
            asPartner.map((a) => a.id),
          ),
        )
        .returning({ id: applications.id });
      add(anonymised, "partnerDetails", cleared.length);
      add(
        anonymised,
        "auditEntries",
        await scrubAuditEntries(
          tx,
          cleared.map((r) => r.id),
          partnerAuditKeys,
        ),
      );
    }

    const subscribers = await tx
      .select({ id: emailSubscribers.id })
      .from(emailSubscribers)
      .where(lowerEquals(emailSubscribers.email, email));
    const subscriberIds = subscribers.map((s) => s.id);
    const sends = await tx
      .delete(emailSends)
      .where(
        or(
          lowerEquals(emailSends.email, email),
          subscriberIds.length ? inArray(emailSends.subscriberId, subscriberIds) : undefined,
        ),
      )
      .returning({ id: emailSends.id });
    add(deleted, "emailSends", sends.length);
    if (subscriberIds.length) {
      await tx.delete(emailSubscribers).where(inArray(emailSubscribers.id, subscriberIds));
      add(deleted, "subscribers", subscriberIds.length);
      scrubIds.push(...subscriberIds);
    }

    const logs = await tx
      .delete(emailLogs)
      .where(lowerEquals(emailLogs.recipientEmail, email))
      .returning({ id: emailLogs.id });
    add(deleted, "emailLogs", logs.length);
    scrubIds.push(...logs.map((r) => r.id));

    const guests = await tx
      .delete(users)
      .where(and(eq(users.role, "guest"), lowerEquals(users.email, email)))
      .returning({ id: users.id });
    add(deleted, "users", guests.length);
    scrubIds.push(...guests.map((r) => r.id));

    add(
      deleted,
      "jobs",
      (await deleteJobs(
        tx,
        email,
        logs.map((r) => r.id),
        [...subscriberIds, ...ownIds],
      )) + (cipher ? await deleteUnfiledSubmissionsOf(tx, cipher, email, await pgBossTables(tx)) : 0),
    );
    add(anonymised, "auditEntries", await scrubAuditEntries(tx, scrubIds));
    const team = await eraseTeamProfiles(tx, email);
    add(deleted, "teamProfiles", team.profiles);
    add(anonymised, "auditEntries", team.auditEntries);

    const [staff] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(ne(users.role, "guest"), lowerEquals(users.email, email)));
    const [vendorRecords] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(vendors)
      .where(lowerEquals(vendors.email, email));
    const result: EraseResponse = {
      deleted,
      anonymised,
      accountsKept: Number(staff?.n ?? 0) + Number(vendorRecords?.n ?? 0),
    };
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "erase",
      entityType: "data_subject",
      newValues: { emailHash: audit.emailHash, ...result },
    });
    return result;
  });
}
