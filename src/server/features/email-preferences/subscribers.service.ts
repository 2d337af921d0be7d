import { eq, sql } from "drizzle-orm";
import type { PublicSubscriber } from "../../../shared/schemas/email-preferences";
import { type EmailSubscriber, emailSubscribers } from "../../db/schema";
import type { DbOrTx } from "../../db/types";

type Segment = "waitlist" | "applicant";
type Source = "waitlist_form" | "application_form";

export type SubscriberIntent = {
  email: string;
  firstName: string;
  lastName: string;
  segment: Segment;
  source: Source;
  applicationId?: string;
  /** Proof of opt-in when the person consented on this form themselves. */
  consent: { ip: string; at: Date } | null;
  /** The marketing flag for a new subscriber; an existing subscriber's choices are never changed. */
  marketingEmails: boolean;
  /** A label that records what the person did (e.g. joined the waitlist) without changing the segment. */
  tag?: string;
  /** An application's names are authoritative; a waitlist name only fills in missing ones. */
  overwriteNames: boolean;
};

export type UpsertedSubscriber = { subscriber: EmailSubscriber; created: boolean; previous: EmailSubscriber | null };

/** How far along a subscriber is; a form never moves someone back (waitlist never replaces applicant). */
const segmentRank: Record<string, number> = { waitlist: 1, applicant: 2, rejected: 2, approved: 3 };

function mergedSegment(current: string, incoming: Segment): string {
  // Someone declined before who applies again is an applicant again.
  if (incoming === "applicant" && current === "rejected") return incoming;
  return (segmentRank[incoming] ?? 0) > (segmentRank[current] ?? 0) ? incoming : current;
}

/**
 * Creates the subscriber for an address, or updates the existing one (matched case-insensitively).
 * Never re-subscribes anyone: status, globallyUnsubscribed and the three preference flags of an
 * existing subscriber are left as they chose them. Safe under concurrency: the insert yields to a
 * concurrent one (ON CONFLICT DO NOTHING on the lower(email) index), then the row is locked.
 */
export async function upsertSubscriber(tx: DbOrTx, intent: SubscriberIntent): Promise<UpsertedSubscriber> {
  const [inserted] = await tx
    .insert(emailSubscribers)
    .values({
      email: intent.email,
      firstName: intent.firstName || null,
      lastName: intent.lastName || null,
      segment: intent.segment,
      source: intent.source,
      applicationId: intent.applicationId ?? null,
      tags: intent.tag ? [intent.tag] : [],
      marketingEmails: intent.marketingEmails,
      consentAt: intent.consent?.at ?? null,
      consentIp: intent.consent?.ip ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { subscriber: inserted, created: true, previous: null };

  const [existing] = await tx
    .select()
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = lower(${intent.email})`)
    .for("update");
  if (!existing) throw new Error("email subscriber insert conflicted but no row matches the address");

  const segment = mergedSegment(existing.segment, intent.segment);
  const names = intent.overwriteNames
    ? { firstName: intent.firstName || existing.firstName, lastName: intent.lastName || existing.lastName }
    : {
        firstName: existing.firstName || intent.firstName || null,
        lastName: existing.lastName || intent.lastName || null,
      };
  // The first recorded consent is the proof of opt-in: a later form (anyone can type any address)
  // must not replace it with the newest visitor's time and address.
  const recordConsent = intent.consent && !existing.globallyUnsubscribed && !existing.consentAt;
  const [updated] = await tx
    .update(emailSubscribers)
    .set({
      ...names,
      segment,
      source: segment !== existing.segment || !existing.source ? intent.source : existing.source,
      applicationId: intent.applicationId ?? existing.applicationId,
      tags: intent.tag && !existing.tags.includes(intent.tag) ? [...existing.tags, intent.tag] : existing.tags,
      ...(recordConsent ? { consentAt: intent.consent!.at, consentIp: intent.consent!.ip } : {}),
    })
    .where(eq(emailSubscribers.id, existing.id))
    .returning();
  return { subscriber: updated!, created: false, previous: existing };
}

/** What a token page may see: nothing beyond the spec's subscriber fields. */
export function toPublicSubscriber(s: EmailSubscriber): PublicSubscriber {
  return {
    email: s.email,
    firstName: s.firstName,
    status: s.status,
    globallyUnsubscribed: s.globallyUnsubscribed,
    applicationEmails: s.applicationEmails,
    marketingEmails: s.marketingEmails,
    systemNotifications: s.systemNotifications,
  };
}
