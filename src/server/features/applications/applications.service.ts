import { and, eq, inArray } from "drizzle-orm";
import type { ApplicationSubmission } from "../../../shared/schemas/applications";
import { spamMessage } from "../../../shared/schemas/common";
import type { Db } from "../../db/client";
import { applications, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { enqueueEmailsInTransaction, queueEmail } from "../../email/outbox";
import { preferencesUrl } from "../../email/subscriber-links";
import { renderSystemEmail } from "../../email/system-templates";
import { AppError } from "../../http/errors";
import type { JobQueue } from "../../jobs/queue";
import { upsertSubscriber } from "../email-preferences/subscribers.service";
import { activeRetreatStatuses } from "../retreats/retreats.service";

export const applicationReceivedMessage = "We'll review your application and get back to you within 2-3 days.";
export const noActiveRetreatMessage = "No active retreat found at this time.";

const orNull = (value: string) => value || null;

type SubmitContext = {
  clientIp: string;
  publicUrl: string;
  /** Given (the route): the confirmations' send jobs are stored in this transaction too (decision 020). */
  queue?: JobQueue | null;
};

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
    const [retreat] = await tx
      .select({ id: retreats.id, name: retreats.name })
      .from(retreats)
      .where(and(eq(retreats.id, input.retreatId), inArray(retreats.status, [...activeRetreatStatuses])));
    if (!retreat) throw new AppError("not_found", noActiveRetreatMessage);

    const isCouple = input.applicationType === "couple";
    const [application] = await tx
      .insert(applications)
      .values({
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

    const applicantName = [input.firstName, input.lastName].filter(Boolean).join(" ");
    const partnerName = isCouple ? [input.partnerFirstName, input.partnerLastName].filter(Boolean).join(" ") : "";
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
  },
): Promise<string | null> {
  const { subscriber } = await upsertSubscriber(tx, {
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    segment: "applicant",
    source: "application_form",
    applicationId: person.applicationId,
    consent: person.consent ? { ip: ctx.clientIp, at: new Date() } : null,
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
  return queueEmail(tx, { to: subscriber.email, name, email, kind: "application_received" });
}
