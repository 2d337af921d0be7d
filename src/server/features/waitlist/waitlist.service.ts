import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { splitFullName } from "../../../shared/schemas/applications";
import { spamMessage } from "../../../shared/schemas/common";
import type { waitlistSchema } from "../../../shared/schemas/waitlist";
import type { Database, Db } from "../../db/client";
import { currentRetreatIdSql } from "../../db/current-retreat";
import { preparedStatement } from "../../db/prepared-statement";
import { emailSubscribers } from "../../db/schema";
import {
  checkStatementJobs,
  enqueueEmailsInTransaction,
  outboxStatementCtes,
  outboxStatementValues,
  queueEmail,
} from "../../email/outbox";
import { preferencesUrl } from "../../email/subscriber-links";
import {
  cachedSystemTemplateRow,
  forgetCachedSystemTemplateRow,
  stillAppliesSql,
  stillAppliesValues,
} from "../../email/system-template-cache";
import { renderSystemEmail, renderSystemTemplate } from "../../email/system-templates";
import { AppError } from "../../http/errors";
import type { JobQueue } from "../../jobs/queue";
import { upsertSubscriber } from "../email-preferences/subscribers.service";

export type WaitlistEntry = z.output<typeof waitlistSchema>;

export const waitlistSuccessMessage = "You're now on our priority waitlist for Bali 2026 updates.";
const waitlistTag = "waitlist";

type WaitlistContext = {
  clientIp: string;
  publicUrl: string;
  /** Given (the route): the welcome's send job is stored in the same commit (decision 020). */
  queue?: JobQueue | null;
};

const p = (name: string) => sql.placeholder(name);

/**
 * A new address joining, in one statement (its own transaction, one durable commit): the
 * subscriber exactly as upsertSubscriber inserts one, the welcome in the outbox and its send job,
 * all only if the welcome's template row is still the one the email was rendered from (else
 * nothing is stored). An address already known stores nothing here (ON CONFLICT DO NOTHING, as
 * upsertSubscriber's first step), and joinWaitlist then merges it in a transaction.
 */
const joinNewAddress = [false, true].map((withJobs) =>
  preparedStatement(
    "rhq_waitlist_join",
    sql`with fresh as (select ${stillAppliesSql("waitlist_welcome", currentRetreatIdSql(), "tpl_")} as ok),
  new_subscriber as (
    insert into ${emailSubscribers} (email, first_name, last_name, segment, source, tags, marketing_emails,
      consent_at, consent_ip, unsubscribe_token)
    select ${p("email")}::text, ${p("firstName")}::text, ${p("lastName")}::text, 'waitlist', 'waitlist_form',
      array[${waitlistTag}::text], true, ${p("consentAt")}::timestamptz, ${p("consentIp")}::text,
      ${p("unsubscribeToken")}::text
    from fresh where fresh.ok
    on conflict do nothing
    returning id
  ),
  ${outboxStatementCtes("welcome", sql`select 1 from new_subscriber`, "mail_", withJobs)}
  select (select ok from fresh) as fresh, (select count(*)::int from new_subscriber) as subscribers,
    (select count(*)::int from welcome) as emails, (select count(*)::int from welcome_jobs) as jobs`,
  ),
);

/**
 * The public form's join (POST /api/waitlist): a new address in one statement (joinNewAddress),
 * with the welcome rendered beforehand from the cached template row; anything else (a known
 * address, a template edited since it was cached) through joinWaitlist's transaction. Same
 * outcome as joinWaitlist in every case.
 */
export async function joinWaitlistFromForm(
  database: Database,
  entry: WaitlistEntry,
  ctx: WaitlistContext,
): Promise<void> {
  if (entry.website) throw new AppError("bad_request", spamMessage);
  const { firstName, lastName } = splitFullName(entry.name);
  const row = await cachedSystemTemplateRow(database.db, "waitlist_welcome", "current", {
    retreatId: currentRetreatIdSql(),
  });
  // The format of the column's default: 64 hex characters.
  const unsubscribeToken = randomBytes(32).toString("hex");
  const email = await renderSystemTemplate("waitlist_welcome", row, {
    firstName,
    applyUrl: `${ctx.publicUrl}/#apply`,
    publicUrl: ctx.publicUrl,
    preferencesUrl: preferencesUrl(ctx.publicUrl, unsubscribeToken),
  });
  const mail = outboxStatementValues(
    "mail_",
    email && { to: entry.email, name: entry.name, email, kind: "waitlist_welcome" },
    ctx.queue,
  );
  const [outcome] = await joinNewAddress[ctx.queue ? 1 : 0]!.run<{
    fresh: boolean;
    subscribers: number;
    emails: number;
    jobs: number;
  }>(database.executor, {
    ...stillAppliesValues("tpl_", row),
    ...mail.values,
    email: entry.email,
    firstName: firstName || null,
    lastName: lastName || null,
    consentAt: new Date().toISOString(),
    consentIp: ctx.clientIp,
    unsubscribeToken,
  });
  if (!outcome!.fresh) forgetCachedSystemTemplateRow("waitlist_welcome", "current");
  if (outcome!.subscribers === 1) {
    checkStatementJobs(outcome!, ctx.queue);
    return;
  }
  await joinWaitlist(database.db, entry, ctx);
}

/**
 * Adds the address to the waitlist in one transaction (subscriber + welcome email in the outbox).
 * Joining again changes nothing and sends nothing; an existing subscriber keeps a further-along
 * segment and every unsubscribe choice. Returns the outbox ids to dispatch after commit.
 */
export async function joinWaitlist(
  db: Db,
  entry: WaitlistEntry,
  ctx: WaitlistContext,
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
