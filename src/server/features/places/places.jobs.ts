/**
 * The places sweep, run every minute by each worker process: offers past their time expire and
 * their places go to the next person; a booking whose deposit is still unpaid a grace period
 * after its due date gives its place up. Rows are taken FOR UPDATE SKIP LOCKED, so two workers
 * sweeping at once share the rows instead of handling one twice.
 */

import { and, asc, eq, exists, inArray, lt } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { businessTimeZone } from "../../../shared/constants";
import { addDays, todayIn } from "../../../shared/finance/dates";
import { formatMoney, toPence } from "../../../shared/finance/money";
import { placeHoldingStages } from "../../../shared/schemas/payments";
import { depositGraceDays } from "../../../shared/schemas/places";
import type { Db } from "../../db/client";
import { applications, payments } from "../../db/schema";
import type { LinkSettings } from "../../email/hidden-links";
import { dispatchEmails } from "../../email/outbox";
import type { JobQueue } from "../../jobs/queue";
import { moveStage } from "../admissions/admissions.service";
import type { Actor } from "../audit/audit.service";
import { appendNote } from "./cancellation.service";
import { expireOffers } from "./place-offers.service";

const sweepIntervalMs = 60_000;
const batchSize = 50;
const system: Actor = { userId: null, ipAddress: null, userAgent: null };

type Settings = LinkSettings;

/**
 * Declines one batch of place-holding applications whose deposit was due more than `graceDays`
 * days ago (London dates) and is still pending, cancelling their plans and offering the places on.
 */
export async function releaseOverdueDeposits(
  db: Db,
  settings: Settings,
  now = new Date(),
  graceDays = depositGraceDays,
): Promise<{ released: string[]; emailLogIds: string[] }> {
  const cutoff = addDays(todayIn(businessTimeZone, now), -graceDays);
  return db.transaction(async (tx) => {
    const overdueDeposit = tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.applicationId, applications.id),
          eq(payments.type, "deposit"),
          eq(payments.status, "pending"),
          lt(payments.dueDate, cutoff),
        ),
      );
    const due = await tx
      .select()
      .from(applications)
      .where(and(inArray(applications.stage, [...placeHoldingStages]), exists(overdueDeposit)))
      .orderBy(asc(applications.submittedAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const emailLogIds: string[] = [];
    for (const application of due) {
      const [deposit] = await tx
        .select()
        .from(payments)
        .where(
          and(eq(payments.applicationId, application.id), eq(payments.type, "deposit"), eq(payments.status, "pending")),
        )
        .orderBy(asc(payments.dueDate))
        .limit(1);
      const what = deposit
        ? `the deposit of ${formatMoney(toPence(deposit.amount), deposit.currency)} due ${deposit.dueDate}`
        : "the deposit";
      const note = `Place released: ${what} was still unpaid ${graceDays} days after its due date.`;
      const released = await moveStage(tx, {
        application,
        to: "declined",
        actor: system,
        links: settings,
        now,
        set: { internalNotes: appendNote(application.internalNotes, note, now) },
        audit: {
          action: "release_place",
          newValues: { reason: "deposit_overdue", depositPaymentId: deposit?.id ?? null },
        },
      });
      emailLogIds.push(...released.emailLogIds);
    }
    return { released: due.map((a) => a.id), emailLogIds };
  });
}

/** One pass of both sweeps; returns the emails to dispatch. */
export async function sweepPlaces(db: Db, settings: Settings, now = new Date()) {
  const expired = await expireOffers(db, settings, now);
  const overdue = await releaseOverdueDeposits(db, settings, now);
  return {
    expired: expired.expired,
    released: overdue.released,
    emailLogIds: [...expired.emailLogIds, ...overdue.emailLogIds],
  };
}

async function sweepAndDispatch(app: FastifyInstance, queue: JobQueue, log: FastifyBaseLogger) {
  const result = await sweepPlaces(app.db, { publicUrl: app.config.publicUrl, cipher: app.fieldCipher });
  if (result.expired > 0 || result.released.length > 0) {
    log.info({ expired: result.expired, released: result.released.length }, "places sweep");
  }
  await dispatchEmails(queue, result.emailLogIds, log);
}

export async function registerPlaceJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    // A slow pass is not overlapped by the next tick of the same process.
    if (sweeping) return;
    sweeping = sweepAndDispatch(app, queue, app.log)
      .catch((error) => app.log.error({ err: error }, "places sweep failed"))
      .finally(() => {
        sweeping = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, sweepIntervalMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await sweeping;
  });
}
