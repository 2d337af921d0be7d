import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ClientManifest, landingTemplate } from "./landing-document";

const shell = [
  "<!doctype html><html><head><title>Retreat HQ</title>",
  '<script type="module" crossorigin src="/assets/index-app.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/app-core.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index.css">',
  '</head><body><div id="root"></div></body></html>',
].join("\n");

const clientDir = mkdtempSync(join(tmpdir(), "rhq-landing-doc-"));
mkdirSync(join(clientDir, "assets"));
writeFileSync(join(clientDir, "assets", "index.css"), "body{color:red}");

const data = {
  retreat: null,
  site: { content: { hero: { title: "Bali", lead: "Ten days" }, dates: { label: "2026" } } },
} as never;

describe("the landing document (decision 022)", () => {
  it("loads the landing page's own entry, not the app's entry and preloads, nor the parts it loads after the first paint", () => {
    const manifest: ClientManifest = {
      "index.html": { file: "assets/index-app.js", isEntry: true, imports: ["_react.js", "_app-core.js"] },
      "landing-boot.ts": {
        file: "assets/landing-boot.js",
        isEntry: true,
        imports: ["_preload-helper.js"],
        dynamicImports: ["landing-main.tsx"],
      },
      "landing-main.tsx": { file: "assets/landing.js", imports: ["_react.js", "_landing-page.js"] },
      "_preload-helper.js": { file: "assets/preload-helper.js" },
      "_react.js": { file: "assets/react.js" },
      "_app-core.js": { file: "assets/app-core.js" },
      "_landing-page.js": { file: "assets/landing-page.js", imports: ["_react.js", "_season.js"] },
      "_season.js": { file: "assets/season.js" },
    };
    const page = landingTemplate({ shellHtml: shell, clientDir, manifest, heroPreload: "<!-- hero -->" }).fill(
      "<main>landing</main>",
      data,
    );
    expect(page).toContain('<script type="module" crossorigin src="/assets/landing-boot.js"></script>');
    expect(page).not.toContain("index-app.js");
    expect(page).not.toContain("app-core.js");
    // The interactive parts and their imports load once the page is painted: not named in the HTML.
    for (const later of ["landing.js", "react.js", "landing-page.js", "season.js"]) {
      expect(page).not.toContain(`/assets/${later}`);
    }
    const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toEqual(["/assets/preload-helper.js"]);
    expect(page).toContain("<style>body{color:red}</style>");
    expect(page).toContain('<div id="root" data-prerendered="landing"><main>landing</main></div>');
  });

  it("keeps the app's entry for a build without a landing entry", () => {
    const manifest: ClientManifest = {
      "index.html": { file: "assets/index-app.js", isEntry: true },
      "features/landing/landing-page.tsx": { file: "assets/landing-page.js", imports: ["_parts.js"] },
      "_parts.js": { file: "assets/parts.js" },
    };
    const page = landingTemplate({ shellHtml: shell, clientDir, manifest, heroPreload: "" }).fill(
      "<main></main>",
      data,
    );
    expect(page).toContain('src="/assets/index-app.js"');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-page.js">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/parts.js">');
  });
});
