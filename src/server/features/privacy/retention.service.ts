/**
 * The retention sweep (run daily by the worker, see retention.jobs.ts):
 * - travel forms (passports, medical details, emergency contacts) are deleted once their
 *   retreat ended more than `travelDataDays` ago, counted in the retreat's own time zone;
 *   retreats without an end date are skipped;
 * - applications declined more than `declinedApplicationDays` ago are anonymised, unless the
 *   applicant asked to stay on the priority list. Stage, dates, score, type and retreat stay for
 *   the statistics; the emails sent to them go too, unless a live application still uses the address.
 * Each run writes one audit row with counts and no personal data; running it twice changes nothing more.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { applications, travelComplianceForms } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { recordAudit } from "../audit/audit.service";
import { anonymiseApplications, deleteEmailLogsOf } from "./personal-data";

export type RetentionSettings = { travelDataDays: number; declinedApplicationDays: number };

export type RetentionResult = {
  travelFormsDeleted: number;
  applicationsAnonymised: number;
  /** Rows of other tables touched while anonymising (interviews scrubbed, email logs deleted, ...). */
  related: Record<string, number>;
};

const dayMs = 86_400_000;

async function deleteExpiredTravelForms(tx: DbOrTx, days: number, now: Date): Promise<number> {
  const deleted = await tx.execute(sql`
    delete from ${travelComplianceForms} t
    using applications a, retreats r
    where t.application_id = a.id
      and a.retreat_id = r.id
      and r.end_date is not null
      and r.end_date + ${days}::int < (${now.toISOString()}::timestamptz at time zone r.timezone)::date
    returning t.id`);
  return deleted.rows.length;
}

async function anonymiseDeclined(
  tx: DbOrTx,
  days: number,
  now: Date,
): Promise<{ count: number; related: Record<string, number> }> {
  const cutoff = new Date(now.getTime() - days * dayMs);
  const due = await tx
    .select({ id: applications.id, email: applications.email, partnerEmail: applications.partnerEmail })
    .from(applications)
    .where(
      and(
        eq(applications.stage, "declined"),
        lt(applications.declinedAt, cutoff),
        eq(applications.keepOnPriorityList, false),
        isNull(applications.anonymisedAt),
      ),
    )
    .for("update", { skipLocked: true });
  if (due.length === 0) return { count: 0, related: {} };
  const ids = due.map((d) => d.id);
  const addresses = due.flatMap((d) => [d.email, ...(d.partnerEmail ? [d.partnerEmail] : [])]);
  const { applications: count = 0, ...related } = await anonymiseApplications(tx, ids, now);
  const logs = await deleteEmailLogsOf(tx, addresses, ids);
  if (logs.length) related.emailLogs = logs.length;
  return { count, related };
}

export async function runRetentionSweep(
  db: Db,
  settings: RetentionSettings,
  now: Date = new Date(),
): Promise<RetentionResult> {
  return db.transaction(async (tx) => {
    const travelFormsDeleted = await deleteExpiredTravelForms(tx, settings.travelDataDays, now);
    const declined = await anonymiseDeclined(tx, settings.declinedApplicationDays, now);
    const result = { travelFormsDeleted, applicationsAnonymised: declined.count, related: declined.related };
    await recordAudit(tx as unknown as Db, {
      userId: null,
      action: "retention_sweep",
      entityType: "privacy",
      newValues: { ...result, ...settings, ranAt: now.toISOString() },
    });
    return result;
  });
}
