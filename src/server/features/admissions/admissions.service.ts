/**
 * Admissions: the one module that moves an application between stages (spec section 4, decision
 * docs/decisions/008-payments-and-places.md). A move writes the stage (stageWrite), takes or gives
 * back a place on the retreat under a lock on the retreat row (so concurrent acceptances queue and
 * none can oversell), creates the payment plan on acceptance or cancels what was still to pay on
 * leaving, offers a freed place to the waitlist, and records the audit entry; afterStageMove runs
 * what has to wait for the commit (the emails, the reminder sweep).
 *
 * Other features reach admissions through this file only: the capacity rule (capacity.ts), the
 * stage columns (stage-write.ts) and the waitlist offers a freed place makes (place-release.ts)
 * are re-exported here.
 */

import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { businessTimeZone } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";
import { retreatFullMessage } from "../../../shared/schemas/payments";
import { type Application, applications, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import type { LinkSettings } from "../../email/hidden-links";
import { dispatchEmails } from "../../email/outbox";
import { AppError } from "../../http/errors";
import type { JobQueue } from "../../jobs/queue";
import { type Actor, recordAudit } from "../audit/audit.service";
import { requestJourneySweep } from "../journey/index";
import { requestReminderSweep } from "../payments/index";
import { cancelActivePlan, createPlanForAcceptance } from "../payments/payments.service";
import { holdsPlace, peopleOf, placesTaken } from "./capacity";
import { offeredPeople, releasePlace } from "./place-release";
import { stageWrite } from "./stage-write";

export {
  holdsPlace,
  holdsPlaceSql,
  peopleCountSql,
  peopleOf,
  peopleSql,
  placesTaken,
} from "./capacity";
export {
  capacityOf,
  hashOfferToken,
  lockRetreat,
  offeredPeople,
  placeOfferUrl,
  type ReleaseOptions,
  releasePlace,
} from "./place-release";
export { stageWrite } from "./stage-write";

/** The business keeps its books in London (defined with the money figures, which date "overdue" by it). */
export { businessTimeZone };

type Accepting = Pick<Application, "id" | "retreatId" | "applicationType">;

/**
 * Call inside the transaction that moves an application into accepted (before or after writing
 * the stage): locks the retreat row FOR UPDATE, refuses with 409 when the retreat has no room,
 * then creates the payment plan. Returns the new plan's id (null when one was already active).
 */
export async function acceptIntoRetreat(
  tx: DbOrTx,
  application: Accepting,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ planId: string | null }> {
  if (!application.retreatId) {
    throw new AppError("conflict", "This application is not linked to a retreat, so it cannot take a place.");
  }
  const [retreat] = await tx
    .select({ id: retreats.id, capacity: retreats.capacity })
    .from(retreats)
    .where(eq(retreats.id, application.retreatId))
    .for("update")
    .limit(1);
  if (!retreat) throw new AppError("conflict", "This application's retreat no longer exists.");
  // Read after the lock: under READ COMMITTED this statement sees every acceptance committed before.
  const taken = await placesTaken(tx, retreat.id, application.id);
  // A place offered to someone on the waitlist is theirs until the offer is answered or expires.
  const held = await offeredPeople(tx, retreat.id, application.id);
  const people = peopleOf(application.applicationType);
  if (held > 0 && taken + held + people > retreat.capacity) {
    throw new AppError(
      "conflict",
      `${retreatFullMessage(taken, retreat.capacity)} ${held} more ${held === 1 ? "is" : "are"} held by open waitlist offers.`,
    );
  }
  if (taken >= retreat.capacity) throw new AppError("conflict", retreatFullMessage(taken, retreat.capacity));
  if (taken + people > retreat.capacity) {
    throw new AppError(
      "conflict",
      `There is room for ${retreat.capacity - taken} more and a couple needs 2: ${taken} of ${retreat.capacity} places are taken.`,
    );
  }
  const created = await createPlanForAcceptance(tx, application.id, todayIn(businessTimeZone, now), actor);
  return { planId: created?.planId ?? null };
}

/**
 * Call inside the transaction that moves an application out of accepted/payment into a stage
 * that holds no place: cancels its active plan's pending payments and the plan, then offers the
 * place to the waitlist. Dispatch the returned emailLogIds after commit.
 */
export async function leaveRetreat(
  tx: DbOrTx,
  application: Pick<Application, "id" | "retreatId">,
  actor: Actor,
  links: LinkSettings,
  now: Date = new Date(),
): Promise<{ emailLogIds: string[] }> {
  // Retreat before plan: the same lock order as acceptance, so the two cannot deadlock.
  if (application.retreatId) {
    await tx.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, application.retreatId)).for("update");
  }
  await cancelActivePlan(tx, application.id, actor);
  if (!application.retreatId) return { emailLogIds: [] };
  return releasePlace(
    tx,
    { retreatId: application.retreatId, releasedByApplicationId: application.id, ...links },
    actor,
    // The offers' time runs from the move's clock (a sweep's injected time), not the wall clock.
    { now },
  );
}

/**
 * The place and plan side of any stage change: into accepted takes a place (409 when full), out
 * of the place-holding stages gives it back. Moves between accepted and payment change nothing.
 */
export async function applyStageChange(
  tx: DbOrTx,
  before: Pick<Application, "stage">,
  after: Accepting & Pick<Application, "stage">,
  actor: Actor,
  links: LinkSettings,
): Promise<{ emailLogIds: string[] }> {
  if (!holdsPlace(before.stage) && after.stage === "accepted") {
    await acceptIntoRetreat(tx, after, actor);
    return { emailLogIds: [] };
  }
  if (holdsPlace(before.stage) && !holdsPlace(after.stage)) return leaveRetreat(tx, after, actor, links);
  return { emailLogIds: [] };
}

/** One move of an application from the stage it is in to another. */
export type StageMove = {
  /** The application as it stands before the move (locked by the caller where it matters). */
  application: Accepting & Pick<Application, "stage">;
  to: string;
  actor: Actor;
  /** The waitlist offers a freed place makes link to the public site; needed to leave a place. */
  links?: LinkSettings;
  now?: Date;
  /** Other columns written with the stage (notes, updatedAt). */
  set?: Partial<typeof applications.$inferInsert>;
  /**
   * The audit entry of the move: its action, and what to record beside the stage change. Leave
   * it out when the caller records a fuller entry of its own (a staff edit, a cancellation).
   */
  audit?: { action: string; newValues?: Record<string, unknown> };
};

export type StageMoveResult = {
  /** The application as written. */
  application: Application;
  /** The plan an acceptance created (null when none was created). */
  planId: string | null;
  /** email_logs rows the move queued (waitlist offers of a freed place); dispatch after commit. */
  emailLogIds: string[];
};

/**
 * Moves an application to another stage, inside the caller's transaction: into accepted takes a
 * place under the retreat lock (409 when full) and creates the payment plan, before the stage is
 * written; then the stage (stageWrite) and any other columns are written and the audit entry
 * recorded; out of the place-holding stages then cancels the plan and offers the freed place to
 * the waitlist. Moves between accepted and payment, and between stages holding no place, touch
 * neither. Hand the result's emailLogIds to afterStageMove after the commit.
 */
export async function moveStage(tx: DbOrTx, move: StageMove): Promise<StageMoveResult> {
  const { application, to, actor } = move;
  const now = move.now ?? new Date();
  const from = application.stage;
  let planId: string | null = null;
  if (!holdsPlace(from) && to === "accepted") {
    planId = (await acceptIntoRetreat(tx, application, actor, now)).planId;
  }
  const [row] = await tx
    .update(applications)
    .set({ ...move.set, ...stageWrite(to, now) })
    .where(eq(applications.id, application.id))
    .returning();
  if (!row) throw new AppError("not_found", "Application not found");
  if (move.audit) {
    await recordAudit(tx as Parameters<typeof recordAudit>[0], {
      ...actor,
      action: move.audit.action,
      entityType: "application",
      entityId: application.id,
      oldValues: { stage: from },
      newValues: { stage: to, ...move.audit.newValues },
    });
  }
  const emailLogIds: string[] = [];
  if (holdsPlace(from) && !holdsPlace(to)) {
    if (!move.links) throw new Error("A move out of a place needs the links for the waitlist offers.");
    emailLogIds.push(...(await leaveRetreat(tx, row, actor, move.links, now)).emailLogIds);
  }
  return { application: row, planId, emailLogIds };
}

/** What a stage move leaves for after its commit. */
export type AfterStageMove = {
  /** email_logs rows the move queued in its transaction (stage email, waitlist offers). */
  emailLogIds?: readonly string[];
  /** Whether a stage move happened (a plan may have been created or cancelled). */
  moved: boolean;
};

/**
 * Call after the commit of a stage move (never inside the transaction): asks the worker to send
 * the emails the move queued, then, when the move happened, for a reminder sweep, so the reminders
 * of the plan it created or cancelled are planned or dropped at once instead of at the next
 * periodic sweep. Route handlers whose write is a stage move say so here and nowhere else.
 */
export async function afterStageMove(
  queue: JobQueue | null,
  log: FastifyBaseLogger,
  effects: AfterStageMove,
): Promise<void> {
  if (effects.emailLogIds) await dispatchEmails(queue, effects.emailLogIds, log);
  if (effects.moved) await requestReminderSweep(queue, log);
  if (effects.moved) await requestJourneySweep(queue, log);
}
