/**
 * Photos (issue 19): the owner uploads a hero photo and two gallery photos with alt text in the
 * Site tab, waits for them to be ready and publishes. Without JavaScript, "/" then shows them as
 * AVIF/WebP srcset pictures with width and height, the hero photo preloaded, served from /media
 * with year-long cache headers. A text file, a 20 MB file and a photo without alt text are refused
 * with their messages. Test images are made with sharp here: no binary fixtures in git.
 * Own server: the journey changes what the public sees.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { signIn, toast } from "./support/page-helpers";

const owner = { email: "photos.owner@example.com", password: "e2e passphrase for the photos", firstName: "Pia" };

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ name: "photos", users: [{ ...owner, role: "owner" }] });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const jpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

test("the owner uploads a hero and two gallery photos, publishes, and the page serves them", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    window.localStorage.setItem("retreat.cookie-consent", "e2e");
    window.localStorage.setItem("retreat.dev-notice-acknowledged", "e2e");
  });
  await signIn(page, baseUrl, owner, "/admin/dashboard");
  await page.getByRole("tab", { name: "Site" }).click();
  const section = page.locator("#site-section-photos");
  await expect(section).toBeVisible();

  const uploadIn = async (use: string, name: string, buffer: Buffer, mimeType: string, alt: string) => {
    const uploader = section.locator(`[data-photo-uploader="${use}"]`);
    await uploader.getByLabel("Photo file").setInputFiles({ name, mimeType, buffer });
    await uploader.getByLabel("Alt text (required)").fill(alt);
    await uploader.getByRole("button", { name: "Upload photo" }).click();
    return uploader;
  };

  // Refusals first: each says why, and nothing joins the draft.
  const gallery = section.locator('[data-photo-uploader="gallery"]');
  await uploadIn("gallery", "notes.txt", Buffer.from("not a photo"), "text/plain", "Notes");
  await expect(gallery.getByRole("alert")).toHaveText(
    "This file is not a photo we can use: upload a JPEG, PNG, WebP or HEIC image.",
  );
  await uploadIn("gallery", "huge.jpg", Buffer.alloc(20 * 1024 * 1024, 0xff), "image/jpeg", "Huge");
  await expect(gallery.getByRole("alert")).toHaveText(
    "This photo is larger than 15 MB: export it smaller and upload it again.",
  );
  await uploadIn("gallery", "no-alt.jpg", await jpeg(600, 400, "#5a8"), "image/jpeg", "");
  await expect(gallery.getByRole("alert")).toContainText("Describe the photo in the alt text");
  // The server refuses it too, whatever the page does.
  const noAlt = await page.request.post(`${baseUrl}/api/admin/photos?role=gallery`, {
    headers: { "content-type": "image/jpeg", origin: baseUrl },
    data: await jpeg(600, 400, "#5a8"),
  });
  expect(noAlt.status()).toBe(400);
  expect((await noAlt.json()).message).toBe(
    "Describe the photo in the alt text: people who cannot see it hear this instead.",
  );

  // The photos: each waits until its variants are ready.
  const hero = await uploadIn(
    "hero",
    "villa.jpg",
    await jpeg(1800, 1100, "#c96"),
    "image/jpeg",
    "The villa at sunrise",
  );
  await expect(hero.getByText("Photo ready")).toBeVisible({ timeout: 60_000 });
  await uploadIn("gallery", "pool.jpg", await jpeg(1000, 750, "#39c"), "image/jpeg", "The pool under palm trees");
  await expect(section.getByText("1. The pool under palm trees")).toBeVisible({ timeout: 60_000 });
  await uploadIn(
    "gallery",
    "lunch.png",
    await sharp({ create: { width: 900, height: 900, channels: 3, background: "#9c3" } })
      .png()
      .toBuffer(),
    "image/png",
    "Lunch on the terrace",
  );
  await expect(section.getByText("2. Lunch on the terrace")).toBeVisible({ timeout: 60_000 });

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Publish the public site?" });
  await confirm.getByRole("button", { name: "Save and publish" }).click();
  await expect(toast(page, "published")).toBeVisible();

  // The public page without JavaScript.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await noScript.newPage();
  await visitor.goto(`${baseUrl}/`);
  const heroImg = visitor.locator("#hero img");
  await expect(heroImg).toHaveAttribute("alt", "The villa at sunrise");
  await expect(heroImg).toHaveAttribute("width", "1800");
  await expect(heroImg).toHaveAttribute("height", "1100");
  await expect(visitor.locator('#hero source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /^\/media\/[0-9a-f]{64}-400\.avif 400w, .*1600\.avif 1600w$/,
  );
  await expect(visitor.locator('#hero source[type="image/webp"]')).toHaveAttribute("srcset", /\.webp 1600w$/);
  const galleryImgs = visitor.locator("#gallery img");
  await expect(galleryImgs).toHaveCount(2);
  await expect(galleryImgs.nth(0)).toHaveAttribute("alt", "The pool under palm trees");
  await expect(galleryImgs.nth(0)).toHaveAttribute("width", "1000");
  await expect(galleryImgs.nth(0)).toHaveAttribute("height", "750");
  await expect(galleryImgs.nth(1)).toHaveAttribute("alt", "Lunch on the terrace");
  await expect(visitor.locator('#gallery source[type="image/avif"]').first()).toHaveAttribute(
    "srcset",
    /\/media\/.*\.avif 800w/,
  );
  const html = await visitor.content();
  expect(html).toMatch(/<link rel="preload" as="image" type="image\/avif" imagesrcset="\/media\//);
  // The illustration is neither drawn nor preloaded any more.
  expect(await visitor.locator("#hero").innerHTML()).not.toContain("hero-batur-sunrise");
  const preloads = await visitor
    .locator('head link[rel="preload"][as="image"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("imagesrcset") ?? ""));
  expect(preloads).toHaveLength(1);
  expect(preloads[0]).toMatch(/^\/media\//);
  // The photos load, from year-long cacheable, content-hashed URLs.
  await expect.poll(() => heroImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = (await visitor.locator('#gallery source[type="image/webp"]').first().getAttribute("srcset"))!.split(
    " ",
  )[0]!;
  const media = await visitor.request.get(`${baseUrl}${src}`);
  expect(media.status()).toBe(200);
  expect(media.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(media.headers()["content-type"]).toBe("image/webp");
  await noScript.close();
});
