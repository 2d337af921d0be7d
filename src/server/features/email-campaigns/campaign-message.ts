import type { SendMailOptions } from "nodemailer";
import type { Db } from "../../db/client";
import type { EmailCampaign } from "../../db/schema";
import type { EditableEmail } from "../../email/editable-email";
import { renderDeliveryInSandbox } from "../../email/email-sandbox";
import type { RenderedEmail } from "../../email/render";
import {
  listUnsubscribeHeaders,
  loadMarketingContext,
  type MarketingContext,
  type MarketingRecipient,
  marketingCheckData,
  marketingData,
  marketingEmail,
} from "./marketing-message";

/**
 * One campaign, ready to render per recipient: its text checked once per sender run (the
 * sandbox compiles each text once, not per message), the retreat read once.
 */
export type PreparedCampaign = {
  id: string;
  text: EditableEmail;
  context: MarketingContext;
  from: { name: string; address: string };
  replyTo: string | null;
  publicUrl: string;
};

type CampaignFields = Pick<EmailCampaign, "id" | "subject" | "content" | "fromName" | "fromEmail" | "replyTo">;

/** Rejects with a 400 AppError when the text no longer renders (see renderDeliveryInSandbox). */
export async function prepareCampaign(db: Db, campaign: CampaignFields, publicUrl: string): Promise<PreparedCampaign> {
  const text = marketingEmail({ subject: campaign.subject, content: campaign.content ?? "" });
  await renderDeliveryInSandbox(text, marketingCheckData);
  return {
    id: campaign.id,
    text,
    context: await loadMarketingContext(db, publicUrl),
    from: { name: campaign.fromName, address: campaign.fromEmail },
    replyTo: campaign.replyTo || null,
    publicUrl,
  };
}

/**
 * Deterministic, so a message can be matched to its email_sends row (provider events report it)
 * and so a retried attempt carries the same id: receivers treat the two as one message.
 */
export function campaignMessageId(emailSendId: string, publicUrl: string): string {
  return `<send-${emailSendId}@${new URL(publicUrl).hostname}>`;
}

export function recipientName(recipient: Pick<MarketingRecipient, "firstName" | "lastName">): string | null {
  return [recipient.firstName?.trim(), recipient.lastName?.trim()].filter(Boolean).join(" ") || null;
}

export async function renderForRecipient(
  campaign: PreparedCampaign,
  recipient: MarketingRecipient,
): Promise<RenderedEmail> {
  return (await renderDeliveryInSandbox(campaign.text, marketingData(recipient, campaign.context))).email;
}

/**
 * The SMTP message for one recipient. With a subscriber token it carries RFC 8058 one-click
 * unsubscribe headers (mail providers show an unsubscribe button and require them for bulk mail).
 */
export function campaignMail(
  campaign: Pick<PreparedCampaign, "id" | "from" | "replyTo" | "publicUrl">,
  to: { address: string; name: string | null; unsubscribeToken: string | null },
  rendered: RenderedEmail,
  messageId?: string,
): SendMailOptions {
  return {
    from: campaign.from,
    ...(campaign.replyTo ? { replyTo: campaign.replyTo } : {}),
    to: to.name ? { name: to.name, address: to.address } : to.address,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    ...(messageId ? { messageId } : {}),
    ...(to.unsubscribeToken
      ? { headers: listUnsubscribeHeaders(campaign.publicUrl, to.unsubscribeToken, campaign.id) }
      : {}),
  };
}
