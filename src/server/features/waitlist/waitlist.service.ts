import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
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
import type { FieldCipher } from "../../encryption/field-encryption";
import { AppError } from "../../http/errors";
import type { StatementHit } from "../../http/form-rate-limit";
import type { JobQueue } from "../../jobs/queue";
import { sealJobData, unsealJobData } from "../../jobs/sealed-job-data";
import { upsertSubscriber } from "../email-preferences/subscribers.service";
import {
  acceptFormSubmission,
  formIntakeQueues,
  type IntakeJobData,
  intakeFiledCte,
  intakeOpenCte,
  intakeStillOpen,
  markIntakeFiled,
  unsealSubmission,
} from "../public-forms/form-intake.service";

export type WaitlistEntry = z.output<typeof waitlistSchema>;

export const waitlistSuccessMessage = "You're now on our priority waitlist for Bali 2026 updates.";
const waitlistTag = "waitlist";

type WaitlistContext = {
  clientIp: string;
  publicUrl: string;
  /** Given (the route): the welcome's send job is stored in the same commit (decision 020). */
  queue?: JobQueue | null;
  /** When the person submitted the form (the consent's time); now when not given. */
  at?: Date;
  /** The intake job this join files: its sealed copy goes with the join's commit (form-intake.service.ts). */
  intakeJobId?: string;
};

/** The form's context: the cipher seals what a known address's merge job carries. */
type WaitlistFormContext = WaitlistContext & { cipher: FieldCipher };

/** What the form's intake job carries, sealed: the entry as validated, who sent it and when. */
type WaitlistSubmission = { entry: WaitlistEntry; clientIp: string; at: string };

/**
 * A known address joining through the form is merged by this job (mergeKnownWaitlistAddress),
 * stored by the form's one statement: the request does the same work for every address, so its
 * timing does not tell whether an address is already on the list.
 */
export const waitlistKnownAddressJob = "waitlist.known-address";

type KnownAddressJobData = { subscriberId: string; sealed: string; at: string };
type KnownAddressSealed = { name: string; clientIp: string };

const p = (name: string) => sql.placeholder(name);

/**
 * The form's join in one statement (its own transaction, one durable commit), only if the
 * welcome's template row is still the one the email was rendered from (else nothing is stored).
 * A new address: the subscriber exactly as upsertSubscriber inserts one, the welcome in the outbox
 * and its send job. A known address (with a queue): the job that merges it (its name and address
 * sealed). An address that became known meanwhile (the insert yields, ON CONFLICT DO NOTHING as
 * upsertSubscriber's first step) or no queue: nothing, and joinWaitlist's transaction merges it.
 * With a queue (the worker filing the form's intake job), the intake's sealed copy goes in the
 * same commit as whatever it stored.
 */
const joinStatementSql = (withJobs: boolean, filing: boolean) =>
  preparedStatement(
    filing ? "rhq_waitlist_file" : "rhq_waitlist_join",
    sql`with fresh as (select ${stillAppliesSql("waitlist_welcome", currentRetreatIdSql(), "tpl_")} as ok)
  ${filing ? intakeOpenCte(formIntakeQueues.waitlist) : sql``},
  known as (
    select ${emailSubscribers.id} as id from ${emailSubscribers}
    where lower(${emailSubscribers.email}) = lower(${p("email")}::text)
  ),
  new_subscriber as (
    insert into ${emailSubscribers} (email, first_name, last_name, segment, source, tags, marketing_emails,
      consent_at, consent_ip, unsubscribe_token)
    select ${p("email")}::text, ${p("firstName")}::text, ${p("lastName")}::text, 'waitlist', 'waitlist_form',
      array[${waitlistTag}::text], true, ${p("consentAt")}::timestamptz, ${p("consentIp")}::text,
      ${p("unsubscribeToken")}::text
    from fresh where fresh.ok and ${filing ? intakeStillOpen : sql`true`} and not exists (select 1 from known)
    on conflict do nothing
    returning id
  ),
  merge as (
    select ${waitlistKnownAddressJob}::text as name,
      json_build_object('subscriberId', known.id, 'sealed', ${p("sealed")}::text, 'at', ${p("consentAt")}::text) as data,
      ${p("mail_retryLimit")}::int as retry_limit, ${p("mail_retryDelay")}::int as retry_delay,
      ${p("mail_retryBackoff")}::boolean as retry_backoff
    from known, fresh where fresh.ok and ${filing ? intakeStillOpen : sql`true`}
  ),
  ${outboxStatementCtes("welcome", sql`select 1 from new_subscriber`, "mail_", withJobs, sql`select * from merge`)}
  ${filing ? intakeFiledCte(formIntakeQueues.waitlist, sql`select 1 from new_subscriber union all select 1 from merge`) : sql``}
  select (select ok from fresh) as fresh, (select count(*)::int from new_subscriber) as subscribers,
    (select count(*)::int from welcome) as emails, (select count(*)::int from welcome_jobs) as jobs,
    (select count(*)::int from merge) as merges`,
  );
/** Without a queue, with one, and filing an intake (always with one). */
const joinStatement = {
  direct: [false, true].map((withJobs) => joinStatementSql(withJobs, false)),
  filing: joinStatementSql(true, true),
};

/**
 * The welcome's scope: the current retreat, as a subquery built once rather than by drizzle on every
 * request (it is only read when the template row is not cached).
 */
const currentRetreatScope = { retreatId: currentRetreatIdSql() };

/**
 * The public form's answer (POST /api/waitlist) with a queue: the entry stored as its intake job
 * (form-intake.service.ts), one statement with the rate-limit hit, the same for every address; the worker
 * files it (fileWaitlistSubmission) a moment later.
 */
export async function acceptWaitlistForm(
  database: Database,
  entry: WaitlistEntry,
  ctx: { clientIp: string; queue: JobQueue; cipher: FieldCipher; rateLimit?: StatementHit },
): Promise<void> {
  if (entry.website) throw new AppError("bad_request", spamMessage);
  const submission: WaitlistSubmission = { entry, clientIp: ctx.clientIp, at: new Date().toISOString() };
  await acceptFormSubmission(database, formIntakeQueues.waitlist, submission, ctx);
}

/** The worker's filing of one intake job: the join, as the form's statement makes it. */
export async function fileWaitlistSubmission(
  database: Database,
  data: IntakeJobData,
  jobId: string,
  ctx: { publicUrl: string; queue: JobQueue; cipher: FieldCipher },
): Promise<void> {
  const submission = unsealSubmission<WaitlistSubmission>(ctx.cipher, formIntakeQueues.waitlist, data);
  if (!submission) return;
  await joinWaitlistFromForm(database, submission.entry, {
    ...ctx,
    clientIp: submission.clientIp,
    at: new Date(submission.at),
    intakeJobId: jobId,
  });
}

/**
 * The form's join, filed by the worker from its intake job or, without a queue (PGlite without a
 * worker), in the request: one statement (joinStatement), with the welcome rendered beforehand
 * from the cached template row; a known address's merge is its job. Anything else (a template
 * edited since it was cached, an address that became known meanwhile, no queue) through
 * joinWaitlist's transaction. Same outcome as joinWaitlist in every case.
 */
export async function joinWaitlistFromForm(
  database: Database,
  entry: WaitlistEntry,
  ctx: WaitlistFormContext,
): Promise<void> {
  if (entry.website) throw new AppError("bad_request", spamMessage);
  const { firstName, lastName } = splitFullName(entry.name);
  const row = await cachedSystemTemplateRow(database.db, "waitlist_welcome", "current", currentRetreatScope);
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
  if (ctx.queue && !ctx.queue.createdAtStart(waitlistKnownAddressJob)) {
    throw new Error(`Queue ${waitlistKnownAddressJob} is not created at start-up; add it to the queue's \`queues\``);
  }
  const sealed: KnownAddressSealed = { name: entry.name, clientIp: ctx.clientIp };
  const statement = ctx.intakeJobId ? joinStatement.filing : joinStatement.direct[ctx.queue ? 1 : 0]!;
  if (ctx.intakeJobId && !ctx.queue) throw new Error("Filing an intake needs the queue");
  const [outcome] = await statement.run<{
    fresh: boolean;
    subscribers: number;
    emails: number;
    jobs: number;
    merges: number;
  }>(database.executor, {
    ...stillAppliesValues("tpl_", row),
    ...mail.values,
    email: entry.email,
    firstName: firstName || null,
    lastName: lastName || null,
    consentAt: (ctx.at ?? new Date()).toISOString(),
    consentIp: ctx.clientIp,
    unsubscribeToken,
    sealed: sealJobData(ctx.cipher, waitlistKnownAddressJob, sealed),
    intakeJobId: ctx.intakeJobId ?? null,
  });
  if (!outcome!.fresh) forgetCachedSystemTemplateRow(database.db, "waitlist_welcome", "current");
  // `jobs` counts the welcome's send job and the merge job, stored by one insert.
  if (outcome!.subscribers === 1) {
    checkStatementJobs({ emails: outcome!.emails, jobs: outcome!.jobs - outcome!.merges }, ctx.queue);
    return;
  }
  if (outcome!.merges === 1 && outcome!.jobs === 1) return;
  await joinWaitlist(database.db, entry, ctx);
}

/**
 * The job of a known address that joined through the form: joinWaitlist's merge, with the
 * form's name, address and time. Nothing when the subscriber is gone meanwhile (erased).
 */
export async function mergeKnownWaitlistAddress(
  db: Db,
  data: KnownAddressJobData,
  ctx: { publicUrl: string; queue: JobQueue | null; cipher: FieldCipher },
): Promise<void> {
  const { name, clientIp } = unsealJobData<KnownAddressSealed>(ctx.cipher, waitlistKnownAddressJob, data.sealed);
  const [subscriber] = await db
    .select({ email: emailSubscribers.email })
    .from(emailSubscribers)
    .where(eq(emailSubscribers.id, data.subscriberId));
  if (!subscriber) return;
  await joinWaitlist(
    db,
    { name, email: subscriber.email },
    { clientIp, publicUrl: ctx.publicUrl, queue: ctx.queue, at: new Date(data.at) },
  );
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
    // Filed by another run already (a stalled intake taken again): nothing more to do.
    if (ctx.intakeJobId && !(await markIntakeFiled(tx, { name: formIntakeQueues.waitlist, jobId: ctx.intakeJobId }))) {
      return { emailLogIds: [] };
    }
    const { subscriber, previous } = await upsertSubscriber(tx, {
      email: entry.email,
      firstName,
      lastName,
      segment: "waitlist",
      source: "waitlist_form",
      // The form says joining means agreeing to receive updates.
      consent: { ip: ctx.clientIp, at: ctx.at ?? new Date() },
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
