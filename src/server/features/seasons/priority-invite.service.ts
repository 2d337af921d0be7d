/**
 * "Invite the priority list": a draft campaign telling a season's priority list that applications
 * are open. The list is everyone on the waitlist (the public form's waitlist, and applicants of
 * other seasons waitlisted there) and every declined applicant who asked to stay on the priority
 * list. Campaigns reach subscribers by segment and tag, so the list becomes a tag on their
 * subscriber rows and the draft targets that tag: the campaigns' own rule then leaves out anyone
 * unsubscribed, bounced or complained, at the count and again at Send, and each address once.
 * Nothing is sent here.
 */
import { and, count, countDistinct, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { limits } from "../../../shared/schemas/common";
import { type CampaignValues, campaignInputSchema } from "../../../shared/schemas/email-campaigns";
import { maxSubjectLength } from "../../../shared/schemas/email-templates";
import { type PriorityInviteResult, retreatMessages } from "../../../shared/schemas/retreats-admin";
import { seasonDatesDetail, seasonYear } from "../../../shared/season";
import type { Db } from "../../db/client";
import { applications, emailSubscribers, type Retreat, retreats } from "../../db/schema";
import { templateLiteral } from "../../email/markdown-email";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { audienceCount, checkCampaignContent, createDraftCampaign } from "../email-campaigns/email-campaigns.service";

/** The waitlist form's tag (features/waitlist) and segment: a subscriber who joined it. */
const waitlistTag = "waitlist";

/** The subscriber tag a season's priority list is kept under, e.g. "priority-2027". */
export function priorityTag(retreat: Pick<Retreat, "startDate" | "name">): string {
  return `priority-${seasonYear(retreat)}`;
}

/** Applications of other seasons whose people are on the list, and not anonymised. */
function priorityApplications(retreatId: string): SQL {
  return and(
    or(isNull(applications.retreatId), ne(applications.retreatId, retreatId)),
    isNull(applications.anonymisedAt),
    or(
      eq(applications.stage, "waitlist"),
      and(eq(applications.stage, "declined"), eq(applications.keepOnPriorityList, true)),
    ),
  ) as SQL;
}

/** A subscriber on the season's priority list (before anyone's email choices are applied). */
function onPriorityList(retreatId: string): SQL {
  return sql`(${emailSubscribers.segment} = 'waitlist'
    or ${waitlistTag} = any(${emailSubscribers.tags})
    or lower(${emailSubscribers.email}) in (
      select lower(${applications.email}) from ${applications} where ${priorityApplications(retreatId)}
    ))`;
}

/** As much of the name as fits the subject, cut in the name: a cut inside {{ "{" }} would break the template. */
function invitationSubject(name: string): string {
  const subject = (fitted: string) => `Applications for ${templateLiteral(fitted, "subject")} are open`;
  let fitted = name;
  while (subject(fitted).length > maxSubjectLength) fitted = fitted.slice(0, -1);
  return subject(fitted);
}

function invitation(retreat: Retreat, tag: string): CampaignValues {
  const name = templateLiteral(retreat.name, "markdown");
  const dates =
    retreat.startDate && retreat.endDate ? ` (${seasonDatesDetail(retreat.startDate, retreat.endDate)})` : "";
  const content = `# Applications for ${name} are open

Hi {{ firstName }},

You asked to hear first about our next retreat, so before we announce it anywhere else: applications for **${name}**${dates} are now open.

The retreat stays small, with places for ${retreat.capacity} guests, and we read every application with care.

[Apply now]({{ applyUrl }})

We'd love to hear from you again.`;
  return campaignInputSchema.parse({
    name: `Priority list: ${retreat.name}`.slice(0, limits.name),
    subject: invitationSubject(retreat.name),
    content,
    // About applying to the retreat: governed by "Application & Retreat Updates", which the
    // declined applicants who asked to stay on the list kept even without marketing consent.
    campaignType: "application",
    targetSegments: [],
    targetTags: [tag],
  });
}

export async function invitePriorityList(
  db: Db,
  retreatId: string,
  actor: Actor,
  emailFrom: string,
): Promise<PriorityInviteResult> {
  const [found] = await db.select().from(retreats).where(eq(retreats.id, retreatId)).limit(1);
  if (!found) throw new AppError("not_found", retreatMessages.notFound);
  const values = invitation(found, priorityTag(found));
  await checkCampaignContent(values);

  return db.transaction(async (tx) => {
    const [retreat] = await tx.select().from(retreats).where(eq(retreats.id, retreatId)).for("share");
    if (!retreat) throw new AppError("not_found", retreatMessages.notFound);
    const tag = priorityTag(retreat);
    const member = onPriorityList(retreat.id);
    const hasTag = sql`${tag} = any(${emailSubscribers.tags})`;
    // The tag says who is on the list now: people who left it since the last invitation lose it.
    const untagged = await tx
      .update(emailSubscribers)
      .set({ tags: sql`array_remove(${emailSubscribers.tags}, ${tag})` })
      .where(and(hasTag, sql`not ${member}`))
      .returning({ id: emailSubscribers.id });
    const tagged = await tx
      .update(emailSubscribers)
      .set({ tags: sql`array_append(${emailSubscribers.tags}, ${tag})` })
      .where(and(sql`not ${hasTag}`, member))
      .returning({ id: emailSubscribers.id });
    const [unreachable] = await tx
      .select({ n: countDistinct(sql`lower(${applications.email})`) })
      .from(applications)
      .where(
        and(
          priorityApplications(retreat.id),
          sql`not exists (select 1 from ${emailSubscribers} where lower(${emailSubscribers.email}) = lower(${applications.email}))`,
        ),
      );

    const campaign = await createDraftCampaign(tx, values, actor, emailFrom);
    const { count: audienceSize } = await audienceCount(tx, campaign);
    const [listed] = await tx.select({ n: count() }).from(emailSubscribers).where(hasTag);
    await recordAudit(tx, {
      ...actor,
      action: "priority_invite",
      entityType: "retreat",
      entityId: retreat.id,
      newValues: {
        campaignId: campaign.id,
        tag,
        onList: listed?.n ?? 0,
        audienceSize,
        tagged: tagged.length,
        untagged: untagged.length,
        notSubscribed: unreachable?.n ?? 0,
      },
    });
    return {
      campaignId: campaign.id,
      campaignName: campaign.name,
      audienceSize,
      tag,
      notSubscribed: unreachable?.n ?? 0,
    };
  });
}
