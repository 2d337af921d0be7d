import { and, arrayOverlaps, type Column, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { CampaignType } from "../../../shared/schemas/email-campaigns";
import { emailSubscribers } from "../../db/schema";

/** Who a campaign is aimed at; the same three fields on a campaign row and on an audience request. */
export type CampaignTargeting = {
  campaignType: string;
  targetSegments: readonly string[];
  targetTags: readonly string[];
};

const consentColumn: Record<CampaignType, Column> = {
  marketing: emailSubscribers.marketingEmails,
  application: emailSubscribers.applicationEmails,
  system: emailSubscribers.systemNotifications,
};

/**
 * The person still wants this kind of message: active (bounced and complained addresses are not),
 * not globally unsubscribed, and the preference for the campaign type on. Checked at fan-out and
 * again just before each message goes, so an unsubscribe during a long send is honoured.
 */
export function consentCondition(campaignType: string): SQL {
  const column = consentColumn[campaignType as CampaignType];
  // An unknown type (never accepted by the API) reaches nobody rather than everybody.
  if (!column) return sql`false`;
  return and(
    eq(emailSubscribers.status, "active"),
    eq(emailSubscribers.globallyUnsubscribed, false),
    eq(column, true),
  ) as SQL;
}

/**
 * THE eligibility rule for a campaign, as a condition on email_subscribers: used by the audience
 * count, the send-time check of the API and the fan-out INSERT ... SELECT, so all three agree.
 */
export function eligibilityCondition(targeting: CampaignTargeting): SQL {
  return and(
    consentCondition(targeting.campaignType),
    targeting.targetSegments.length > 0 ? inArray(emailSubscribers.segment, [...targeting.targetSegments]) : undefined,
    targeting.targetTags.length > 0 ? arrayOverlaps(emailSubscribers.tags, [...targeting.targetTags]) : undefined,
  ) as SQL;
}
