import { and, eq, isNull, sql } from "drizzle-orm";
import {
  type EmailPreferences,
  tokenParamSchema,
  type UnsubscribeType,
} from "../../../shared/schemas/email-preferences";
import type { Db } from "../../db/client";
import { type EmailSubscriber, emailSends, emailSubscribers } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { refreshCampaignCounters } from "../email-campaigns";

export const invalidLinkMessage = "This link is invalid or expired.";

/** One answer for a malformed and an unknown token, so a probe learns nothing. */
function assertTokenShape(token: string) {
  if (!tokenParamSchema.safeParse({ token }).success) throw new AppError("not_found", invalidLinkMessage);
}

function found(row: EmailSubscriber | undefined): EmailSubscriber {
  if (!row) throw new AppError("not_found", invalidLinkMessage);
  return row;
}

export async function findSubscriberByToken(db: Db, token: string): Promise<EmailSubscriber> {
  assertTokenShape(token);
  const [row] = await db.select().from(emailSubscribers).where(eq(emailSubscribers.unsubscribeToken, token));
  return found(row);
}

const flagByType = {
  marketing: "marketingEmails",
  application: "applicationEmails",
  system: "systemNotifications",
} as const;

/**
 * Marks the subscriber's send of that campaign as the one they unsubscribed from (campaign
 * statistics count these). The first unsubscribe wins; an unknown campaign or one never sent to
 * this subscriber matches nothing.
 */
export async function attributeUnsubscribe(
  tx: DbOrTx,
  campaignId: string,
  subscriberId: string,
  at: Date,
): Promise<void> {
  const attributed = await tx
    .update(emailSends)
    .set({ unsubscribedAt: at })
    .where(
      and(
        eq(emailSends.campaignId, campaignId),
        eq(emailSends.subscriberId, subscriberId),
        isNull(emailSends.unsubscribedAt),
      ),
    )
    .returning({ id: emailSends.id });
  if (attributed.length > 0) await refreshCampaignCounters(tx, campaignId);
}

/**
 * Statuses the delivery side sets from the provider's reports (email-events): a hard bounce, a
 * spam complaint. They say more than any click on a token page, campaigns skip them, and staff
 * count them apart, so an unsubscribe leaves them (and a complaint's reason) as they are.
 */
const deliveryStatuses = sql.raw("('bounced', 'complained')");

/**
 * "all" unsubscribes globally (status unsubscribed, with time and reason); any other type switches
 * off only its own category and leaves the subscription active. Leaving marketing (or everything)
 * from a campaign's link is attributed to that campaign. Unsubscribing again keeps the first
 * time, and never turns a bounced or complained address into a merely unsubscribed one.
 */
export async function unsubscribe(
  db: Db,
  token: string,
  input: { emailType: UnsubscribeType; reason?: string; campaignId?: string },
): Promise<EmailSubscriber> {
  assertTokenShape(token);
  const now = new Date();
  const s = emailSubscribers;
  const change =
    input.emailType === "all"
      ? {
          globallyUnsubscribed: true,
          status: sql<string>`case when ${s.status} in ${deliveryStatuses} then ${s.status} else 'unsubscribed' end`,
          unsubscribedAt: sql<Date>`coalesce(${s.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
        }
      : { [flagByType[input.emailType]]: false };
  const reason = sql<
    string | null
  >`case when ${s.status} = 'complained' then ${s.unsubscribeReason} else ${input.reason ?? null} end`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailSubscribers)
      .set({ ...change, unsubscribeReason: reason, preferencesUpdatedAt: now })
      .where(eq(emailSubscribers.unsubscribeToken, token))
      .returning();
    const subscriber = found(row);
    if (input.campaignId && (input.emailType === "marketing" || input.emailType === "all")) {
      await attributeUnsubscribe(tx, input.campaignId, subscriber.id, now);
    }
    return subscriber;
  });
}

/** Restores the chosen categories and lifts a global unsubscribe; a fresh opt-in is recorded. */
export async function resubscribe(
  db: Db,
  token: string,
  preferences: EmailPreferences,
  clientIp: string,
): Promise<EmailSubscriber> {
  assertTokenShape(token);
  const now = new Date();
  const [row] = await db
    .update(emailSubscribers)
    .set({
      ...preferences,
      globallyUnsubscribed: false,
      status: "active",
      unsubscribedAt: null,
      preferencesUpdatedAt: now,
      consentAt: now,
      consentIp: clientIp,
    })
    .where(eq(emailSubscribers.unsubscribeToken, token))
    .returning();
  return found(row);
}

/** Saves the three category switches as given; a global unsubscribe is only lifted by resubscribing. */
export async function updatePreferences(
  db: Db,
  token: string,
  preferences: EmailPreferences,
): Promise<EmailSubscriber> {
  assertTokenShape(token);
  const [row] = await db
    .update(emailSubscribers)
    .set({ ...preferences, preferencesUpdatedAt: new Date() })
    .where(eq(emailSubscribers.unsubscribeToken, token))
    .returning();
  return found(row);
}
