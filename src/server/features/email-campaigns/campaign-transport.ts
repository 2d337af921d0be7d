import type { Config } from "../../config";
import { createMailTransport, type MailTransport } from "../../email/transport";

/** SMTP connections kept open for campaigns: messages go out in parallel without a handshake each. */
export const campaignConnections = 4;

/** The campaign sender's own SMTP pool, apart from the outbox's so a campaign never queues a confirmation behind it. */
export function createCampaignTransport(config: Pick<Config, "smtpUrl">): MailTransport | null {
  return createMailTransport(config, { connections: campaignConnections });
}
