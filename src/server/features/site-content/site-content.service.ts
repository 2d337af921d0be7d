/**
 * The public site's words per retreat: a draft staff edit and a published copy the landing page
 * serves. A retreat without a row yet (created before seasons existed, or in Settings) starts
 * from the default content; the seeded first season is published with it.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  type AdminSiteContent,
  type PublicSite,
  type SiteContent,
  siteContentSchema,
} from "../../../shared/schemas/site-content";
import { seasonYear } from "../../../shared/season";
import { activeRetreatStatuses, currentRetreatRow } from "../../db/current-retreat";
import { auditLogs, type Json, type Retreat, retreats, siteContent } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { erasePhotos, withPublicPhotos } from "../photos/photos.service";
import { defaultSiteContent } from "./default-content";
import { toPublicContent } from "./site-markdown";

export const siteMessages = {
  retreatNotFound: "Retreat not found.",
  notPublishable: "Only a retreat that is open or being planned can be published. Change its status in Settings first.",
  noPublicRetreat: "No retreat is open or being planned, so the public site has nothing to show.",
} as const;

type SiteRow = typeof siteContent.$inferSelect;

/** Stored JSON read back through the schema: a row edited by hand that no longer fits falls back to the default. */
function parseContent(value: unknown): SiteContent {
  const parsed = siteContentSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultSiteContent;
}

async function retreatOr404(db: DbOrTx, retreatId: string): Promise<Retreat> {
  const [row] = await db.select().from(retreats).where(eq(retreats.id, retreatId)).limit(1);
  if (!row) throw new AppError("not_found", siteMessages.retreatNotFound);
  return row;
}

async function siteRow(db: DbOrTx, retreatId: string, lock = false): Promise<SiteRow | null> {
  const query = db.select().from(siteContent).where(eq(siteContent.retreatId, retreatId)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * The row for a retreat, created from `content` (default: the default content) when it has none.
 * Concurrent callers both end with the one row: the insert ignores a conflict, then reads.
 */
export async function ensureSiteContent(
  db: DbOrTx,
  retreatId: string,
  content: SiteContent = defaultSiteContent,
  publish = false,
): Promise<SiteRow> {
  await db
    .insert(siteContent)
    .values({
      retreatId,
      draft: content,
      ...(publish ? { published: content, publishedVersion: 1, publishedAt: new Date() } : {}),
    })
    .onConflictDoNothing({ target: siteContent.retreatId });
  return (await siteRow(db, retreatId))!;
}

function toAdminDto(retreat: Retreat, row: SiteRow): AdminSiteContent {
  const draft = parseContent(row.draft);
  const published = row.published ? parseContent(row.published) : null;
  return {
    retreatId: retreat.id,
    retreatName: retreat.name,
    retreatStatus: retreat.status,
    draft,
    published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedVersion: row.publishedVersion,
    hasUnpublishedChanges: published === null || JSON.stringify(published) !== JSON.stringify(draft),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A retreat's row as stored, or, for a retreat with none yet, the row it would get (the default
 * content, unpublished) without writing it: reads never write (the first save or publish does).
 */
async function storedOrDefaultRow(db: DbOrTx, retreatId: string): Promise<SiteRow> {
  const row = await siteRow(db, retreatId);
  if (row) return row;
  const epoch = new Date(0);
  return {
    retreatId,
    draft: defaultSiteContent,
    published: null,
    publishedVersion: 0,
    publishedAt: null,
    publishedBy: null,
    updatedBy: null,
    createdAt: epoch,
    updatedAt: epoch,
  };
}

/** What the Site tab edits for a retreat. */
export async function getAdminSite(db: DbOrTx, retreatId: string): Promise<AdminSiteContent> {
  const retreat = await retreatOr404(db, retreatId);
  return toAdminDto(retreat, await storedOrDefaultRow(db, retreatId));
}

/** Saves the draft whole (the schema has already checked it): the public site does not change. */
export async function saveSiteDraft(
  db: DbOrTx,
  retreatId: string,
  content: SiteContent,
  actor: Actor,
): Promise<AdminSiteContent> {
  return db.transaction(async (tx) => {
    const retreat = await retreatOr404(tx, retreatId);
    await ensureSiteContent(tx, retreatId);
    const before = (await siteRow(tx, retreatId, true))!;
    const [after] = await tx
      .update(siteContent)
      .set({ draft: content, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(siteContent.retreatId, retreatId))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "update",
      entityType: "site_content",
      entityId: retreatId,
      oldValues: { draft: before.draft },
      newValues: { draft: content },
    });
    return toAdminDto(retreat, after!);
  });
}

/** Makes the draft the public copy. Only a retreat the site could show (open or planning) is published. */
export async function publishSite(db: DbOrTx, retreatId: string, actor: Actor): Promise<AdminSiteContent> {
  return db.transaction(async (tx) => {
    const retreat = await retreatOr404(tx, retreatId);
    if (!(activeRetreatStatuses as readonly string[]).includes(retreat.status)) {
      throw new AppError("conflict", siteMessages.notPublishable);
    }
    await ensureSiteContent(tx, retreatId);
    const before = (await siteRow(tx, retreatId, true))!;
    const draft = parseContent(before.draft);
    const [after] = await tx
      .update(siteContent)
      .set({
        published: draft,
        publishedVersion: sql`${siteContent.publishedVersion} + 1`,
        publishedAt: new Date(),
        publishedBy: actor.userId,
      })
      .where(eq(siteContent.retreatId, retreatId))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "publish",
      entityType: "site_content",
      entityId: retreatId,
      oldValues: { published: before.published, publishedVersion: before.publishedVersion },
      newValues: { published: draft, publishedVersion: after!.publishedVersion },
    });
    return toAdminDto(retreat, after!);
  });
}

/** A retreat's draft (the default content when it has no row yet), read without creating one. */
export async function siteDraft(db: DbOrTx, retreatId: string): Promise<SiteContent> {
  const row = await siteRow(db, retreatId);
  return row ? parseContent(row.draft) : defaultSiteContent;
}

/** The published words of a retreat (the default when nothing is published yet). */
export async function publishedContent(db: DbOrTx, retreatId: string | null): Promise<SiteContent> {
  if (!retreatId) return defaultSiteContent;
  const row = await siteRow(db, retreatId);
  return row?.published ? parseContent(row.published) : defaultSiteContent;
}

/** The public site as the landing page renders it, for a given retreat (or the current one). */
export function toPublicSite(
  retreat: Pick<Retreat, "id" | "name" | "startDate"> | null,
  content: SiteContent,
): PublicSite {
  return { retreatId: retreat?.id ?? null, seasonYear: seasonYear(retreat), content: toPublicContent(content) };
}

/** GET /api/site-content: the published words of the retreat the public site shows. */
export async function getPublicSite(db: DbOrTx): Promise<PublicSite> {
  const retreat = await currentRetreatRow(db);
  const content = await publishedContent(db, retreat?.id ?? null);
  return withPublicPhotos(db, toPublicSite(retreat, content), content);
}

/** A draft as the public would see it once published (the Site tab's preview). */
export async function previewSite(
  db: DbOrTx,
  retreatId: string,
): Promise<{ retreat: Retreat; site: PublicSite; content: SiteContent }> {
  const retreat = await retreatOr404(db, retreatId);
  const row = await storedOrDefaultRow(db, retreatId);
  const content = parseContent(row.draft);
  return { retreat, site: toPublicSite(retreat, content), content };
}

/**
 * A fresh install's first season is published with the default content, so the Site tab shows
 * what the public sees. Runs at start-up; only while no retreat has site content at all.
 */
export async function seedFirstSeasonSite(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: siteContent.retreatId }).from(siteContent).limit(1);
  if (any) return;
  const retreat = await currentRetreatRow(db);
  if (retreat) await ensureSiteContent(db, retreat.id, defaultSiteContent, true);
}

type TeamHolder = { team?: { email?: string; photo?: { id?: string } | null }[] } | null | undefined;

function withoutMembers<T extends TeamHolder>(
  content: T,
  email: string,
): { content: T; removed: number; photoIds: string[] } {
  const team = content?.team;
  if (!Array.isArray(team)) return { content, removed: 0, photoIds: [] };
  const matches = (member: (typeof team)[number]) => (member?.email ?? "").toLowerCase() === email;
  const kept = team.filter((member) => !matches(member));
  // Their uploaded portraits are personal data too: erased with the profile.
  const photoIds = team.flatMap((member) => (matches(member) && member?.photo?.id ? [member.photo.id] : []));
  return { content: { ...content, team: kept } as T, removed: team.length - kept.length, photoIds };
}

/**
 * Right to erasure for a team member: their profile leaves every season's draft and published
 * site (the public page re-renders: the publication number moves on), and the audit entries about
 * site content lose the profile too. Returns the profiles removed, counting draft and published.
 */
export async function eraseTeamProfiles(
  tx: DbOrTx,
  rawEmail: string,
): Promise<{ profiles: number; auditEntries: number }> {
  const email = rawEmail.trim().toLowerCase();
  let profiles = 0;
  const portraits = new Set<string>();
  const rows = await tx.select().from(siteContent).for("update");
  for (const row of rows) {
    const draft = withoutMembers(row.draft as TeamHolder, email);
    const published = withoutMembers(row.published as TeamHolder, email);
    if (draft.removed + published.removed === 0) continue;
    profiles += draft.removed + published.removed;
    for (const id of [...draft.photoIds, ...published.photoIds]) portraits.add(id);
    await tx
      .update(siteContent)
      .set({
        draft: draft.content as Json,
        published: (published.content ?? null) as Json | null,
        ...(published.removed ? { publishedVersion: sql`${siteContent.publishedVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(siteContent.retreatId, row.retreatId));
  }
  const entries = await tx
    .select({ id: auditLogs.id, oldValues: auditLogs.oldValues, newValues: auditLogs.newValues })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, "site_content"),
        sql`position(${email} in lower(coalesce(${auditLogs.oldValues}::text, '') || coalesce(${auditLogs.newValues}::text, ''))) > 0`,
      ),
    );
  const scrub = (values: unknown): unknown => {
    if (!values || typeof values !== "object") return values;
    const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
    for (const key of ["draft", "published"]) out[key] = withoutMembers(out[key] as TeamHolder, email).content;
    return out;
  };
  for (const entry of entries) {
    await tx
      .update(auditLogs)
      .set({ oldValues: scrub(entry.oldValues) as Json, newValues: scrub(entry.newValues) as Json })
      .where(eq(auditLogs.id, entry.id));
  }
  await erasePhotos(tx, [...portraits]);
  return { profiles, auditEntries: entries.length };
}
