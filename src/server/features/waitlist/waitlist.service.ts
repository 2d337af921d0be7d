import type { z } from "zod";
import { splitFullName } from "../../../shared/schemas/applications";
import { spamMessage } from "../../../shared/schemas/common";
import type { waitlistSchema } from "../../../shared/schemas/waitlist";
import type { Db } from "../../db/client";
import { currentRetreatIdSql } from "../../db/current-retreat";
import { enqueueEmailsInTransaction, queueEmail } from "../../email/outbox";
import { preferencesUrl } from "../../email/subscriber-links";
import { renderSystemEmail } from "../../email/system-templates";
import { AppError } from "../../http/errors";
import type { JobQueue } from "../../jobs/queue";
import { upsertSubscriber } from "../email-preferences/subscribers.service";

export type WaitlistEntry = z.output<typeof waitlistSchema>;

export const waitlistSuccessMessage = "You're now on our priority waitlist for Bali 2026 updates.";
const waitlistTag = "waitlist";

/**
 * Adds the address to the waitlist in one transaction (subscriber + welcome email in the outbox).
 * Joining again changes nothing and sends nothing; an existing subscriber keeps a further-along
 * segment and every unsubscribe choice. Returns the outbox ids to dispatch after commit.
 */
export async function joinWaitlist(
  db: Db,
  entry: WaitlistEntry,
  ctx: {
    clientIp: string;
    publicUrl: string;
    /** Given (the route): the welcome's send job is stored in this transaction too (decision 020). */
    queue?: JobQueue | null;
  },
): Promise<{ emailLogIds: string[] }> {
  if (entry.website) throw new AppError("bad_request", spamMessage);
  const { firstName, lastName } = splitFullName(entry.name);
  return db.transaction(async (tx) => {
    const { subscriber, previous } = await upsertSubscriber(tx, {
      email: entry.email,
      firstName,
      lastName,
      segment: "waitlist",
      source: "waitlist_form",
      // The form says joining means agreeing to receive updates.
      consent: { ip: ctx.clientIp, at: new Date() },
      marketingEmails: true,
      tag: waitlistTag,
      overwriteNames: false,
    });
    const alreadyOnWaitlist =
      previous !== null && (previous.segment === "waitlist" || previous.tags.includes(waitlistTag));
    if (alreadyOnWaitlist || subscriber.globallyUnsubscribed) return { emailLogIds: [] };
    // The waitlist is the public site's: its season's copy of the welcome names that season
    // (the current retreat is looked up inside the template's query: one round trip, not two).
    const email = await renderSystemEmail(
      tx,
      "waitlist_welcome",
      {
        firstName: subscriber.firstName || firstName,
        applyUrl: `${ctx.publicUrl}/#apply`,
        publicUrl: ctx.publicUrl,
        preferencesUrl: preferencesUrl(ctx.publicUrl, subscriber.unsubscribeToken),
      },
      { retreatId: currentRetreatIdSql() },
    );
    // Switched off by staff: the person is still on the waitlist, just not welcomed by email.
    if (!email) return { emailLogIds: [] };
    const id = await queueEmail(tx, { to: subscriber.email, name: entry.name, email, kind: "waitlist_welcome" });
    await enqueueEmailsInTransaction(tx, ctx.queue, [id]);
    return { emailLogIds: [id] };
  });
}
