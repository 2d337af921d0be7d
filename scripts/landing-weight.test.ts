import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { landingBudgetBytes, landingOverBudget, measureLanding } from "./landing-weight";

/** A fake build: incompressible bytes, so gzip size is about the raw size. */
function fakeBuild(sizes: Record<string, number>, manifest: object) {
  const dir = mkdtempSync(join(tmpdir(), "rhq-landing-weight-"));
  mkdirSync(join(dir, "assets"));
  for (const [file, size] of Object.entries(sizes)) writeFileSync(join(dir, file), randomBytes(size));
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  return { clientDir: dir, manifestFile: join(dir, "manifest.json") };
}

describe("the landing JavaScript budget (issue 22 target 2)", () => {
  const manifest = {
    "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js", "_app.js"] },
    "landing-boot.ts": { file: "assets/boot.js", isEntry: true, dynamicImports: ["landing-main.tsx"] },
    "landing-main.tsx": {
      file: "assets/landing.js",
      isDynamicEntry: true,
      imports: ["_react.js", "_page.js"],
      dynamicImports: ["form.tsx"],
    },
    "_react.js": { file: "assets/react.js" },
    "_app.js": { file: "assets/app.js" },
    "_page.js": { file: "assets/page.js", imports: ["_react.js"] },
    "form.tsx": { file: "assets/form.js", imports: ["_app.js"] },
  };

  it("counts the landing entry, the parts it loads after the first paint and their static imports, not the app's entry nor what loads on demand", () => {
    const build = fakeBuild(
      {
        "assets/boot.js": 300,
        "assets/index.js": 5000,
        "assets/landing.js": 1000,
        "assets/react.js": 2000,
        "assets/page.js": 3000,
        "assets/app.js": 40_000,
        "assets/form.js": 9000,
      },
      manifest,
    );
    const weight = measureLanding(build.clientDir, build.manifestFile);
    expect(weight.initial.map((chunk) => chunk.file).sort()).toEqual([
      "assets/boot.js",
      "assets/landing.js",
      "assets/page.js",
      "assets/react.js",
    ]);
    expect(weight.gzipBytes).toBeGreaterThan(6300);
    expect(weight.gzipBytes).toBeLessThan(6800);
    expect(weight.onDemand.map((chunk) => chunk.file).sort()).toEqual(["assets/app.js", "assets/form.js"]);
  });

  it("fails past 80,000 bytes gzip", () => {
    expect(landingBudgetBytes).toBe(80_000);
    expect(landingOverBudget({ gzipBytes: 80_000 })).toBeNull();
    expect(landingOverBudget({ gzipBytes: 80_001 })).toMatch(/80,001 B gzip .* over 80,000 B/);
  });

  it("refuses a build whose landing page has no entry of its own", () => {
    const build = fakeBuild({ "assets/index.js": 10 }, { "index.html": { file: "assets/index.js", isEntry: true } });
    expect(() => measureLanding(build.clientDir, build.manifestFile)).toThrow(/no entry of its own/);
  });
});
