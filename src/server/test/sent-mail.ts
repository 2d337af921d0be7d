import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { emailLogs } from "../db/schema";
import { deliverEmail } from "../email/delivery";
import type { MailTransport } from "../email/transport";

export type SentMail = { to: string; subject: string; text: string; html: string };

/**
 * Sends one outbox row through the product's own delivery code and returns the message it handed
 * to the transport: where tests read a credential link, since the stored row only shows markers.
 * The row ends "sent", as after a real send.
 */
export async function sendOutboxRow(app: FastifyInstance, emailLogId: string): Promise<SentMail> {
  let sent: SentMail | undefined;
  const transport: MailTransport = {
    sendMail: async (message: Record<string, unknown>) => {
      const to = message.to as string | { address: string };
      sent = {
        to: typeof to === "string" ? to : to.address,
        subject: String(message.subject),
        text: String(message.text),
        html: String(message.html),
      };
      return {};
    },
    close: () => {},
  } as unknown as MailTransport;
  const result = await deliverEmail(
    { db: app.db, transport, from: app.config.emailFrom, cipher: app.fieldCipher, publicUrl: app.config.publicUrl },
    emailLogId,
  );
  if (result !== "sent" || !sent) throw new Error(`outbox row ${emailLogId} was not sent (${result})`);
  return sent;
}

/** The outbox's one row, checked to be queued to `expected` (recipient and subject): what a form's confirmation leaves. */
export async function onlyQueuedEmail(
  app: FastifyInstance,
  expected: { recipientEmail: string; recipientName: string; subject: string },
) {
  const logs = await app.db.select().from(emailLogs);
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({ ...expected, status: "queued" });
  return logs[0]!;
}
