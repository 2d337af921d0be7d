/**
 * The Site tab's preview (GET /api/admin/site/preview): a retreat's draft rendered by the renderer
 * that serves "/", for owner and staff only, framable by our own pages only, script-free. The
 * renderer is a stand-in for the SSR bundle that escapes text as React does and inserts the
 * Markdown fields' HTML as the landing page's RichText does; the document around it is the real
 * template (makeRenderer), with a client manifest so the page carries module preloads.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSiteContent, LandingData, SiteContent } from "../../../shared/schemas/site-content";
import { landingDataElementId } from "../../http/landing-document";
import { retreatWithRates } from "../../test/builders";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { makeRenderer, type SsrModule } from "./landing-renderer";
import { withoutScripts } from "./preview-document";
import { previewMessages } from "./public-site.service";

const shell =
  '<!doctype html><html><head><title>Retreat HQ</title></head><body><div id="root"></div><script type="module" crossorigin src="/assets/entry.js"></script></body></html>';
const clientDir = mkdtempSync(join(tmpdir(), "rhq-preview-"));
const ssrDir = join(clientDir, "ssr");
mkdirSync(ssrDir);
writeFileSync(join(clientDir, "shell.html"), shell);
writeFileSync(join(clientDir, "index.html"), shell);
writeFileSync(
  join(ssrDir, "landing-manifest.json"),
  JSON.stringify({
    "src/client/main.tsx": { file: "assets/entry.js", isEntry: true },
    "src/client/features/landing/landing-page.tsx": { file: "assets/landing.js", imports: ["_parts.js"] },
    "_parts.js": { file: "assets/parts.js" },
  }),
);

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const ssr: SsrModule = {
  heroPreloadLink: '<link rel="preload" as="image" href="/hero.avif">',
  renderPage: async (_path, data) => {
    const { content } = data!.site;
    return [
      `<h1>${escapeHtml(content.hero.title)}</h1>`,
      `<p class="retreat">${escapeHtml(data!.retreat?.name ?? "")}</p>`,
      `<div class="about">${content.about.bodyHtml}</div>`,
      `<ul>${content.faq.map((f) => `<li>${escapeHtml(f.question)}<div>${f.answerHtml}</div></li>`).join("")}</ul>`,
    ].join("");
  },
};

let t: TestApp;
const cookie = {} as Record<"owner" | "staff" | "vendor" | "guest", string>;

beforeAll(async () => {
  t = await createTestApp({ clientDir }, { landingRenderer: makeRenderer(ssr, shell, clientDir, ssrDir) });
  for (const role of ["owner", "staff", "vendor", "guest"] as const)
    cookie[role] = (await signedInAs(t.app, role)).cookie;
});
afterAll(async () => t?.close());

const preview = (app: FastifyInstance, retreatId: string, who: string | null = cookie.staff) =>
  app.inject({ url: `/api/admin/site/preview?retreatId=${retreatId}`, headers: who ? { cookie: who } : {} });

async function saveDraft(retreatId: string, change: (content: SiteContent) => void) {
  const site = (
    await t.app.inject({ url: `/api/admin/site?retreatId=${retreatId}`, headers: { cookie: cookie.staff } })
  ).json() as AdminSiteContent;
  const content = structuredClone(site.draft);
  change(content);
  const saved = await t.app.inject({
    method: "PUT",
    url: "/api/admin/site/draft",
    headers: { cookie: cookie.staff },
    payload: { retreatId, content },
  });
  expect(saved.statusCode).toBe(200);
}

const embedded = (html: string) =>
  JSON.parse(html.split(`id="${landingDataElementId}">`)[1]!.split("</script>")[0]!) as LandingData;

const currentRetreatId = async () =>
  ((await t.app.inject({ url: "/api/admin/site", headers: { cookie: cookie.staff } })).json() as AdminSiteContent)
    .retreatId;

describe("the Site tab's preview", () => {
  it("is for owner and staff only", async () => {
    const retreatId = await currentRetreatId();
    expect((await preview(t.app, retreatId, null)).statusCode).toBe(401);
    expect((await preview(t.app, retreatId, cookie.vendor)).statusCode).toBe(403);
    expect((await preview(t.app, retreatId, cookie.guest)).statusCode).toBe(403);
    expect((await preview(t.app, retreatId, cookie.staff)).statusCode).toBe(200);
    expect((await preview(t.app, retreatId, cookie.owner)).statusCode).toBe(200);
  });

  it("answers 404 for a retreat that does not exist and 400 without a retreat id", async () => {
    const missing = await preview(t.app, "00000000-0000-4000-8000-000000000099");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Retreat not found." });
    const bad = await t.app.inject({ url: "/api/admin/site/preview", headers: { cookie: cookie.staff } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("retreatId must be a retreat id");
  });

  it("shows the draft as the page would serve it, while '/' keeps serving what is published", async () => {
    const retreatId = await currentRetreatId();
    await saveDraft(retreatId, (c) => {
      c.hero.title = "Draft title for the preview";
      c.faq.push({ question: "Is there a draft question?", answer: "Yes, *only* in the draft." });
    });
    const res = await preview(t.app, retreatId);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain("<h1>Draft title for the preview</h1>");
    expect(res.body).toContain("<li>Is there a draft question?<div><p>Yes, <em>only</em> in the draft.</p></div></li>");
    // The document is the served one: the template's stylesheet and hero preload, the data beside #root.
    expect(res.body).toContain('<div id="root" data-prerendered="landing">');
    expect(res.body).toContain('<link rel="preload" as="image" href="/hero.avif">');
    expect(embedded(res.body).site.content.hero.title).toBe("Draft title for the preview");

    const served = await t.app.inject("/");
    expect(served.body).not.toContain("Draft title for the preview");
    expect(served.body).toContain("<h1>Bali Vegan Activism Retreat 2026</h1>");
  });

  it("previews a season the public site does not show, with that season's name and prices", async () => {
    const { retreat } = await retreatWithRates(
      t.app,
      { name: "Bali Retreat 2031", status: "planning" },
      { solo: "2222.00" },
    );
    await saveDraft(retreat.id, (c) => {
      c.hero.title = "Bali 2031";
    });
    const res = await preview(t.app, retreat.id);
    expect(res.body).toContain("<h1>Bali 2031</h1>");
    expect(res.body).toContain('<p class="retreat">Bali Retreat 2031</p>');
    const data = embedded(res.body);
    expect(data.retreat?.id).toBe(retreat.id);
    expect(data.retreat?.bookingTypes.find((b) => b.name === "solo")?.basePrice).toBe("2222.00");
    expect(data.site.retreatId).toBe(retreat.id);
    expect(data.site.seasonYear).toBe(2030);
  });

  it("keeps script typed into the draft inert: escaped text, sanitised Markdown, escaped data, no scripts", async () => {
    const retreatId = await currentRetreatId();
    const title = 'Evil </script><script>alert("title")</script>';
    await saveDraft(retreatId, (c) => {
      c.hero.title = title;
      c.about.body = '<script>alert("about")</script>\n\nAnd **bold**';
      c.faq[0]!.answer = "<img src=x onerror=alert(1)> [link](javascript:alert(2))";
    });
    const res = await preview(t.app, retreatId);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script(?![^>]*type="application\/json")/);
    expect(res.body).not.toContain("<img");
    expect(res.body).not.toContain("javascript:");
    expect(res.body).toContain("<h1>Evil &lt;/script&gt;&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;</h1>");
    expect(res.body).toContain('&lt;script&gt;alert("about")&lt;/script&gt;');
    expect(res.body).toContain("<p>And <strong>bold</strong></p>");
    expect(embedded(res.body).site.content.hero.title).toBe(title);
  });

  it("is, once the draft is published, the page '/' serves byte for byte but for its scripts", async () => {
    const retreatId = await currentRetreatId();
    await saveDraft(retreatId, (c) => {
      c.hero.title = "Published and previewed";
    });
    const published = await t.app.inject({
      method: "POST",
      url: "/api/admin/site/publish",
      headers: { cookie: cookie.owner },
      payload: { retreatId },
    });
    expect(published.statusCode).toBe(200);
    const served = (await t.app.inject("/")).body;
    expect(served).toContain("<h1>Published and previewed</h1>");
    expect((await preview(t.app, retreatId)).body).toBe(withoutScripts(served));
  });

  it("leaves out the client's scripts and module preloads that '/' carries", async () => {
    const retreatId = await currentRetreatId();
    const served = (await t.app.inject("/")).body;
    expect(served).toContain('<script type="module" crossorigin src="/assets/entry.js"></script>');
    expect(served).toContain('<link rel="modulepreload" crossorigin href="/assets/landing.js">');
    const body = (await preview(t.app, retreatId)).body;
    expect(body).not.toContain("/assets/entry.js");
    expect(body).not.toContain("modulepreload");
    expect(body).toContain(`<script type="application/json" id="${landingDataElementId}">`);
  });

  it("may be framed by our own pages only, and is neither stored nor indexed; every other page stays unframable", async () => {
    const res = await preview(t.app, await currentRetreatId());
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    // Otherwise the policy every page has, word for word.
    const everywhere = String((await t.app.inject("/")).headers["content-security-policy"]);
    expect(csp).toBe(
      everywhere
        .replace("script-src 'self'", "script-src 'none'")
        .replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    );

    // A refused preview is an ordinary API error, as unframable as the rest.
    const missing = await preview(t.app, "00000000-0000-4000-8000-000000000099");
    expect(missing.headers["x-frame-options"]).toBe("DENY");
    for (const url of ["/", "/admin/dashboard", "/api/admin/site"]) {
      const other = await t.app.inject({ url, headers: { cookie: cookie.staff } });
      expect(other.headers["x-frame-options"], url).toBe("DENY");
      expect(String(other.headers["content-security-policy"]), url).toContain("frame-ancestors 'none'");
    }
  });
});

describe("the preview without a client build", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ clientDir }, { landingRenderer: null });
  });
  afterAll(async () => bare?.close());

  it("answers 503 and says what to do", async () => {
    const owner = (await signedInAs(bare.app, "owner")).cookie;
    const site = (
      await bare.app.inject({ url: "/api/admin/site", headers: { cookie: owner } })
    ).json() as AdminSiteContent;
    const res = await preview(bare.app, site.retreatId, owner);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: previewMessages.notBuilt });
  });
});
