import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ApplicationSubmission } from "../../../shared/schemas/applications";
import { spamMessage } from "../../../shared/schemas/common";
import type { Database, Db } from "../../db/client";
import { perDatabase } from "../../db/per-database";
import { preparedStatement, sqlState } from "../../db/prepared-statement";
import { applications, emailLogs, emailSubscribers, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
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
import { activeRetreatStatuses } from "../retreats/retreats.service";

export const applicationReceivedMessage = "We'll review your application and get back to you within 2-3 days.";
export const noActiveRetreatMessage = "No active retreat found at this time.";

const orNull = (value: string) => value || null;

type SubmitContext = {
  clientIp: string;
  publicUrl: string;
  /** Given (the route): the confirmations' send jobs are stored in this transaction too (decision 020). */
  queue?: JobQueue | null;
  /** When the application was submitted (the consent's time); now when not given. */
  at?: Date;
  /** The application's id, given when it was answered before it was filed (the form's intake). */
  id?: string;
  /**
   * The intake job this filing files: its sealed copy goes with the filing's commit (form-intake.service.ts).
   * Its retreat was open when the intake accepted it, so it is filed even if the retreat closed
   * since (the applicant was told it was received), by the statement and the transaction alike.
   */
  intakeJobId?: string;
};

/** The public form's context: the cipher seals what a known address's job carries. */
type SubmitFormContext = SubmitContext & { cipher: FieldCipher };

/** What the form's intake job carries, sealed: the submission as validated, who sent it and when. */
type ApplicationSubmissionSealed = { input: ApplicationSubmission; clientIp: string; at: string };

/**
 * The applicant's subscriber and confirmation for an application from a known address, stored by
 * the form's one statement with the application (completeKnownAddressApplication): the request
 * does the same work for every address, so its timing does not tell whether one is known.
 */
export const applicationKnownAddressJob = "application.known-address";

type KnownAddressJobData = {
  applicationId: string;
  /** Whose subscriber and confirmation: the applicant's (address known) or the partner's (own address). */
  person?: "applicant" | "partner";
  sealed: string;
  at: string;
};
type KnownAddressSealed = { clientIp: string };

/**
 * Stores a public application in one transaction: the application, the applicant's (and for a
 * couple the partner's) subscriber record, and the confirmation emails in the outbox. All or
 * nothing. A repeated submission for the same address is a new application (people resubmit).
 * Returns the outbox ids to dispatch after commit.
 */
export async function submitApplication(
  db: Db,
  input: ApplicationSubmission,
  ctx: SubmitContext,
): Promise<{ id: string; emailLogIds: string[] }> {
  if (input.website) throw new AppError("bad_request", spamMessage);
  return db.transaction(async (tx) => {
    // Filed by another run already (a stalled intake taken again): the application stands under its id.
    if (
      ctx.intakeJobId &&
      !(await markIntakeFiled(tx, { name: formIntakeQueues.application, jobId: ctx.intakeJobId }))
    ) {
      return { id: ctx.id!, emailLogIds: [] };
    }
    const [retreat] = await tx
      .select({ id: retreats.id, name: retreats.name })
      .from(retreats)
      .where(
        ctx.intakeJobId
          ? eq(retreats.id, input.retreatId)
          : and(eq(retreats.id, input.retreatId), inArray(retreats.status, [...activeRetreatStatuses])),
      );
    if (!retreat) throw new AppError("not_found", noActiveRetreatMessage);

    const isCouple = input.applicationType === "couple";
    const [application] = await tx
      .insert(applications)
      .values({
        ...(ctx.id ? { id: ctx.id } : {}),
        retreatId: retreat.id,
        applicationType: input.applicationType,
        firstName: input.firstName,
        lastName: orNull(input.lastName),
        email: input.email,
        phone: orNull(input.phone),
        city: orNull(input.city),
        country: orNull(input.country),
        partnerFirstName: isCouple ? orNull(input.partnerFirstName) : null,
        partnerLastName: isCouple ? orNull(input.partnerLastName) : null,
        partnerEmail: isCouple ? orNull(input.partnerEmail) : null,
        partnerPhone: isCouple ? orNull(input.partnerPhone) : null,
        partnerCity: isCouple ? orNull(input.partnerCity) : null,
        partnerCountry: isCouple ? orNull(input.partnerCountry) : null,
        instagramHandle: orNull(input.instagramHandle),
        linkedinUrl: orNull(input.linkedinUrl),
        websiteUrl: orNull(input.websiteUrl),
        motivations: input.motivations,
        advocacyInvolvement: input.advocacyInvolvement,
        roomPreference: input.roomPreference ?? null,
        wantsVipUpgrade: input.wantsVipUpgrade,
        dietaryNotes: orNull(input.dietaryNotes),
        additionalInfo: orNull(input.additionalInfo),
        consentGdpr: input.consentGdpr,
        consentMarketing: input.consentMarketing,
        stage: "new",
        submittedAt: new Date(),
      })
      .returning({ id: applications.id });
    const applicationId = application!.id;

    const { applicantName, partnerName } = confirmationNames(input);
    const emailLogIds = [
      await subscribeAndConfirm(tx, ctx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        applicationId,
        consent: input.consentMarketing,
        mail: { applicantName, partnerName, retreatName: retreat.name, retreatId: retreat.id },
      }),
    ];
    const partnerHasOwnAddress =
      isCouple && input.partnerEmail && input.partnerEmail.toLowerCase() !== input.email.toLowerCase();
    if (partnerHasOwnAddress) {
      emailLogIds.push(
        await subscribeAndConfirm(tx, ctx, {
          email: input.partnerEmail,
          firstName: input.partnerFirstName,
          lastName: input.partnerLastName,
          applicationId,
          // The applicant ticked the consent boxes, not the partner: no marketing opt-in for them.
          consent: false,
          mail: { applicantName, partnerName, retreatName: retreat.name, retreatId: retreat.id },
        }),
      );
    }
    const queued = emailLogIds.filter((id): id is string => id !== null);
    await enqueueEmailsInTransaction(tx, ctx.queue, queued);
    return { id: applicationId, emailLogIds: queued };
  });
}

async function subscribeAndConfirm(
  tx: DbOrTx,
  ctx: SubmitContext,
  person: {
    email: string;
    firstName: string;
    lastName: string;
    applicationId: string;
    consent: boolean;
    mail: { applicantName: string; partnerName: string; retreatName: string; retreatId: string };
    /** Makes the confirmation's outbox row unique (a job that may run twice). */
    idempotencyKey?: string;
  },
): Promise<string | null> {
  const { subscriber } = await upsertSubscriber(tx, {
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    segment: "applicant",
    source: "application_form",
    applicationId: person.applicationId,
    consent: person.consent ? { ip: ctx.clientIp, at: ctx.at ?? new Date() } : null,
    marketingEmails: person.consent,
    overwriteNames: true,
  });
  // A confirmation of what the person just did is transactional: it is sent even to someone who
  // unsubscribed from other mail.
  const { retreatId, ...mail } = person.mail;
  const email = await renderSystemEmail(
    tx,
    "application_received",
    {
      firstName: person.firstName,
      ...mail,
      publicUrl: ctx.publicUrl,
      preferencesUrl: preferencesUrl(ctx.publicUrl, subscriber.unsubscribeToken),
    },
    { retreatId },
  );
  // Switched off by staff: the application stands, only the confirmation is not sent.
  if (!email) return null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ");
  return queueEmail(tx, {
    to: subscriber.email,
    name,
    email,
    kind: "application_received",
    idempotencyKey: person.idempotencyKey,
  });
}

const p = (name: string) => sql.placeholder(name);

type Name = string | null | undefined;

/** The names an application's confirmation shows: the applicant's, and for a couple the partner's. */
function confirmationNames(a: {
  applicationType: string;
  firstName: Name;
  lastName: Name;
  partnerFirstName: Name;
  partnerLastName: Name;
}) {
  const join = (...parts: Name[]) => parts.filter(Boolean).join(" ");
  return {
    applicantName: join(a.firstName, a.lastName),
    partnerName: a.applicationType === "couple" ? join(a.partnerFirstName, a.partnerLastName) : "",
  };
}

/**
 * The form's application in one statement (its own transaction, one durable commit), only if the
 * retreat is still open (or was when the intake accepted it) under the name the email was
 * rendered with and the template row is still
 * the one it was rendered from (else nothing is stored). The application as submitApplication
 * stores it; then from a new address the applicant's subscriber as upsertSubscriber inserts one,
 * the confirmation in the outbox and its send job, and from a known address (with a queue) the job
 * that subscribes and confirms them (completeKnownAddressApplication); a partner with an address of
 * their own always gets such a job, known or not. Without a queue a known address stores nothing.
 * A subscriber inserted meanwhile by a concurrent request fails the statement on the unique index
 * (nothing stored). submitApplication's transaction then does it. With a queue (the worker filing
 * the form's intake job), the intake's sealed copy goes in the same commit as the application.
 */
const submitStatementSql = (withJobs: boolean, filing: boolean) =>
  preparedStatement(
    filing ? "rhq_application_file" : "rhq_application_submit",
    sql`with retreat as (
      select ${retreats.id} as id from ${retreats}
      where ${retreats.id} = ${p("retreatId")}::uuid
        ${filing ? sql`` : sql`and ${inArray(retreats.status, [...activeRetreatStatuses])}`}
        and ${retreats.name} = ${p("retreatName")}::text
    ),
    fresh as (select ${stillAppliesSql("application_received", sql`${p("retreatId")}::uuid`, "tpl_")} as ok)
    ${filing ? intakeOpenCte(formIntakeQueues.application) : sql``},
    known as (
      select ${emailSubscribers.id} as id from ${emailSubscribers}
      where lower(${emailSubscribers.email}) = lower(${p("email")}::text)
    ),
    go as (
      select 1 from retreat, fresh
      where fresh.ok ${filing ? sql`and ${intakeStillOpen}` : sql``}
        ${withJobs ? sql`` : sql`and not exists (select 1 from known)`}
    ),
    new_application as (
      insert into ${applications} (id, retreat_id, application_type, first_name, last_name, email, phone, city, country,
        partner_first_name, partner_last_name, partner_email, partner_phone, partner_city, partner_country,
        instagram_handle, linkedin_url, website_url, motivations, advocacy_involvement, room_preference,
        wants_vip_upgrade, dietary_notes, additional_info, consent_gdpr, consent_marketing, stage, submitted_at)
      select ${p("applicationId")}::uuid, ${p("retreatId")}::uuid, ${p("applicationType")}::text, ${p("firstName")}::text, ${p("lastName")}::text,
        ${p("email")}::text, ${p("phone")}::text, ${p("city")}::text, ${p("country")}::text,
        ${p("partnerFirstName")}::text, ${p("partnerLastName")}::text, ${p("partnerEmail")}::text,
        ${p("partnerPhone")}::text, ${p("partnerCity")}::text, ${p("partnerCountry")}::text,
        ${p("instagramHandle")}::text, ${p("linkedinUrl")}::text, ${p("websiteUrl")}::text,
        ${p("motivations")}::text, ${p("advocacyInvolvement")}::text, ${p("roomPreference")}::text,
        ${p("wantsVipUpgrade")}::boolean, ${p("dietaryNotes")}::text, ${p("additionalInfo")}::text,
        ${p("consentGdpr")}::boolean, ${p("consentMarketing")}::boolean, 'new', ${p("submittedAt")}::timestamptz
      from go
      returning id
    ),
    new_subscriber as (
      insert into ${emailSubscribers} (email, first_name, last_name, segment, source, application_id,
        marketing_emails, consent_at, consent_ip, unsubscribe_token)
      select ${p("email")}::text, ${p("subscriberFirstName")}::text, ${p("subscriberLastName")}::text, 'applicant',
        'application_form', a.id, ${p("consentMarketing")}::boolean, ${p("consentAt")}::timestamptz,
        ${p("consentIp")}::text, ${p("unsubscribeToken")}::text
      from new_application as a
      where not exists (select 1 from known)
      returning id
    ),
    merge as (
      select ${applicationKnownAddressJob}::text as name,
        json_build_object('applicationId', a.id, 'person', person.role, 'sealed', ${p("sealed")}::text,
          'at', ${p("submittedAt")}::text) as data,
        ${p("mail_retryLimit")}::int as retry_limit, ${p("mail_retryDelay")}::int as retry_delay,
        ${p("mail_retryBackoff")}::boolean as retry_backoff
      from new_application as a, (
        select 'applicant' as role where exists (select 1 from known)
        union all select 'partner' where ${p("partnerOwnAddress")}::boolean
      ) as person
    ),
    ${outboxStatementCtes("confirmation", sql`select 1 from new_subscriber`, "mail_", withJobs, sql`select * from merge`)}
    ${filing ? intakeFiledCte(formIntakeQueues.application, sql`select 1 from new_application`) : sql``}
    select (select ok from fresh) as fresh, (select count(*)::int from retreat) as retreats,
      (select id from new_application) as application_id, (select count(*)::int from confirmation) as emails,
      (select count(*)::int from confirmation_jobs) as jobs, (select count(*)::int from merge) as merges`,
  );
/** Without a queue, with one, and filing an intake (always with one). */
const submitStatement = {
  direct: [false, true].map((withJobs) => submitStatementSql(withJobs, false)),
  filing: submitStatementSql(true, true),
};

/**
 * Retreats' names by id, for the confirmation rendered before the statement (which checks the name
 * and whether the retreat is open); per database handle, like the template rows' cache.
 */
const retreatNamesOf: (db: Db) => Map<string, string> = perDatabase(() => new Map());

/**
 * The public form's answer (POST /api/application) with a queue: the submission stored as its
 * intake job (form-intake.service.ts) if its retreat is open, one statement with the rate-limit hit, the
 * same for every address; the worker files it (fileApplicationSubmission) a moment later, under
 * the id answered here. An unknown or closed retreat: the 404, nothing stored.
 */
export async function acceptApplicationForm(
  database: Database,
  input: ApplicationSubmission,
  ctx: { clientIp: string; queue: JobQueue; cipher: FieldCipher; rateLimit?: StatementHit },
): Promise<{ id: string }> {
  if (input.website) throw new AppError("bad_request", spamMessage);
  const id = randomUUID();
  const submission: ApplicationSubmissionSealed = { input, clientIp: ctx.clientIp, at: new Date().toISOString() };
  const { stored } = await acceptFormSubmission(database, formIntakeQueues.application, submission, {
    ...ctx,
    openRetreatId: input.retreatId,
    clear: { applicationId: id },
  });
  if (!stored) throw new AppError("not_found", noActiveRetreatMessage);
  return { id };
}

/** The worker's filing of one intake job: the application, as the form's statement stores it. */
export async function fileApplicationSubmission(
  database: Database,
  data: IntakeJobData,
  jobId: string,
  ctx: { publicUrl: string; queue: JobQueue; cipher: FieldCipher },
): Promise<void> {
  const submission = unsealSubmission<ApplicationSubmissionSealed>(ctx.cipher, formIntakeQueues.application, data);
  if (!submission) return;
  await submitApplicationFromForm(database, submission.input, {
    ...ctx,
    clientIp: submission.clientIp,
    at: new Date(submission.at),
    id: data.applicationId,
    intakeJobId: jobId,
  });
}

/**
 * The form's application, filed by the worker from its intake job or, without a queue (PGlite
 * without a worker), in the request: one statement (submitStatement), the confirmation rendered
 * beforehand from the cached retreat name and template row; anything else (a retreat or template
 * changed since it was cached, an unknown or closed retreat, a subscriber created meanwhile, no
 * queue with a partner's own address) through submitApplication's transaction. Same outcome as
 * submitApplication in every case, a known address's part a poll later.
 */
export async function submitApplicationFromForm(
  database: Database,
  input: ApplicationSubmission,
  ctx: SubmitFormContext,
): Promise<{ id: string }> {
  if (input.website) throw new AppError("bad_request", spamMessage);
  const isCouple = input.applicationType === "couple";
  const partnerHasOwnAddress = Boolean(
    isCouple && input.partnerEmail && input.partnerEmail.toLowerCase() !== input.email.toLowerCase(),
  );
  // Without a queue a partner with an address of their own has no job to be confirmed by.
  const retreatName =
    partnerHasOwnAddress && !ctx.queue ? undefined : await retreatNameOf(database.db, input.retreatId);
  if (retreatName === undefined) return submitApplication(database.db, input, ctx);
  const applicationId = ctx.id ?? randomUUID();

  const row = await cachedSystemTemplateRow(database.db, "application_received", input.retreatId, {
    retreatId: input.retreatId,
  });
  const unsubscribeToken = randomBytes(32).toString("hex");
  const { applicantName, partnerName } = confirmationNames(input);
  const email = await renderSystemTemplate("application_received", row, {
    firstName: input.firstName,
    applicantName,
    partnerName,
    retreatName,
    publicUrl: ctx.publicUrl,
    preferencesUrl: preferencesUrl(ctx.publicUrl, unsubscribeToken),
  });
  const mail = outboxStatementValues(
    "mail_",
    email && { to: input.email, name: applicantName, email, kind: "application_received" },
    ctx.queue,
  );
  const partner = (value: string) => (isCouple ? orNull(value) : null);
  const at = (ctx.at ?? new Date()).toISOString();
  if (ctx.queue && !ctx.queue.createdAtStart(applicationKnownAddressJob)) {
    throw new Error(`Queue ${applicationKnownAddressJob} is not created at start-up; add it to the queue's \`queues\``);
  }
  const sealed: KnownAddressSealed = { clientIp: ctx.clientIp };
  let outcome: {
    fresh: boolean;
    retreats: number;
    application_id: string | null;
    emails: number;
    jobs: number;
    merges: number;
  };
  try {
    if (ctx.intakeJobId && !ctx.queue) throw new Error("Filing an intake needs the queue");
    const statement = ctx.intakeJobId ? submitStatement.filing : submitStatement.direct[ctx.queue ? 1 : 0]!;
    [outcome] = (await statement.run<typeof outcome>(database.executor, {
      ...stillAppliesValues("tpl_", row),
      ...mail.values,
      applicationId,
      retreatId: input.retreatId,
      retreatName,
      applicationType: input.applicationType,
      firstName: input.firstName,
      lastName: orNull(input.lastName),
      email: input.email,
      phone: orNull(input.phone),
      city: orNull(input.city),
      country: orNull(input.country),
      partnerFirstName: partner(input.partnerFirstName),
      partnerLastName: partner(input.partnerLastName),
      partnerEmail: partner(input.partnerEmail),
      partnerPhone: partner(input.partnerPhone),
      partnerCity: partner(input.partnerCity),
      partnerCountry: partner(input.partnerCountry),
      instagramHandle: orNull(input.instagramHandle),
      linkedinUrl: orNull(input.linkedinUrl),
      websiteUrl: orNull(input.websiteUrl),
      motivations: input.motivations,
      advocacyInvolvement: input.advocacyInvolvement,
      roomPreference: input.roomPreference ?? null,
      wantsVipUpgrade: input.wantsVipUpgrade,
      dietaryNotes: orNull(input.dietaryNotes),
      additionalInfo: orNull(input.additionalInfo),
      consentGdpr: input.consentGdpr,
      consentMarketing: input.consentMarketing,
      submittedAt: at,
      subscriberFirstName: input.firstName || null,
      subscriberLastName: input.lastName || null,
      consentAt: input.consentMarketing ? at : null,
      consentIp: input.consentMarketing ? ctx.clientIp : null,
      unsubscribeToken,
      sealed: sealJobData(ctx.cipher, applicationKnownAddressJob, sealed),
      partnerOwnAddress: partnerHasOwnAddress,
      intakeJobId: ctx.intakeJobId ?? null,
    })) as [typeof outcome];
  } catch (error) {
    // A subscriber for the address committed meanwhile (unique index): nothing was stored.
    if (sqlState(error) !== "23505") throw error;
    return submitApplication(database.db, input, { ...ctx, id: applicationId });
  }
  if (outcome.application_id) {
    // `jobs` counts the confirmation's send job and the merge job, stored by one insert.
    checkStatementJobs({ emails: outcome.emails + outcome.merges, jobs: outcome.jobs }, ctx.queue);
    return { id: outcome.application_id };
  }
  if (!outcome.fresh) forgetCachedSystemTemplateRow(database.db, "application_received", input.retreatId);
  if (outcome.retreats === 0) retreatNamesOf(database.db).delete(input.retreatId);
  return submitApplication(database.db, input, { ...ctx, id: applicationId });
}

/**
 * The job the form's statement stores for an application from a known address (the applicant) or
 * with a partner who has an address of their own (the partner, known or not): that person's
 * subscriber merged or created and their confirmation queued, as submitApplication does, with the
 * form's client address and time. Once: a second run finds the confirmation's key and stops;
 * nothing when the application or that address is gone meanwhile (erased).
 */
export async function completeKnownAddressApplication(
  db: Db,
  data: KnownAddressJobData,
  ctx: { publicUrl: string; queue: JobQueue | null; cipher: FieldCipher },
): Promise<void> {
  const { clientIp } = unsealJobData<KnownAddressSealed>(ctx.cipher, applicationKnownAddressJob, data.sealed);
  const person = data.person ?? "applicant";
  const idempotencyKey = `${applicationKnownAddressJob}:${data.applicationId}:${person}`;
  await db.transaction(async (tx) => {
    const [application] = await tx
      .select({
        id: applications.id,
        retreatId: retreats.id,
        retreatName: retreats.name,
        applicationType: applications.applicationType,
        firstName: applications.firstName,
        lastName: applications.lastName,
        email: applications.email,
        partnerFirstName: applications.partnerFirstName,
        partnerLastName: applications.partnerLastName,
        partnerEmail: applications.partnerEmail,
        consentMarketing: applications.consentMarketing,
      })
      .from(applications)
      .innerJoin(retreats, eq(retreats.id, applications.retreatId))
      .where(eq(applications.id, data.applicationId))
      .for("update", { of: applications });
    // Gone, or erased meanwhile (a privacy request clears the address): nobody to confirm.
    const address = person === "partner" ? application?.partnerEmail : application?.email;
    if (!application || !address) return;
    const [done] = await tx
      .select({ id: emailLogs.id })
      .from(emailLogs)
      .where(eq(emailLogs.idempotencyKey, idempotencyKey));
    if (done) return;
    const { applicantName, partnerName } = confirmationNames(application);
    const who =
      person === "partner"
        ? // The applicant ticked the consent boxes, not the partner: no marketing opt-in for them.
          { firstName: application.partnerFirstName, lastName: application.partnerLastName, consent: false }
        : { firstName: application.firstName, lastName: application.lastName, consent: application.consentMarketing };
    const emailLogId = await subscribeAndConfirm(
      tx,
      { clientIp, publicUrl: ctx.publicUrl, at: new Date(data.at) },
      {
        email: address,
        firstName: who.firstName ?? "",
        lastName: who.lastName ?? "",
        applicationId: application.id,
        consent: who.consent,
        mail: { applicantName, partnerName, retreatName: application.retreatName, retreatId: application.retreatId },
        idempotencyKey,
      },
    );
    if (emailLogId) await enqueueEmailsInTransaction(tx, ctx.queue, [emailLogId]);
  });
}

/** The retreat's name (cached; the statement checks it and whether it is open), or undefined when there is none. */
async function retreatNameOf(db: Db, retreatId: string): Promise<string | undefined> {
  const retreatNames = retreatNamesOf(db);
  const cached = retreatNames.get(retreatId);
  if (cached !== undefined) return cached;
  const [retreat] = await db.select({ name: retreats.name }).from(retreats).where(eq(retreats.id, retreatId));
  if (!retreat) return undefined;
  if (retreatNames.size >= 100) retreatNames.clear();
  retreatNames.set(retreatId, retreat.name);
  return retreat.name;
}
