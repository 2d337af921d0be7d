import nodemailer from "nodemailer";
import type { Config } from "../../config";
import type { MailTransport } from "../../email/transport";

/** SMTP connections kept open for campaigns: messages go out in parallel without a handshake each. */
export const campaignConnections = 4;

/**
 * The campaign sender's own pooled SMTP transport (the outbox keeps its simple one). Timeouts are
 * far below the 10 minutes after which the recovery sweep treats a message as interrupted, so a
 * hung connection fails the attempt instead of leaving its fate unknown.
 */
export function createCampaignTransport(config: Pick<Config, "smtpUrl">): MailTransport | null {
  if (!config.smtpUrl) return null;
  return nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: campaignConnections,
    maxMessages: 1000,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}
