/**
 * What a burst of submissions left in the database, checked against what the clients were told:
 * every accepted (2xx) submission stored whole, every unanswered one whole or absent.
 */
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { applications, emailLogs, emailSubscribers } from "../../db/schema";
import type { SubmissionOutcome } from "./fault-harness";

export type SubmissionAudit = {
  accepted: number;
  /** Accepted submissions whose application, subscriber or confirmation row is missing. */
  acceptedMissing: string[];
  unanswered: number;
  unansweredStored: number;
  unansweredAbsent: number;
  /** Addresses with part of a submission stored (an application without its email row, ...). */
  halfStored: string[];
  /** Addresses with more than one application or more than one confirmation row. */
  duplicated: string[];
  /** Confirmation rows by status (queued, sending, sent, failed, logged). */
  emailStatus: Record<string, number>;
  /** Addresses whose confirmation row is not sent (yet). */
  unsent: string[];
};

export async function auditSubmissions(
  db: Db,
  prefix: string,
  outcomes: readonly SubmissionOutcome[],
): Promise<SubmissionAudit> {
  const pattern = `${prefix}-%`;
  const apps = await db
    .select({ email: applications.email, n: sql<number>`count(*)::int` })
    .from(applications)
    .where(like(applications.email, pattern))
    .groupBy(applications.email);
  const subs = await db
    .select({ email: emailSubscribers.email })
    .from(emailSubscribers)
    .where(like(emailSubscribers.email, pattern));
  const logs = await db
    .select({ email: emailLogs.recipientEmail, status: emailLogs.status })
    .from(emailLogs)
    .where(and(eq(emailLogs.kind, "application_received"), like(emailLogs.recipientEmail, pattern)));

  const appCount = new Map(apps.map((a) => [a.email, Number(a.n)]));
  const subSet = new Set(subs.map((s) => s.email));
  const logCount = new Map<string, number>();
  const emailStatus: Record<string, number> = {};
  for (const log of logs) {
    logCount.set(log.email, (logCount.get(log.email) ?? 0) + 1);
    emailStatus[log.status] = (emailStatus[log.status] ?? 0) + 1;
  }

  const audit: SubmissionAudit = {
    accepted: 0,
    acceptedMissing: [],
    unanswered: 0,
    unansweredStored: 0,
    unansweredAbsent: 0,
    halfStored: [],
    duplicated: [],
    emailStatus,
    unsent: logs.filter((log) => log.status !== "sent").map((log) => log.email),
  };
  for (const outcome of outcomes) {
    const nApps = appCount.get(outcome.email) ?? 0;
    const nLogs = logCount.get(outcome.email) ?? 0;
    const hasSub = subSet.has(outcome.email);
    const whole = nApps === 1 && nLogs === 1 && hasSub;
    const absent = nApps === 0 && nLogs === 0 && !hasSub;
    if (nApps > 1 || nLogs > 1) audit.duplicated.push(outcome.email);
    else if (!whole && !absent) audit.halfStored.push(outcome.email);
    if (typeof outcome.status === "number" && outcome.status >= 200 && outcome.status < 300) {
      audit.accepted += 1;
      if (!whole) audit.acceptedMissing.push(outcome.email);
    } else if (outcome.status === "no-reply" || outcome.status >= 500) {
      audit.unanswered += 1;
      if (whole) audit.unansweredStored += 1;
      if (absent) audit.unansweredAbsent += 1;
    }
  }
  return audit;
}
