/**
 * Photos uploaded in the Site tab (decision 018). An upload is checked and stored as it came
 * (status pending); the photos.encode job makes its AVIF and WebP variants at the page's widths
 * (EXIF and location data dropped: sharp writes no metadata unless asked) and marks it ready. The
 * public page only ever shows ready photos, so until then it keeps the picture it had.
 *
 * Bytes live in the database (bytea): every app process on it serves the same files, a backup
 * carries them, and there is nothing to set up.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import type { PublicPhoto, PublicSite, SiteContent } from "../../../shared/schemas/site-content";
import { photos, photoVariants, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";

export const photoRoles = ["hero", "gallery", "team"] as const;
export type PhotoRole = (typeof photoRoles)[number];

/** 15 MB: a phone's full-size photo fits; anything larger is refused before it is read. */
export const maxPhotoBytes = 15 * 1024 * 1024;
export const maxAltLength = 300;
/**
 * 100 megapixels: any camera's photo, while a small file declaring a huge canvas (a decompression
 * bomb: 16,000 × 16,000 pixels in 1 MB) is refused before it costs gigabytes of memory to encode.
 */
export const maxPhotoPixels = 100_000_000;
/** The widths the page draws photos at; an original is never enlarged. */
export const photoWidths = [400, 800, 1200, 1600] as const;
export const photoFormats = ["avif", "webp"] as const;

export const photoMessages = {
  unsupported: "This file is not a photo we can use: upload a JPEG, PNG, WebP or HEIC image.",
  tooLarge: "This photo is larger than 15 MB: export it smaller and upload it again.",
  corrupt: "This photo could not be read: the file looks damaged. Export it again and upload the new file.",
  altRequired: "Describe the photo in the alt text: people who cannot see it hear this instead.",
  altTooLong: `The alt text must be at most ${maxAltLength} characters`,
  role: "Say where the photo goes: hero, gallery or team",
  notFound: "Photo not found",
  tooManyPixels: "This photo has more than 100 megapixels: export it smaller and upload it again.",
  retreatNotFound: "Retreat not found",
} as const;

/** What the file's first bytes say it is (the Content-Type header is the browser's guess). */
export function sniffImage(bytes: Buffer): "jpeg" | "png" | "webp" | "heif" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") {
    return "webp";
  }
  if (bytes.subarray(4, 8).toString("latin1") === "ftyp") {
    const brand = bytes.subarray(8, 12).toString("latin1");
    if (["heic", "heix", "hevc", "hevx", "mif1", "msf1", "avif"].includes(brand)) return "heif";
  }
  return null;
}

const contentTypes = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", heif: "image/heif" } as const;

export type PhotoStatus = {
  id: string;
  status: string;
  alt: string;
  width: number;
  height: number;
  error: string | null;
};

function toStatus(row: typeof photos.$inferSelect): PhotoStatus {
  return { id: row.id, status: row.status, alt: row.alt, width: row.width, height: row.height, error: row.error };
}

/**
 * Checks and stores an upload (nothing is stored when anything is wrong). Reads only the image's
 * header here: decoding and encoding are the job's work, never the request's.
 */
export async function storeUpload(
  db: DbOrTx,
  input: { body: unknown; alt: string | undefined; role: string | undefined; retreatId: string | null },
  actor: Actor,
): Promise<PhotoStatus> {
  const role = input.role ?? "gallery";
  if (!(photoRoles as readonly string[]).includes(role)) throw new AppError("bad_request", photoMessages.role);
  const bytes = Buffer.isBuffer(input.body) ? input.body : null;
  if (!bytes || bytes.length === 0) throw new AppError("unsupported_media_type", photoMessages.unsupported);
  if (bytes.length > maxPhotoBytes) throw new AppError("payload_too_large", photoMessages.tooLarge);
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError("unsupported_media_type", photoMessages.unsupported);
  const alt = (input.alt ?? "").trim();
  if (!alt) throw new AppError("bad_request", photoMessages.altRequired);
  if (alt.length > maxAltLength) throw new AppError("bad_request", photoMessages.altTooLong);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    // Known first bytes that the library cannot read: a damaged file, or a HEIC this build cannot decode.
    throw new AppError(
      kind === "heif" ? "unsupported_media_type" : "bad_request",
      kind === "heif" ? photoMessages.unsupported : photoMessages.corrupt,
    );
  }
  if (!meta.width || !meta.height) throw new AppError("bad_request", photoMessages.corrupt);
  if (meta.width * meta.height > maxPhotoPixels) throw new AppError("bad_request", photoMessages.tooManyPixels);
  if (input.retreatId) {
    const [retreat] = await db.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, input.retreatId));
    if (!retreat) throw new AppError("not_found", photoMessages.retreatNotFound);
  }
  // Orientation 5-8 turns the picture a quarter: the served variants are upright.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const hash = createHash("sha256").update(bytes).digest("hex");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(photos)
      .values({
        retreatId: input.retreatId,
        role,
        alt,
        contentType: contentTypes[kind],
        hash,
        original: bytes,
        width,
        height,
        uploadedBy: actor.userId,
      })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "photo",
      entityId: row!.id,
      newValues: { role, alt, contentType: contentTypes[kind], bytes: bytes.length, width, height, hash },
    });
    return toStatus(row!);
  });
}

export async function photoStatuses(db: DbOrTx, ids: string[]): Promise<PhotoStatus[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(photos).where(inArray(photos.id, ids));
  return rows.map(toStatus);
}

/**
 * Deletes photos with their variants (a team member's portraits, on erasure). Variants another
 * photo of the same file still uses are kept with that photo.
 */
export async function erasePhotos(db: DbOrTx, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await db.delete(photos).where(inArray(photos.id, ids)).returning({ id: photos.id });
  return removed.length;
}

/** The widths a photo gets: the page's widths up to the original's, or the original's alone when smaller. */
export function widthsFor(originalWidth: number): number[] {
  const fitting = photoWidths.filter((w) => w <= originalWidth);
  return fitting.length > 0 ? fitting : [originalWidth];
}

/** The photos.encode job: variants made, the photo marked ready (or failed, with the reason). */
export async function encodePhoto(db: DbOrTx, photoId: string): Promise<void> {
  const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
  if (!row || row.status === "ready" || !row.original) return;
  const variants: (typeof photoVariants.$inferInsert)[] = [];
  try {
    for (const width of widthsFor(row.width)) {
      for (const format of photoFormats) {
        // rotate() first: applies the EXIF orientation; no withMetadata(), so EXIF (GPS) is dropped.
        const pipeline = sharp(row.original, { failOn: "error", limitInputPixels: maxPhotoPixels })
          .rotate()
          .resize({ width, withoutEnlargement: true });
        const { data, info } = await (format === "avif"
          ? pipeline.avif({ quality: 55, effort: 2 })
          : pipeline.webp({ quality: 78 })
        ).toBuffer({ resolveWithObject: true });
        variants.push({
          photoId,
          file: `${row.hash}-${width}.${format}`,
          format,
          width: info.width,
          height: info.height,
          bytes: data,
        });
      }
    }
  } catch (error) {
    await db
      .update(photos)
      .set({ status: "failed", error: photoMessages.corrupt, updatedAt: new Date() })
      .where(eq(photos.id, photoId));
    throw error;
  }
  await db.transaction(async (tx) => {
    // Two encoders of one photo (a retried job beside a slow first try, an upload encoded after
    // the response while a caller encodes it too): the first to finish makes it ready, a later one
    // changes nothing, so its ready time (and the landing page's version, which follows it) stays.
    const [became] = await tx
      .update(photos)
      .set({ status: "ready", error: null, readyAt: new Date(), updatedAt: new Date() })
      .where(and(eq(photos.id, photoId), ne(photos.status, "ready")))
      .returning({ id: photos.id });
    if (!became) return;
    await tx.delete(photoVariants).where(eq(photoVariants.photoId, photoId));
    // The same file uploaded twice has the same names: the first photo's variants serve both.
    await tx.insert(photoVariants).values(variants).onConflictDoNothing();
  });
}

/** One file under /media, or null. */
export async function mediaFile(db: DbOrTx, file: string): Promise<{ bytes: Buffer; format: string } | null> {
  const [row] = await db
    .select({ bytes: photoVariants.bytes, format: photoVariants.format })
    .from(photoVariants)
    .where(eq(photoVariants.file, file))
    .limit(1);
  return row ?? null;
}

/** Changes whenever a photo becomes ready (part of the landing page's render cache key). */
export async function photosStamp(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<string | null>`max(${photos.readyAt})::text` })
    .from(photos)
    .where(eq(photos.status, "ready"));
  return `${row?.count ?? 0}:${row?.last ?? ""}`;
}

type ReadyPhoto = { row: typeof photos.$inferSelect; variants: { file: string; format: string; width: number }[] };

function toPublicPhoto({ row, variants }: ReadyPhoto): PublicPhoto {
  const srcset = (format: string) =>
    variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `/media/${v.file} ${v.width}w`)
      .join(", ");
  const webp = variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
  return {
    alt: row.alt,
    width: row.width,
    height: row.height,
    avif: srcset("avif"),
    webp: srcset("webp"),
    src: webp ? `/media/${webp.file}` : "",
  };
}

/**
 * The public site with its photo references turned into photos the page can draw. Only ready
 * photos appear; a reference to one still encoding (or failed) is left out, so the page shows the
 * illustration it had. Returns a new object (the site's content is shared, see site-markdown.ts).
 */
export async function withPublicPhotos(db: DbOrTx, site: PublicSite, content: SiteContent): Promise<PublicSite> {
  const ids = [
    ...(content.photos?.hero ? [content.photos.hero.id] : []),
    ...(content.photos?.gallery ?? []).map((ref) => ref.id),
    ...content.team.flatMap((member) => (member.photo ? [member.photo.id] : [])),
  ];
  if (ids.length === 0) return site;
  const rows = await db
    .select()
    .from(photos)
    .where(and(inArray(photos.id, ids), eq(photos.status, "ready")));
  const hashes = rows.map((row) => row.hash);
  const variants =
    hashes.length === 0
      ? []
      : await db
          .select({ file: photoVariants.file, format: photoVariants.format, width: photoVariants.width })
          .from(photoVariants)
          .where(sql`split_part(${photoVariants.file}, '-', 1) in ${hashes}`);
  const ready = new Map<string, PublicPhoto>();
  for (const row of rows) {
    const own = variants.filter((v) => v.file.startsWith(`${row.hash}-`));
    if (own.length > 0) ready.set(row.id, toPublicPhoto({ row, variants: own }));
  }
  const pick = (id: string | undefined) => (id ? (ready.get(id) ?? null) : null);
  return {
    ...site,
    content: {
      ...site.content,
      photos: {
        hero: pick(content.photos?.hero?.id),
        gallery: (content.photos?.gallery ?? []).flatMap((ref) => (ready.has(ref.id) ? [ready.get(ref.id)!] : [])),
      },
      team: site.content.team.map((member, index) => ({ ...member, photo: pick(content.team[index]?.photo?.id) })),
    },
  };
}
