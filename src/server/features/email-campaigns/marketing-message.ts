import { format } from "date-fns";
import { marketingVariables } from "../../../shared/schemas/email-templates";
import type { Db } from "../../db/client";
import type { EditableEmail } from "../../email/editable-email";
import { oneClickUnsubscribeUrl, preferencesUrl, unsubscribeUrl } from "../../email/subscriber-links";
import { getCurrentRetreat } from "../retreats/retreats.service";

/**
 * Campaign and marketing-template messages: the variables they may use, the footer every one of
 * them carries (why you get this, unsubscribe, preferences) and the per-recipient data.
 */

export const marketingVariableNames = marketingVariables.map((v) => v.name);

const linkStyle = "color:#4f6b3f;";
const marketingFooter = `<p style="margin:0 0 8px;">You're receiving this because you subscribed to news about {{ retreatName }} at {{ publicUrl }}.</p>
<p style="margin:0;"><a href="{{ unsubscribeUrl }}" style="${linkStyle}">Unsubscribe</a> · <a href="{{ preferencesUrl }}" style="${linkStyle}">Manage your email preferences</a></p>`;

/** A campaign's or marketing template's text with the footer and variables every one of them has. */
export function marketingEmail(parts: { subject: string; content: string }): EditableEmail {
  return { subject: parts.subject, body: parts.content, footer: marketingFooter, variables: marketingVariableNames };
}

/** What every recipient's message shares: the site and the current retreat. */
export type MarketingContext = { publicUrl: string; retreatName: string; retreatDates: string };

export async function loadMarketingContext(db: Db, publicUrl: string): Promise<MarketingContext> {
  const retreat = await getCurrentRetreat(db);
  const dates =
    retreat?.startDate && retreat.endDate
      ? `${format(new Date(retreat.startDate), "d MMMM")} to ${format(new Date(retreat.endDate), "d MMMM yyyy")}`
      : "to be announced";
  return { publicUrl, retreatName: retreat?.name ?? "our retreat", retreatDates: dates };
}

export type MarketingRecipient = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  unsubscribeToken: string;
};

/** The Liquid data for one recipient (every name in marketingVariables, plus the footer's publicUrl). */
export function marketingData(recipient: MarketingRecipient, ctx: MarketingContext): Record<string, string> {
  return {
    firstName: recipient.firstName?.trim() || "there",
    lastName: recipient.lastName?.trim() ?? "",
    email: recipient.email,
    retreatName: ctx.retreatName,
    retreatDates: ctx.retreatDates,
    applyUrl: `${ctx.publicUrl}/#apply`,
    unsubscribeUrl: unsubscribeUrl(ctx.publicUrl, recipient.unsubscribeToken),
    preferencesUrl: preferencesUrl(ctx.publicUrl, recipient.unsubscribeToken),
    publicUrl: ctx.publicUrl,
  };
}

/** Data for previews: the sample values, with the real retreat and site. */
export function sampleMarketingData(ctx: MarketingContext): Record<string, string> {
  const sample = Object.fromEntries(marketingVariables.map((v) => [v.name, v.sample]));
  return { ...sample, retreatName: ctx.retreatName, retreatDates: ctx.retreatDates, publicUrl: ctx.publicUrl };
}

/** Data for checking a text before it is saved or sent: every variable's sample. */
export const marketingCheckData = (() => {
  const sample = (name: string) => marketingVariables.find((variable) => variable.name === name)?.sample ?? "";
  return sampleMarketingData({
    publicUrl: "https://example.com",
    retreatName: sample("retreatName"),
    retreatDates: sample("retreatDates"),
  });
})();

/**
 * RFC 2369 / RFC 8058 headers for one recipient: mail providers show an unsubscribe button and
 * POST "List-Unsubscribe=One-Click" to the https address, without cookies.
 */
export function listUnsubscribeHeaders(publicUrl: string, token: string, campaignId?: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl(publicUrl, token, campaignId)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
