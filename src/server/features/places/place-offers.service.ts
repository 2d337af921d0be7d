/**
 * Answering a place offer (the applicant's page, through the emailed token alone) and the staff
 * view of offers. Locks are always taken in the order offer, application, retreat (the order
 * acceptance and the stage-change hook use), so no two of these can deadlock.
 */
import { and, asc, desc, eq, ne, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type PlaceOfferItem,
  type PlaceOffersResponse,
  type PublicPlaceOffer,
  placeMessages,
} from "../../../shared/schemas/places";
import type { Db } from "../../db/client";
import { applications, placeOffers, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { EmailSecrets, type LinkSettings } from "../../email/hidden-links";
import { queueEmail } from "../../email/outbox";
import { renderSystemEmail } from "../../email/system-templates";
import { AppError } from "../../http/errors";
import { capacityOf, hashOfferToken, moveStage, peopleOf, releasePlace } from "../admissions/admissions.service";
import { type Actor, recordAudit } from "../audit/audit.service";
import { requireRetreat } from "../retreats/retreats.service";
import { offerPriceSummary } from "./offer-price";

type OfferRow = typeof placeOffers.$inferSelect;
type Settings = LinkSettings & {
  /** The deposit's pay link for the acceptance email ("" when payments are by bank transfer). */
  payUrlFor?: (applicationId: string, secrets: EmailSecrets) => string;
};

/** How many closed offers the staff history shows. */
export const offerHistoryLimit = 50;

async function offerByToken(tx: DbOrTx, token: string, lock: boolean): Promise<OfferRow> {
  const query = tx
    .select()
    .from(placeOffers)
    .where(eq(placeOffers.tokenHash, hashOfferToken(token)));
  const [offer] = lock ? await query.for("update") : await query;
  if (!offer) throw new AppError("not_found", placeMessages.offerNotFound);
  return offer;
}

/** An offer past its time is expired even before the sweep has marked it so. */
function isExpired(offer: OfferRow, now: Date): boolean {
  return offer.status === "expired" || (offer.status === "offered" && offer.expiresAt <= now);
}

function assertAnswerable(offer: OfferRow, now: Date) {
  if (isExpired(offer, now)) throw new AppError("gone", placeMessages.offerExpired);
  if (offer.status === "withdrawn") throw new AppError("conflict", placeMessages.offerWithdrawn);
  if (offer.status !== "offered") throw new AppError("conflict", placeMessages.offerAnswered);
}

/**
 * Locks the offer's application for either answer. One that staff moved off the waitlist no
 * longer holds the offer (its page shows it withdrawn): accepting would take a second place, and
 * declining would record an answer the applicant was never in a position to give.
 */
async function lockWaitlistedApplication(tx: DbOrTx, offer: OfferRow) {
  const [application] = await tx
    .select()
    .from(applications)
    .where(eq(applications.id, offer.applicationId))
    .for("update");
  if (application?.stage !== "waitlist") throw new AppError("conflict", placeMessages.noLongerWaitlisted);
  return application;
}

async function audit(tx: DbOrTx, actor: Actor | null, action: string, offer: OfferRow, status: string) {
  await recordAudit(tx as Db, {
    userId: actor?.userId ?? null,
    ipAddress: actor?.ipAddress ?? null,
    userAgent: actor?.userAgent ?? null,
    action,
    entityType: "place_offer",
    entityId: offer.id,
    oldValues: { status: offer.status },
    newValues: { status, applicationId: offer.applicationId },
  });
}

async function closeOffer(
  tx: DbOrTx,
  offer: OfferRow,
  status: "accepted" | "declined" | "expired" | "withdrawn",
  now: Date,
) {
  await tx.update(placeOffers).set({ status, respondedAt: now }).where(eq(placeOffers.id, offer.id));
}

/** Offers the place a closed offer held on to the next people on the waitlist; dispatch the ids after commit. */
function offerPlaceOn(tx: DbOrTx, offer: OfferRow, actor: Actor | null, settings: Settings, now: Date) {
  return releasePlace(
    tx,
    {
      retreatId: offer.retreatId,
      releasedByApplicationId: offer.releasedByApplicationId,
      publicUrl: settings.publicUrl,
      cipher: settings.cipher,
    },
    actor,
    { now },
  );
}

async function publicView(tx: DbOrTx, offer: OfferRow, status: PublicPlaceOffer["status"], now: Date) {
  const [application] = await tx.select().from(applications).where(eq(applications.id, offer.applicationId));
  const [retreat] = await tx.select().from(retreats).where(eq(retreats.id, offer.retreatId));
  if (!application || !retreat) throw new AppError("not_found", placeMessages.offerNotFound);
  const summary =
    status === "offered" || status === "accepted" ? await offerPriceSummary(tx, application, retreat, now) : null;
  return {
    firstName: application.firstName,
    retreatName: retreat.name,
    location: retreat.location,
    startDate: retreat.startDate,
    endDate: retreat.endDate,
    people: peopleOf(application.applicationType),
    bookingTypeName: summary?.bookingTypeName ?? null,
    price: summary?.price ?? null,
    expiresAt: offer.expiresAt.toISOString(),
    status,
  } satisfies PublicPlaceOffer;
}

/** GET /api/place-offers/{token}: answered offers still show (with their status); expired ones are 410. */
export async function getPublicOffer(db: Db, token: string, now = new Date()): Promise<PublicPlaceOffer> {
  const offer = await offerByToken(db, token, false);
  if (isExpired(offer, now)) throw new AppError("gone", placeMessages.offerExpired);
  let status = offer.status as PublicPlaceOffer["status"];
  if (status === "offered") {
    // Moved off the waitlist by staff: the offer can no longer be taken, whatever the sweep has done yet.
    const [application] = await db
      .select({ stage: applications.stage })
      .from(applications)
      .where(eq(applications.id, offer.applicationId));
    if (application?.stage !== "waitlist") status = "withdrawn";
  }
  return publicView(db, offer, status, now);
}

/**
 * POST /api/place-offers/{token}/accept: the same capacity-checked acceptance staff use (it takes
 * the retreat lock, refuses when full and creates the plan); the applicant gets the usual
 * "accepted" email.
 */
export async function acceptOffer(
  db: Db,
  token: string,
  actor: Actor,
  settings: Settings,
  now = new Date(),
): Promise<{ offer: PublicPlaceOffer; emailLogIds: string[] }> {
  return db.transaction(async (tx) => {
    const offer = await offerByToken(tx, token, true);
    assertAnswerable(offer, now);
    const application = await lockWaitlistedApplication(tx, offer);
    try {
      await moveStage(tx, {
        application,
        to: "accepted",
        actor,
        now,
        audit: { action: "escalate", newValues: { placeOfferId: offer.id } },
      });
    } catch (error) {
      // The applicant is told plainly; the count in the staff message means nothing to them.
      if (error instanceof AppError && error.code === "conflict") throw new AppError("conflict", placeMessages.full);
      throw error;
    }
    await closeOffer(tx, offer, "accepted", now);
    await audit(tx, actor, "accept", offer, "accepted");
    const emailLogIds = await queueAcceptedEmail(tx, application, offer.retreatId, settings);
    return { offer: await publicView(tx, offer, "accepted", now), emailLogIds };
  });
}

async function queueAcceptedEmail(
  tx: DbOrTx,
  application: typeof applications.$inferSelect,
  retreatId: string,
  settings: Settings,
): Promise<string[]> {
  const [retreat] = await tx.select({ name: retreats.name }).from(retreats).where(eq(retreats.id, retreatId));
  const secrets = new EmailSecrets(settings.cipher);
  const email = await renderSystemEmail(
    tx,
    "stage_accepted",
    {
      firstName: application.firstName?.trim() || "there",
      retreatName: retreat?.name ?? "our retreat",
      publicUrl: settings.publicUrl,
      payUrl: settings.payUrlFor?.(application.id, secrets) ?? "",
    },
    { retreatId },
  );
  // Switched off by staff in the email templates: the acceptance stands, unannounced.
  if (!email) return [];
  const name = [application.firstName, application.lastName].filter(Boolean).join(" ");
  return [await queueEmail(tx, { to: application.email, name, email, kind: "stage_accepted", secrets })];
}

/** POST /api/place-offers/{token}/decline: the place goes straight to the next person. */
export async function declineOffer(
  db: Db,
  token: string,
  actor: Actor,
  settings: Settings,
  now = new Date(),
): Promise<{ offer: PublicPlaceOffer; emailLogIds: string[] }> {
  return db.transaction(async (tx) => {
    const offer = await offerByToken(tx, token, true);
    assertAnswerable(offer, now);
    await lockWaitlistedApplication(tx, offer);
    await closeOffer(tx, offer, "declined", now);
    await audit(tx, actor, "decline", offer, "declined");
    const { emailLogIds } = await offerPlaceOn(tx, offer, actor, settings, now);
    return { offer: await publicView(tx, offer, "declined", now), emailLogIds };
  });
}

/** POST /api/admin/place-offers/{id}/withdraw: staff take an open offer back; the place is offered on. */
export async function withdrawOffer(
  db: Db,
  id: string,
  actor: Actor,
  settings: Settings,
  now = new Date(),
): Promise<{ offer: PlaceOfferItem; offersMade: number; emailLogIds: string[] }> {
  return db.transaction(async (tx) => {
    const [offer] = await tx.select().from(placeOffers).where(eq(placeOffers.id, id)).for("update");
    if (!offer) throw new AppError("not_found", "Offer not found.");
    if (offer.status !== "offered") throw new AppError("conflict", placeMessages.notOpen);
    await closeOffer(tx, offer, "withdrawn", now);
    await audit(tx, actor, "withdraw", offer, "withdrawn");
    const { emailLogIds } = await offerPlaceOn(tx, offer, actor, settings, now);
    const [item] = await offerItems(tx, eq(placeOffers.id, id), 1);
    return { offer: item!, offersMade: emailLogIds.length, emailLogIds };
  });
}

/**
 * Closes one batch of open offers and offers each place on: those past their time expire, and
 * those whose application staff have moved off the waitlist meanwhile are withdrawn. SKIP LOCKED
 * lets two workers share the work: an offer being answered or closed elsewhere is left to that one.
 */
export async function expireOffers(
  db: Db,
  settings: Settings,
  now = new Date(),
  batch = 50,
): Promise<{ expired: number; emailLogIds: string[] }> {
  return db.transaction(async (tx) => {
    const stillWaiting = tx
      .select({ one: sql`1` })
      .from(applications)
      .where(and(eq(applications.id, placeOffers.applicationId), eq(applications.stage, "waitlist")));
    const due = await tx
      .select()
      .from(placeOffers)
      .where(
        and(
          eq(placeOffers.status, "offered"),
          or(sql`${placeOffers.expiresAt} <= ${now.toISOString()}`, notExists(stillWaiting)),
        ),
      )
      .orderBy(asc(placeOffers.expiresAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    const emailLogIds: string[] = [];
    for (const offer of due) {
      const status = offer.expiresAt <= now ? "expired" : "withdrawn";
      await closeOffer(tx, offer, status, now);
      await audit(tx, null, status === "expired" ? "expire" : "withdraw", offer, status);
    }
    // Once per retreat, after all of its offers are closed, so each place is offered once.
    for (const offer of due.filter((o, i) => due.findIndex((x) => x.retreatId === o.retreatId) === i)) {
      const released = await offerPlaceOn(tx, offer, null, settings, now);
      emailLogIds.push(...released.emailLogIds);
    }
    return { expired: due.length, emailLogIds };
  });
}

// ---------------------------------------------------------------------------------------------
// Staff view
// ---------------------------------------------------------------------------------------------

const releasedBy = alias(applications, "released_by");

const nameOf = (first: string | null, last: string | null, email: string) =>
  [first, last].filter((p) => p?.trim()).join(" ") || email;

async function offerItems(
  tx: DbOrTx,
  where: ReturnType<typeof eq>,
  limit: number,
  order = desc(placeOffers.createdAt),
) {
  const rows = await tx
    .select({ offer: placeOffers, applicant: applications, releasedBy })
    .from(placeOffers)
    .innerJoin(applications, eq(applications.id, placeOffers.applicationId))
    .leftJoin(releasedBy, eq(releasedBy.id, placeOffers.releasedByApplicationId))
    .where(where)
    .orderBy(order, desc(placeOffers.id))
    .limit(limit);
  return rows.map(
    ({ offer, applicant, releasedBy: by }): PlaceOfferItem => ({
      id: offer.id,
      applicationId: applicant.id,
      applicantName: nameOf(applicant.firstName, applicant.lastName, applicant.email),
      email: applicant.email,
      people: peopleOf(applicant.applicationType),
      status: offer.status as PlaceOfferItem["status"],
      expiresAt: offer.expiresAt.toISOString(),
      respondedAt: offer.respondedAt?.toISOString() ?? null,
      createdAt: offer.createdAt.toISOString(),
      releasedBy: by ? { id: by.id, name: nameOf(by.firstName, by.lastName, by.email) } : null,
    }),
  );
}

/** GET /api/admin/place-offers: who holds an offer and until when, and what became of earlier ones. */
export async function listPlaceOffers(db: Db, retreatId: string | undefined): Promise<PlaceOffersResponse> {
  const retreat = await requireRetreat(db, retreatId, placeMessages.noRetreat);
  const capacity = await capacityOf(db, retreat);
  const open = await offerItems(
    db,
    and(eq(placeOffers.retreatId, retreat.id), eq(placeOffers.status, "offered"))!,
    500,
    asc(placeOffers.expiresAt),
  );
  const history = await offerItems(
    db,
    and(eq(placeOffers.retreatId, retreat.id), ne(placeOffers.status, "offered"))!,
    offerHistoryLimit,
  );
  return { capacity, open, history };
}
