import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";

export type MailTransport = Pick<Transporter, "sendMail" | "close">;

/** False when messages are only recorded in email_logs (no SMTP_URL): nobody receives them. */
export function deliversEmail(config: Pick<Config, "smtpUrl">): boolean {
  return Boolean(config.smtpUrl);
}

/**
 * SMTP when SMTP_URL is set; otherwise null: messages are only recorded in email_logs.
 *
 * Pooled: connections stay open between messages. A fresh connection per message (connect,
 * greeting, EHLO, QUIT) cost ~100 ms even against a local server, so the outbox drained about ten
 * messages a second; reused, a message takes a few milliseconds plus the provider's answer.
 * Timeouts are far below the 10 minutes after which the recovery sweeps treat a message as
 * interrupted, so a hung connection fails the attempt instead of leaving its fate unknown.
 * Options in SMTP_URL's query (e.g. `?pool=false`) take precedence.
 */
export function createMailTransport(
  config: Pick<Config, "smtpUrl">,
  options: { connections: number; messagesPerConnection?: number } = { connections: 1 },
): MailTransport | null {
  if (!config.smtpUrl) return null;
  return nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: options.connections,
    maxMessages: options.messagesPerConnection ?? 1000,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}
