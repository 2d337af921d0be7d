import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";

export type MailTransport = Pick<Transporter, "sendMail" | "close">;

/** False when messages are only recorded in email_logs (no SMTP_URL): nobody receives them. */
export function deliversEmail(config: Pick<Config, "smtpUrl">): boolean {
  return Boolean(config.smtpUrl);
}

/** SMTP when SMTP_URL is set; otherwise null: messages are only recorded in email_logs. */
export function createMailTransport(config: Pick<Config, "smtpUrl">): MailTransport | null {
  if (!config.smtpUrl) return null;
  return nodemailer.createTransport(config.smtpUrl);
}
