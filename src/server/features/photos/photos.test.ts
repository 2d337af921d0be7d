/**
 * Photo uploads (decision 018): what is refused and why, the variants the job makes, the /media
 * route, and a second app instance on the same database (another process) serving the same bytes.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSiteContent, PublicSite } from "../../../shared/schemas/site-content";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { auditLogs, photos, photoVariants } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { makeRenderer } from "../public-site/landing-renderer";
import { servedLanding } from "../public-site/public-site.service";
import { eraseTeamProfiles } from "../site-content/site-content.service";
import { encodePhoto, type PhotoStatus, photoMessages } from "./photos.service";

let t: TestApp;
let other: FastifyInstance;
let staff: string;
let owner: string;
let vendor: string;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(
    testConfig({ databaseUrl: t.app.config.databaseUrl }),
    t.app.config.databaseUrl ? {} : { database: t.app.database },
  );
  staff = (await signedInAs(t.app, "staff")).cookie;
  owner = (await signedInAs(t.app, "owner")).cookie;
  vendor = (await signedInAs(t.app, "vendor")).cookie;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** A photo taken by a phone: a JPEG with a GPS position in its EXIF. */
async function phonePhoto(width: number, height: number, colour = "#3a7"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "8/1 30/1 0/1" } })
    .toBuffer();
}

/** A stored upload whose encoding has not run yet (inserted directly: no background encoding to race). */
async function pendingPhoto(alt: string): Promise<{ id: string }> {
  const original = await phonePhoto(640, 480, "#123");
  const [row] = await t.app.db
    .insert(photos)
    .values({
      role: "gallery",
      alt,
      contentType: "image/jpeg",
      hash: createHash("sha256").update(original).digest("hex"),
      original,
      width: 640,
      height: 480,
    })
    .returning({ id: photos.id });
  return row!;
}

function upload(body: Buffer | string, query: string, who = staff, contentType = "image/jpeg") {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/photos?${query}`,
    headers: { cookie: who, "content-type": contentType },
    payload: body,
  });
}

async function uploadedReady(body: Buffer, alt: string, role = "gallery"): Promise<PhotoStatus> {
  const res = await upload(body, `alt=${encodeURIComponent(alt)}&role=${role}`);
  expect(res.statusCode, res.body).toBe(201);
  const stored = res.json() as PhotoStatus;
  expect(stored.alt).toBe(alt);
  await encodePhoto(t.app.db, stored.id);
  return stored;
}

describe("photo uploads", () => {
  it("refuses a text file, a 20 MB file, a photo without alt text and a damaged file, storing nothing", async () => {
    const before = (await t.app.db.select({ id: photos.id }).from(photos)).length;
    const text = await upload("just some words, not a picture", "alt=Words", staff, "text/plain");
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(photoMessages.unsupported);

    const huge = await upload(Buffer.alloc(20 * 1024 * 1024, 0xff), "alt=Huge");
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(photoMessages.tooLarge);

    const noAlt = await upload(await phonePhoto(600, 400), "alt=%20%20");
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().message).toBe(photoMessages.altRequired);

    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const corrupt = await upload(damaged, "alt=Broken");
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().message).toBe(photoMessages.corrupt);

    expect((await t.app.db.select({ id: photos.id }).from(photos)).length).toBe(before);
  });

  it("refuses a small file declaring a huge canvas and a photo for a retreat that does not exist", async () => {
    const before = (await t.app.db.select({ id: photos.id }).from(photos)).length;
    // 11,000 x 10,000 pixels of one colour: a few hundred kilobytes, gigabytes once decoded.
    const bomb = await sharp({ create: { width: 11_000, height: 10_000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await upload(bomb, "alt=Bomb", staff, "image/png");
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(photoMessages.tooManyPixels);

    const elsewhere = await upload(
      await phonePhoto(600, 400),
      "alt=Nowhere&retreatId=00000000-0000-4000-8000-000000000001",
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
    expect(elsewhere.json().message).toBe(photoMessages.retreatNotFound);

    expect((await t.app.db.select({ id: photos.id }).from(photos)).length).toBe(before);
  });

  it("is for owner and staff only", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await upload(png, "alt=A", vendor)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/admin/photos?alt=A", payload: png });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(png, "alt=A%20white%20square", owner, "image/png")).statusCode).toBe(201);
  });

  it("encodes AVIF and WebP at the page's widths, upright, without EXIF, and records the upload", async () => {
    const stored = await uploadedReady(await phonePhoto(1300, 900), "Our villa's pool at dawn");
    const [row] = await t.app.db.select().from(photos).where(eq(photos.id, stored.id));
    expect(row!.status).toBe("ready");
    const variants = await t.app.db.select().from(photoVariants).where(eq(photoVariants.photoId, stored.id));
    expect(variants.map((v) => `${v.format}-${v.width}x${v.height}`).sort()).toEqual(
      ["avif-1200x831", "avif-400x277", "avif-800x554", "webp-1200x831", "webp-400x277", "webp-800x554"].sort(),
    );
    for (const variant of variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect(meta.exif).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from("TestPhone"))).toBe(false);
    }
    const [audit] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.entityId, stored.id));
    expect(audit!.entityType).toBe("photo");

    const status = await t.app.inject({ url: `/api/admin/photos?ids=${stored.id}`, headers: { cookie: staff } });
    expect(status.json().photos).toEqual([expect.objectContaining({ id: stored.id, status: "ready" })]);
  });

  it("encoded twice at once (a retried job beside a slow first try), the first to finish wins and the second changes nothing", async () => {
    const pending = await pendingPhoto("Twice");
    const readyAt = async () =>
      (await t.app.db.select().from(photos).where(eq(photos.id, pending.id)))[0]!.readyAt?.getTime();
    // Both read the photo as pending (their first step) before either has encoded it.
    const encoders = [encodePhoto(t.app.db, pending.id), encodePhoto(t.app.db, pending.id)];
    await Promise.race(encoders);
    const whenFirstFinished = await readyAt();
    expect(whenFirstFinished).toBeTypeOf("number");
    await Promise.all(encoders);
    expect(await readyAt()).toBe(whenFirstFinished);
    const variants = await t.app.db.select().from(photoVariants).where(eq(photoVariants.photoId, pending.id));
    expect(variants.length).toBeGreaterThan(0);
  });

  it("serves variants under content-hashed URLs for a year, from every process on the database", async () => {
    const stored = await uploadedReady(await phonePhoto(500, 500, "#c33"), "A red wall");
    const [variant] = await t.app.db.select().from(photoVariants).where(eq(photoVariants.photoId, stored.id));
    const url = `/media/${variant!.file}`;
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe(`image/${variant!.format}`);
    expect(res.rawPayload.equals(variant!.bytes)).toBe(true);
    const elsewhere = await other.inject(url);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await t.app.inject(`/media/${"0".repeat(64)}-400.webp`)).statusCode).toBe(404);
    expect((await t.app.inject("/media/..%2Fetc%2Fpasswd")).statusCode).toBe(404);
  });

  it("shows ready photos on the published site and leaves out one still encoding", async () => {
    const hero = await uploadedReady(await phonePhoto(1700, 1000), "Sunrise over the villa", "hero");
    const gallery = await uploadedReady(await phonePhoto(900, 600), "Lunch on the terrace");
    const pending = await pendingPhoto("Not yet");

    const site = (
      await t.app.inject({ url: "/api/admin/site", headers: { cookie: staff } })
    ).json() as AdminSiteContent;
    const content = structuredClone(site.draft);
    content.photos = { hero: { id: hero.id }, gallery: [{ id: gallery.id }, { id: pending.id }] };
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/site/draft",
      headers: { cookie: staff },
      payload: { retreatId: site.retreatId, content },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await t.app.inject({
      method: "POST",
      url: "/api/admin/site/publish",
      headers: { cookie: owner },
      payload: { retreatId: site.retreatId },
    });
    expect(published.statusCode, published.body).toBe(200);

    const pub = (await other.inject("/api/site-content")).json() as PublicSite;
    expect(pub.content.photos!.hero).toMatchObject({ alt: "Sunrise over the villa", width: 1700, height: 1000 });
    expect(pub.content.photos!.hero!.avif).toMatch(/^\/media\/[0-9a-f]{64}-400\.avif 400w, .*-1600\.avif 1600w$/);
    expect(pub.content.photos!.gallery).toHaveLength(1);
    expect(pub.content.photos!.gallery[0]!.webp).toContain("-800.webp 800w");
  });
});

describe("the landing page with photos", () => {
  it("renders again when a photo becomes ready, and preloads the hero photo instead of the illustration", async () => {
    const seen: string[] = [];
    const render = makeRenderer(
      {
        heroPreloadLink: '<link rel="preload" as="image" href="/images/hero.avif">',
        renderPage: async (_path, data) => {
          const hero = data!.site.content.photos?.hero;
          seen.push(hero?.alt ?? "illustration");
          return `<img alt="${hero?.alt ?? "illustration"}">`;
        },
      },
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
      "/nonexistent-client",
      "/nonexistent-ssr",
    );
    const before = await servedLanding(t.app.db, render);
    const html = await before.html();
    // The site published by the test above: its hero photo is ready.
    expect(html).toContain('alt="Sunrise over the villa"');
    expect(html).toMatch(
      /<link rel="preload" as="image" type="image\/avif" imagesrcset="\/media\/[0-9a-f]{64}-400\.avif/,
    );
    expect(html).not.toContain("/images/hero.avif");

    const late = await pendingPhoto("Late");
    expect((await servedLanding(t.app.db, render)).version).toBe(before.version);
    await encodePhoto(t.app.db, late.id);
    expect((await servedLanding(t.app.db, render)).version).not.toBe(before.version);
  });
});

describe("team portraits are personal data", () => {
  it("erases a team member's uploaded portrait with their profile", async () => {
    const portrait = await uploadedReady(await phonePhoto(800, 1000, "#777"), "Portrait of Rin", "team");
    const site = (
      await t.app.inject({ url: "/api/admin/site", headers: { cookie: staff } })
    ).json() as AdminSiteContent;
    const content = structuredClone(site.draft);
    content.team.push({
      name: "Rin Erased",
      role: "Chef",
      location: "",
      bio: "Cooks.",
      portrait: null,
      email: "rin.erased@example.com",
      photo: { id: portrait.id },
    });
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/site/draft",
      headers: { cookie: staff },
      payload: { retreatId: site.retreatId, content },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = await t.app.db.transaction((tx) => eraseTeamProfiles(tx, "Rin.Erased@example.com"));
    expect(result.profiles).toBe(1);
    expect(await t.app.db.select().from(photos).where(eq(photos.id, portrait.id))).toEqual([]);
    expect(await t.app.db.select().from(photoVariants).where(eq(photoVariants.photoId, portrait.id))).toEqual([]);
  });
});
