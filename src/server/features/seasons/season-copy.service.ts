/**
 * Copy season: the next retreat made from one that ran (or is running), in one transaction and
 * one audit entry. What a season is made of is copied: its facts, booking types and prices, the
 * public site's words (as an unpublished draft) and its own task and email templates. What
 * happened in it is not: applications, guests, payments, rooms' occupants, budgets and expenses.
 */
import { asc, eq } from "drizzle-orm";
import { type AdminRetreat, retreatMessages, type SeasonCopy } from "../../../shared/schemas/retreats-admin";
import { type SiteContent, siteContentSchema } from "../../../shared/schemas/site-content";
import { nextSeasonName, seasonDatesDetail, seasonDatesLabel, seasonYear } from "../../../shared/season";
import type { Db } from "../../db/client";
import { bookingTypes, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { copyEmailTemplatesToSeason } from "../email-templates/email-templates.service";
import { adminRetreatOf, retreatAuditValues } from "../retreats/retreats.admin.service";
import { ensureSiteContent, siteDraft } from "../site-content/site-content.service";
import { copyTaskTemplatesToSeason } from "../tasks/task-templates.service";
import { rewriteStrings, seasonTextRewriter } from "./season-text";

export const seasonCopyMessages = {
  siteTooLong: "The copied site text no longer fits once the new dates are in:",
} as const;

/** The source's booking types (active or not, in their order) as the new retreat's. */
async function copyBookingTypes(tx: DbOrTx, fromRetreatId: string, toRetreatId: string): Promise<string[]> {
  const rows = await tx
    .select()
    .from(bookingTypes)
    .where(eq(bookingTypes.retreatId, fromRetreatId))
    .orderBy(asc(bookingTypes.priority), asc(bookingTypes.createdAt));
  if (rows.length === 0) return [];
  await tx.insert(bookingTypes).values(
    rows.map((row) => ({
      retreatId: toRetreatId,
      name: row.name,
      displayName: row.displayName,
      description: row.description,
      basePrice: row.basePrice,
      currency: row.currency,
      depositAmount: row.depositAmount,
      maxOccupancy: row.maxOccupancy,
      isAddon: row.isAddon,
      isActive: row.isActive,
      priority: row.priority,
      features: row.features,
      metadata: row.metadata,
    })),
  );
  return rows.map((row) => row.name);
}

/** The source's draft with the new season's year and dates; checked by the site's own schema. */
function nextSeasonSite(
  draft: SiteContent,
  rewrite: (text: string) => string,
  dates: SiteContent["dates"],
): SiteContent {
  const parsed = siteContentSchema.safeParse({ ...rewriteStrings(draft, rewrite), dates });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("bad_request", `${seasonCopyMessages.siteTooLong} ${issue.message}`);
  }
  return parsed.data;
}

export async function copySeason(db: Db, sourceId: string, input: SeasonCopy, actor: Actor): Promise<AdminRetreat> {
  const created = await db.transaction(async (tx) => {
    const [source] = await tx.select().from(retreats).where(eq(retreats.id, sourceId)).limit(1);
    if (!source) throw new AppError("not_found", retreatMessages.notFound);

    const toYear = Number(input.startDate.slice(0, 4));
    const sourceSite = await siteDraft(tx, source.id);
    const dates = {
      label: seasonDatesLabel(input.startDate),
      detail: seasonDatesDetail(input.startDate, input.endDate),
    };
    const rewrite = seasonTextRewriter({
      fromYear: seasonYear(source),
      toYear,
      phrases: [
        { from: sourceSite.dates.detail, to: dates.detail },
        { from: sourceSite.dates.label, to: dates.label },
      ],
    });
    // Checked before anything is written, so a refusal leaves nothing behind.
    const site = nextSeasonSite(sourceSite, rewrite, dates);

    const [retreat] = await tx
      .insert(retreats)
      .values({
        name: input.name ?? nextSeasonName(source.name, toYear),
        description: source.description === null ? null : rewrite(source.description),
        startDate: input.startDate,
        endDate: input.endDate,
        capacity: source.capacity,
        location: source.location,
        status: "planning",
        pricePerPerson: source.pricePerPerson,
        currency: source.currency,
        timezone: source.timezone,
      })
      .returning();
    const newId = retreat!.id;

    const copiedBookingTypes = await copyBookingTypes(tx, source.id, newId);
    // A draft only: the public site keeps showing the season it shows until the owner publishes this one.
    await ensureSiteContent(tx, newId, site);
    const taskTemplates = await copyTaskTemplatesToSeason(tx, source.id, newId, rewrite);
    const emailTemplates = await copyEmailTemplatesToSeason(tx, source.id, newId, rewrite);

    await recordAudit(tx, {
      ...actor,
      action: "copy",
      entityType: "retreat",
      entityId: newId,
      oldValues: { copiedFrom: { id: source.id, name: source.name } },
      newValues: {
        ...retreatAuditValues(retreat!),
        bookingTypes: copiedBookingTypes,
        siteContent: "draft",
        taskTemplates,
        emailTemplates,
      },
    });
    return retreat!;
  });
  return adminRetreatOf(db, created);
}
