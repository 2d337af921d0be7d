import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { EmailWebhookPayload } from "../../../shared/schemas/email-outbox";
import type { Db } from "../../db/client";
import { type EmailSend, type EmailSubscriber, emailSends, emailSubscribers } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { refreshCampaignCounters } from "../email-campaigns";

type EmailEvent = EmailWebhookPayload["events"][number];
type SendChange = Partial<Pick<EmailSend, "status" | "deliveredAt" | "bouncedAt" | "complainedAt" | "errorMessage">>;
type SubscriberChange = Partial<
  Pick<
    EmailSubscriber,
    | "status"
    | "bouncedAt"
    | "complainedAt"
    | "marketingEmails"
    | "globallyUnsubscribed"
    | "unsubscribedAt"
    | "unsubscribeReason"
  >
>;

export const complaintReason = "Marked as spam";

/** Providers report the Message-ID with or without its angle brackets; we store it with them. */
function messageIdForms(messageId: string): string[] {
  const id = messageId.trim();
  if (!id) return [];
  return id.startsWith("<") ? [id] : [id, `<${id}>`];
}

/**
 * The campaign send the event is about: the one with the reported Message-ID, or without one, the
 * address's most recent send. A Message-ID that matches no send belongs to another message (a
 * transactional email), so it is not pinned on some unrelated campaign send.
 */
async function findSend(tx: DbOrTx, event: EmailEvent): Promise<EmailSend | undefined> {
  if (event.messageId !== undefined) {
    const forms = messageIdForms(event.messageId);
    if (forms.length === 0) return undefined;
    const [row] = await tx
      .select()
      .from(emailSends)
      .where(inArray(emailSends.sendgridMessageId, forms))
      .limit(1)
      .for("update");
    return row;
  }
  const [row] = await tx
    .select()
    .from(emailSends)
    .where(and(sql`lower(${emailSends.email}) = lower(${event.email})`, isNotNull(emailSends.sentAt)))
    .orderBy(desc(emailSends.sentAt), desc(emailSends.id))
    .limit(1)
    .for("update");
  return row;
}

async function findSubscriber(tx: DbOrTx, email: string): Promise<EmailSubscriber | undefined> {
  const [row] = await tx
    .select()
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = lower(${email})`)
    .limit(1)
    .for("update");
  return row;
}

/** Only the fields whose value would change: a replayed event writes nothing. */
function differences<T extends object>(row: T, wanted: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(wanted) as [keyof T, T[keyof T]][]) {
    const current = row[key];
    const same =
      current instanceof Date && value instanceof Date ? current.getTime() === value.getTime() : current === value;
    if (!same) out[key] = value;
  }
  return out;
}

function sendChange(send: EmailSend, event: EmailEvent, at: Date): SendChange {
  switch (event.type) {
    case "delivered":
      return { deliveredAt: send.deliveredAt ?? at };
    case "complaint":
      return { complainedAt: send.complainedAt ?? at };
    case "bounce":
      if (event.bounceType === "soft") {
        // A later hard bounce already says more than a temporary failure.
        if (send.status === "bounced") return {};
        return { errorMessage: `Soft bounce: ${event.reason?.trim() || "no reason given"}` };
      }
      return { status: "bounced", bouncedAt: send.bouncedAt ?? at };
  }
}

function subscriberChange(subscriber: EmailSubscriber, event: EmailEvent, at: Date): SubscriberChange {
  if (event.type === "complaint") {
    return {
      status: "complained",
      complainedAt: subscriber.complainedAt ?? at,
      marketingEmails: false,
      globallyUnsubscribed: true,
      unsubscribedAt: subscriber.unsubscribedAt ?? at,
      unsubscribeReason: complaintReason,
    };
  }
  if (event.type === "bounce" && event.bounceType !== "soft") {
    // Application and system emails keep their switches: campaigns skip anyone not active, and
    // the address may work again after the person fixes their mailbox.
    return {
      // A complaint is the stronger signal and stays the status.
      status: subscriber.status === "complained" ? subscriber.status : "bounced",
      bouncedAt: subscriber.bouncedAt ?? at,
      marketingEmails: false,
    };
  }
  return {};
}

export type EmailEventsResult = { processed: number; ignored: number };

/**
 * Applies a provider's event batch in one transaction. Idempotent: every timestamp keeps its first
 * value and rows already in the final state are not written, so a replayed batch changes nothing.
 * An event is processed when it concerns a known send or subscriber, ignored otherwise.
 */
export async function applyEmailEvents(db: Db, events: readonly EmailEvent[]): Promise<EmailEventsResult> {
  return db.transaction(async (tx) => {
    let processed = 0;
    const now = new Date();
    const campaignsTouched = new Set<string>();
    for (const event of events) {
      const at = event.occurredAt ? new Date(event.occurredAt) : now;
      const send = await findSend(tx, event);
      const subscriber = await findSubscriber(tx, event.email);
      if (!send && !subscriber) continue;
      processed += 1;
      if (send) {
        const change = differences(send, sendChange(send, event, at));
        if (Object.keys(change).length > 0) {
          await tx.update(emailSends).set(change).where(eq(emailSends.id, send.id));
          if (send.campaignId) campaignsTouched.add(send.campaignId);
        }
      }
      if (subscriber) {
        const change = differences(subscriber, subscriberChange(subscriber, event, at));
        if (Object.keys(change).length > 0) {
          await tx.update(emailSubscribers).set(change).where(eq(emailSubscribers.id, subscriber.id));
        }
      }
    }
    // A bounce changes the campaign's figures: its stored counters follow in the same commit.
    for (const campaignId of [...campaignsTouched].sort()) await refreshCampaignCounters(tx, campaignId);
    return { processed, ignored: events.length - processed };
  });
}
