/**
 * Places on a retreat and waitlist offers (docs/decisions/008-payments-and-places.md).
 *
 * An open offer holds its people's places: taken (capacity.ts) plus the people
 * holding an open offer never exceed the capacity, so two offers never promise one place. Every
 * change that can free or hold a place takes the retreat row FOR UPDATE first, the same lock
 * acceptance takes, so the counts each one reads are current.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, ne, notExists, sql } from "drizzle-orm";
import { pageRoutes } from "../../../shared/routes";
import { type Capacity, placeOfferHours } from "../../../shared/schemas/places";
import { applications, placeOffers, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { EmailSecrets, type LinkSettings } from "../../email/hidden-links";
import { queueEmail } from "../../email/outbox";
import { type Actor, recordAudit } from "../audit/audit.service";
import { peopleCountSql, peopleOf, placesTaken } from "./capacity";
import { renderPlaceOfferEmail } from "./place-emails";

export type ReleaseOptions = {
  now?: Date;
  /** How long the offer stands; placeOfferHours unless a caller (a test) says otherwise. */
  offerHours?: number;
};

const hour = 3_600_000;

export function hashOfferToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function placeOfferUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}${pageRoutes.placeOffer.replace(":token", encodeURIComponent(token))}`;
}

/**
 * People holding an open offer on the retreat. Only offers whose application is still waitlisted
 * hold places: one moved on by staff can no longer be accepted (the sweep closes it).
 * `exceptApplicationId` leaves one application's own offer out, for "is there room for this one".
 */
export async function offeredPeople(tx: DbOrTx, retreatId: string, exceptApplicationId?: string): Promise<number> {
  const [row] = await tx
    .select({ people: peopleCountSql })
    .from(placeOffers)
    .innerJoin(applications, eq(applications.id, placeOffers.applicationId))
    .where(
      and(
        eq(placeOffers.retreatId, retreatId),
        eq(placeOffers.status, "offered"),
        eq(applications.stage, "waitlist"),
        exceptApplicationId ? ne(placeOffers.applicationId, exceptApplicationId) : undefined,
      ),
    );
  return Number(row?.people ?? 0);
}

/** Takes the retreat row FOR UPDATE (the lock acceptance takes); null when it does not exist. */
export async function lockRetreat(tx: DbOrTx, retreatId: string) {
  const [row] = await tx.select().from(retreats).where(eq(retreats.id, retreatId)).for("update");
  return row ?? null;
}

export async function capacityOf(tx: DbOrTx, retreat: typeof retreats.$inferSelect): Promise<Capacity> {
  const taken = await placesTaken(tx, retreat.id);
  const offered = await offeredPeople(tx, retreat.id);
  return {
    retreatId: retreat.id,
    retreatName: retreat.name,
    capacity: retreat.capacity,
    taken,
    offered,
    free: Math.max(0, retreat.capacity - taken - offered),
  };
}

/**
 * The next waitlisted application that fits in `free` places: earliest submitted first, never
 * one that has had an offer for this retreat already (it declined, let it expire, or had it
 * withdrawn: offering again would hand the same place back and forth), nor the one leaving.
 */
async function nextCandidate(tx: DbOrTx, retreatId: string, free: number, leaving: string | null) {
  const [row] = await tx
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.retreatId, retreatId),
        eq(applications.stage, "waitlist"),
        free < 2 ? ne(applications.applicationType, "couple") : undefined,
        // Staff moving a booking back to the waitlist do not mean to offer it its own place.
        leaving ? ne(applications.id, leaving) : undefined,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(placeOffers)
            .where(and(eq(placeOffers.applicationId, applications.id), eq(placeOffers.retreatId, retreatId))),
        ),
      ),
    )
    .orderBy(asc(applications.submittedAt), asc(applications.id))
    .limit(1);
  return row ?? null;
}

async function createOffer(
  tx: DbOrTx,
  retreat: typeof retreats.$inferSelect,
  application: typeof applications.$inferSelect,
  input: { releasedByApplicationId: string | null } & LinkSettings,
  actor: Actor | null,
  now: Date,
  offerHours: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + offerHours * hour);
  const [offer] = await tx
    .insert(placeOffers)
    .values({
      retreatId: retreat.id,
      applicationId: application.id,
      tokenHash: hashOfferToken(token),
      expiresAt,
      releasedByApplicationId: input.releasedByApplicationId,
      createdBy: actor?.userId ?? null,
    })
    .returning();
  await recordAudit(tx as Parameters<typeof recordAudit>[0], {
    userId: actor?.userId ?? null,
    ipAddress: actor?.ipAddress ?? null,
    userAgent: actor?.userAgent ?? null,
    action: "offer",
    entityType: "place_offer",
    entityId: offer!.id,
    newValues: {
      applicationId: application.id,
      retreatId: retreat.id,
      expiresAt: expiresAt.toISOString(),
      releasedByApplicationId: input.releasedByApplicationId,
    },
  });
  const secrets = new EmailSecrets(input.cipher);
  const email = await renderPlaceOfferEmail({
    firstName: application.firstName,
    retreatName: retreat.name,
    startDate: retreat.startDate,
    endDate: retreat.endDate,
    people: peopleOf(application.applicationType),
    offerUrl: placeOfferUrl(input.publicUrl, secrets.hide(token)),
    expiresAt,
  });
  return queueEmail(tx, {
    to: application.email,
    name: [application.firstName, application.lastName].filter(Boolean).join(" "),
    email,
    kind: "place_offer",
    secrets,
  });
}

/**
 * Called inside the transaction in which an application gives up its place (declined or
 * cancelled after acceptance, or its deposit overdue past the grace period), and whenever an
 * offer ends unaccepted: offers every free place to the next waitlisted applications. Returns
 * email_logs ids to dispatch after commit.
 */
export async function releasePlace(
  tx: DbOrTx,
  input: { retreatId: string; releasedByApplicationId: string | null } & LinkSettings,
  actor: Actor | null,
  options: ReleaseOptions = {},
): Promise<{ emailLogIds: string[] }> {
  const now = options.now ?? new Date();
  const offerHours = options.offerHours ?? placeOfferHours;
  const retreat = await lockRetreat(tx, input.retreatId);
  if (!retreat) return { emailLogIds: [] };
  let { free } = await capacityOf(tx, retreat);
  const emailLogIds: string[] = [];
  while (free > 0) {
    const candidate = await nextCandidate(tx, retreat.id, free, input.releasedByApplicationId);
    if (!candidate) break;
    emailLogIds.push(await createOffer(tx, retreat, candidate, input, actor, now, offerHours));
    free -= peopleOf(candidate.applicationType);
  }
  return { emailLogIds };
}
