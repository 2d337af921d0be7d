/**
 * The public site as served: the landing page rendered on the server from the published content
 * of the season the site shows, with that season's prices, and the Site tab's preview of a draft.
 *
 * Rendering costs tens of milliseconds, so each process keeps the last page and renders again only
 * when what it was rendered from changed. Every request asks the database what the page would be
 * rendered from now (the current retreat, its bookable types and its content's publication number:
 * three small indexed reads), so a publish, a price change or a renamed retreat in one process is
 * served by every other process on the same database from its next request on, with no message
 * between processes to lose.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import { siteContent } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { publishedTestimonials, withTestimonials } from "../journey/index";
import { photosStamp, withPublicPhotos } from "../photos/photos.service";
import { getCurrentRetreat, toCurrentRetreatDto, withBookableTypes } from "../retreats/retreats.service";
import { previewSite, publishedContent, toPublicSite } from "../site-content/site-content.service";
import type { LandingData, RenderLanding } from "./landing-renderer";
import { withoutScripts } from "./preview-document";

export const previewMessages = {
  notBuilt:
    "The preview is not available: this server has no build of the public site. Run npm run build, then restart the server.",
} as const;

export interface ServedLanding {
  /** Changes whenever the page would render differently. */
  version: string;
  html(): Promise<string>;
}

async function publicationNumber(db: DbOrTx, retreatId: string | null): Promise<number> {
  if (!retreatId) return 0;
  const [row] = await db
    .select({ version: siteContent.publishedVersion })
    .from(siteContent)
    .where(eq(siteContent.retreatId, retreatId))
    .limit(1);
  return row?.version ?? 0;
}

/** The landing page the public gets now: its version, and its HTML when asked (rendered on a miss only). */
export async function servedLanding(db: DbOrTx, render: RenderLanding): Promise<ServedLanding> {
  const current = await getCurrentRetreat(db);
  const retreat: CurrentRetreat | null = current ? toCurrentRetreatDto(current) : null;
  const published = await publicationNumber(db, retreat?.id ?? null);
  // A photo becoming ready changes the page too (it replaces the picture shown until then), and so
  // do the quotes staff chose (features/journey).
  const photos = await photosStamp(db);
  const testimonials = await publishedTestimonials(db);
  const version = createHash("sha256")
    .update(JSON.stringify({ retreat, published, photos, testimonials }))
    .digest("base64url")
    .slice(0, 22);
  return {
    version,
    html: async () => {
      const content = await publishedContent(db, current?.id ?? null);
      const data: LandingData = { retreat, site: await withPublicPhotos(db, toPublicSite(current, content), content) };
      return withTestimonials(await render(data), testimonials);
    },
  };
}

/**
 * The Site tab's preview: a retreat's draft rendered exactly as publishing it would serve it, with
 * the client's scripts left out (preview-document.ts says why).
 */
export async function previewLanding(db: DbOrTx, retreatId: string, render: RenderLanding): Promise<string> {
  const { retreat, site, content } = await previewSite(db, retreatId);
  const data: LandingData = {
    retreat: toCurrentRetreatDto(await withBookableTypes(db, retreat)),
    site: await withPublicPhotos(db, site, content),
  };
  return withoutScripts(await render(data));
}
