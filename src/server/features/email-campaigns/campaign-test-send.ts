import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailCampaigns, emailLogs, emailSubscribers } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { addressOf } from "../../email/address";
import { claimOutboxRow, type DeliveryResult, emailStatus, failedSend } from "../../email/delivery";
import { queueEmail } from "../../email/outbox";
import type { RenderedEmail } from "../../email/render";
import type { MailTransport } from "../../email/transport";
import { campaignMail } from "./campaign-message";

export const campaignTestKind = "campaign_test";

/**
 * Records a "[Test]" copy in the outbox (email_logs, kind campaign_test, tagged with the
 * campaign) in the caller's transaction; the campaign.test-send job delivers it after commit.
 */
export async function queueCampaignTest(
  tx: DbOrTx,
  message: { campaignId: string; to: string; name: string | null; email: RenderedEmail },
): Promise<string> {
  const id = await queueEmail(tx, { to: message.to, name: message.name, email: message.email, kind: campaignTestKind });
  await tx.update(emailLogs).set({ campaignId: message.campaignId }).where(eq(emailLogs.id, id));
  return id;
}

type Context = { db: Db; transport: MailTransport | null; publicUrl: string; defaultFrom: string };

/**
 * Delivers one test copy the way the campaign's real messages go: its From and Reply-To, and the
 * one-click unsubscribe headers when the address belongs to a subscriber. Claimed with one
 * conditional UPDATE like every outbox row, so a repeated job never sends it twice.
 */
export async function deliverCampaignTest(ctx: Context, emailLogId: string): Promise<DeliveryResult> {
  const row = await claimOutboxRow(ctx.db, emailLogId);
  if (!row) return "skipped";
  if (!ctx.transport) {
    await ctx.db
      .update(emailLogs)
      .set({ status: emailStatus.logged, errorMessage: null })
      .where(eq(emailLogs.id, row.id));
    return "logged";
  }

  const [campaign] = row.campaignId
    ? await ctx.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, row.campaignId))
    : [];
  const [subscriber] = await ctx.db
    .select({ unsubscribeToken: emailSubscribers.unsubscribeToken })
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = lower(${row.recipientEmail})`);
  const sender = campaign
    ? { id: campaign.id, from: { name: campaign.fromName, address: campaign.fromEmail }, replyTo: campaign.replyTo }
    : { id: "", from: { name: "", address: addressOf(ctx.defaultFrom) }, replyTo: null };
  const html = row.body ?? "";
  try {
    await ctx.transport.sendMail(
      campaignMail(
        { ...sender, publicUrl: ctx.publicUrl },
        {
          address: row.recipientEmail,
          name: row.recipientName,
          unsubscribeToken: subscriber?.unsubscribeToken ?? null,
        },
        { subject: row.subject, html, text: row.textBody ?? "" },
      ),
    );
  } catch (error) {
    return failedSend(ctx.db, row.id, error);
  }
  await ctx.db
    .update(emailLogs)
    .set({ status: emailStatus.sent, sentAt: new Date(), errorMessage: null })
    .where(eq(emailLogs.id, row.id));
  return "sent";
}
