/**
 * The landing page rendered on the server from the published site content, per process with a
 * cache: two app instances on one database stand for two processes (on PostgreSQL each has its own
 * connection pool), each with its own cache. What one publishes, the other serves on its next request.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSiteContent, LandingData } from "../../../shared/schemas/site-content";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { landingDataElementId } from "../../http/landing-document";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { makeRenderer, type RenderLanding, type SsrModule } from "./landing-renderer";

const shell =
  '<!doctype html><html><head><meta\n      name="description"\n      content="Generic words" /><meta property="og:title" content="Bali Vegan Retreat" /><title>Bali Vegan Retreat</title></head><body><div id="root"></div><script type="module" src="/assets/entry.js"></script></body></html>';
const clientDir = mkdtempSync(join(tmpdir(), "rhq-landing-"));
writeFileSync(join(clientDir, "shell.html"), shell);
writeFileSync(join(clientDir, "index.html"), shell.replace('<div id="root"></div>', '<div id="root">BUILT PAGE</div>'));

/** A stand-in for the SSR bundle: the same template, a markup that shows what it was given. */
function countingRenderer() {
  const seen: LandingData[] = [];
  let fail = false;
  const ssr: SsrModule = {
    heroPreloadLink: '<link rel="preload" as="image" href="/hero.avif">',
    renderPage: async (_path, data) => {
      if (fail) throw new Error("render broke");
      seen.push(data!);
      const content = data!.site.content;
      return `<h1>${content.hero.title}</h1><p class="dates">${content.dates.label}</p><p class="retreat">${data!.retreat?.name}</p><ul>${content.faq.map((f) => `<li>${f.question}</li>`).join("")}</ul>`;
    },
  };
  const render: RenderLanding = makeRenderer(ssr, shell, clientDir, join(clientDir, "no-ssr"));
  return { render, seen, breakNext: (value: boolean) => (fail = value) };
}

const first = countingRenderer();
const second = countingRenderer();
let t: TestApp;
let other: FastifyInstance;
let owner: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ clientDir }, { landingRenderer: first.render });
  // The second "process": its own app and cache; on PostgreSQL its own connections to the same database.
  other = await buildApp(
    testConfig({ clientDir, databaseUrl: t.app.config.databaseUrl }),
    t.app.config.databaseUrl
      ? { landingRenderer: second.render }
      : { landingRenderer: second.render, database: t.app.database },
  );
  owner = (await signedInAs(t.app, "owner")).cookie;
  staff = (await signedInAs(t.app, "staff")).cookie;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const page = async (app: FastifyInstance) => {
  const res = await app.inject("/");
  expect(res.statusCode).toBe(200);
  return res.body;
};

async function publishTitle(title: string, question?: string) {
  const site = (await t.app.inject({ url: "/api/admin/site", headers: { cookie: staff } })).json() as AdminSiteContent;
  const content = structuredClone(site.draft);
  content.hero.title = title;
  if (question) content.faq.push({ question, answer: "Yes." });
  const saved = await t.app.inject({
    method: "PUT",
    url: "/api/admin/site/draft",
    headers: { cookie: staff },
    payload: { retreatId: site.retreatId, content },
  });
  expect(saved.statusCode).toBe(200);
  const published = await t.app.inject({
    method: "POST",
    url: "/api/admin/site/publish",
    headers: { cookie: owner },
    payload: { retreatId: site.retreatId },
  });
  expect(published.statusCode).toBe(200);
  return site.retreatId;
}

describe("the landing page rendered from the published site", () => {
  it("is complete HTML with the data it was rendered from, rendered once per publication", async () => {
    const html = await page(t.app);
    expect(html).toContain("<h1>Bali Vegan Activism Retreat 2026</h1>");
    expect(html).toContain('<div id="root" data-prerendered="landing">');
    expect(html).toContain('<link rel="preload" as="image" href="/hero.avif">');
    const data = JSON.parse(html.split(`id="${landingDataElementId}">`)[1]!.split("</script>")[0]!) as LandingData;
    expect(data.site.content.hero.title).toBe("Bali Vegan Activism Retreat 2026");
    expect(data.retreat?.bookingTypes.length).toBeGreaterThan(0);
    await page(t.app);
    await page(t.app);
    expect(first.seen).toHaveLength(1);
  });

  it("serves what one process publishes from every process's next request", async () => {
    expect(await page(other)).toContain("<h1>Bali Vegan Activism Retreat 2026</h1>");
    const before = second.seen.length;
    await publishTitle("Bali 2027: ten days that change everything", "Is there wifi?");
    // Published through the first app; the second had its own cached page and serves the new one.
    const html = await page(other);
    expect(html).toContain("<h1>Bali 2027: ten days that change everything</h1>");
    expect(html).toContain("<li>Is there wifi?</li>");
    expect(second.seen.length).toBe(before + 1);
    expect(await page(t.app)).toContain("<h1>Bali 2027: ten days that change everything</h1>");
  });

  it("follows a retreat renamed in Settings without a publication", async () => {
    const site = (
      await t.app.inject({ url: "/api/admin/site", headers: { cookie: staff } })
    ).json() as AdminSiteContent;
    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/retreats/${site.retreatId}`,
      headers: { cookie: owner },
      payload: { name: "Bali Retreat, the renamed one" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await page(other)).toContain('<p class="retreat">Bali Retreat, the renamed one</p>');
  });

  it("escapes the embedded data so typed text cannot end the script block", async () => {
    await publishTitle("Evil </script><script>alert(1)</script>");
    const html = await page(other);
    const block = html.split(`id="${landingDataElementId}">`)[1]!.split("</script>")[0]!;
    expect(block).toContain("\\u003c/script>\\u003cscript>alert(1)\\u003c/script>");
    expect((JSON.parse(block) as LandingData).site.content.hero.title).toBe("Evil </script><script>alert(1)</script>");
  });

  it("names the season's retreat, dates and lead in the head, escaped and taken literally", async () => {
    const site = (
      await t.app.inject({ url: "/api/admin/site", headers: { cookie: staff } })
    ).json() as AdminSiteContent;
    const content = structuredClone(site.draft);
    content.hero.lead = 'Ten days "in Bali" for $1 & <more>';
    await t.app.inject({
      method: "PUT",
      url: "/api/admin/site/draft",
      headers: { cookie: staff },
      payload: { retreatId: site.retreatId, content },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/admin/site/publish",
      headers: { cookie: owner },
      payload: { retreatId: site.retreatId },
    });
    const html = await page(other);
    expect(html).toContain("<title>Bali Retreat, the renamed one</title>");
    expect(html).toContain('<meta property="og:title" content="Bali Retreat, the renamed one" />');
    expect(html).toContain(
      `content="${content.dates.label}: Ten days &quot;in Bali&quot; for $1 &amp; &lt;more&gt;" />`,
    );
    expect(html).not.toContain("Generic words");
  });

  it("still serves a page when the render fails, and renders again on the next request", async () => {
    await publishTitle("After a failure");
    second.breakNext(true);
    const fallback = await page(other);
    expect(fallback).toContain("BUILT PAGE");
    second.breakNext(false);
    expect(await page(other)).toContain("<h1>After a failure</h1>");
  });
});
