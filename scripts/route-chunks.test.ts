import { describe, expect, it } from "vitest";
import type { ClientManifest } from "../src/server/http/landing-document";
import { pageRoutes } from "../src/shared/routes";
import { pageModules, routeChunks, tabModules } from "./route-chunks";

describe("route chunks: what each page and dashboard tab loads before it is usable", () => {
  it("every page route and every split dashboard tab is found in the client's sources", () => {
    expect([...pageModules().keys()].sort()).toEqual(Object.keys(pageRoutes).sort());
    expect(pageModules().get("adminDashboard")).toBe("features/dashboard/dashboard-page.tsx");
    const tabs = tabModules();
    expect([...tabs.keys()]).toContain("applications");
    expect(tabs.has("overview")).toBe(false);
    expect(tabs.get("finance")).toEqual(["features/finance/finance-tab.tsx", "features/finance/finance-panel.tsx"]);
  });

  it("lists each page's and tab's scripts with their static imports, leaving out what the entry loads", () => {
    const manifest: ClientManifest = {
      "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js"] },
      "_react.js": { file: "assets/react.js" },
      "_shared.js": { file: "assets/shared.js", imports: ["_react.js"] },
      "_styles.css": { file: "assets/page.css" },
    };
    for (const [name, key] of pageModules()) {
      manifest[key] = { file: `assets/${name}.js`, imports: ["_shared.js", "_styles.css"] };
    }
    for (const keys of tabModules().values()) {
      for (const key of keys)
        manifest[key] ??= { file: `assets/${key.replace(/\W/g, "-")}.js`, imports: ["_react.js"] };
    }
    const chunks = routeChunks(manifest);
    expect(chunks.pages.adminDashboard).toEqual(["assets/adminDashboard.js", "assets/shared.js"]);
    expect(chunks.tabs.finance).toEqual([
      "assets/features-finance-finance-tab-tsx.js",
      "assets/features-finance-finance-panel-tsx.js",
    ]);
  });

  it("a module missing from the manifest fails the build instead of preloading nothing", () => {
    expect(() => routeChunks({ "index.html": { file: "assets/index.js", isEntry: true } })).toThrow(
      /not in the build manifest/,
    );
  });
});
