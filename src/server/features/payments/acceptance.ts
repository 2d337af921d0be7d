/**
 * Places on a retreat (docs/decisions/008-payments-and-places.md): accepting takes a place under
 * a lock on the retreat row, so concurrent acceptances queue and none can oversell; leaving the
 * accepted stages gives the place back and cancels what was still to pay.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { businessTimeZone } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";
import { placeHoldingStages, retreatFullMessage } from "../../../shared/schemas/payments";
import { type Application, applications, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import type { LinkSettings } from "../../email/hidden-links";
import { AppError } from "../../http/errors";
import type { Actor } from "../audit/audit.service";
import { offeredPeople, releasePlace } from "../places/places.service";
import { cancelActivePlan, createPlanForAcceptance } from "./payments.service";

/** The business keeps its books in London (defined with the money figures, which date "overdue" by it). */
export { businessTimeZone };

export function holdsPlace(stage: string): boolean {
  return (placeHoldingStages as readonly string[]).includes(stage);
}

export function peopleOf(applicationType: string): 1 | 2 {
  return applicationType === "couple" ? 2 : 1;
}

/**
 * People (a couple counts 2) holding a place on the retreat: applications in accepted or
 * payment. `exceptApplicationId` leaves one application out, so the caller can ask "is there
 * room for this one" whether or not its own stage has been written yet.
 */
export async function placesTaken(db: DbOrTx, retreatId: string, exceptApplicationId?: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(case when ${applications.applicationType} = 'couple' then 2 else 1 end), 0)::int`,
    })
    .from(applications)
    .where(
      and(
        eq(applications.retreatId, retreatId),
        inArray(applications.stage, [...placeHoldingStages]),
        exceptApplicationId ? ne(applications.id, exceptApplicationId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

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
