import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app";
import { buildIdOf, markLiveBuild, publishBuild, staleBuildReason } from "./client-builds";

/** A staged client build the way scripts/build.ts leaves it: HTML naming its hashed chunks. */
function stagedBuild(root: string, version: string): string {
  const dir = join(root, `staging-${version}`);
  const files: Record<string, string> = {
    [`assets/index-${version}.js`]: `import("./lazy-${version}.js")`,
    [`assets/lazy-${version}.js`]: `export const page = "${version}"`,
    "shell.html": `<script type="module" src="/assets/index-${version}.js"></script><!-- ${version} -->`,
    "index.html": `<h1>landing ${version}</h1><script type="module" src="/assets/index-${version}.js"></script>`,
    "favicon.svg": `<svg><!-- ${version} --></svg>`,
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}

function project() {
  const root = mkdtempSync(join(tmpdir(), "client-builds-"));
  return { root, clientDir: join(root, "dist", "client") };
}

describe("publishing a build (npm run build)", () => {
  it("keeps a running server's hashed chunks answering through later builds, and prunes them after it stops", async () => {
    const { root, clientDir } = project();
    publishBuild(stagedBuild(root, "v1"), clientDir, Date.now());
    const t = await createTestApp({ clientDir });
    try {
      const before = await t.app.inject("/assets/lazy-v1.js");
      expect(before.statusCode).toBe(200);

      // Two rebuilds in the same checkout while the server runs.
      publishBuild(stagedBuild(root, "v2"), clientDir, Date.now());
      publishBuild(stagedBuild(root, "v3"), clientDir, Date.now());
      expect(readFileSync(join(clientDir, "shell.html"), "utf8")).toContain("index-v3.js");

      // The running server still hands out v1's HTML, and every chunk it names still loads.
      const html = (await t.app.inject("/admin")).body;
      expect(html).toContain("/assets/index-v1.js");
      for (const chunk of ["/assets/index-v1.js", "/assets/lazy-v1.js"]) {
        const res = await t.app.inject(chunk);
        expect(res.statusCode, chunk).toBe(200);
      }
      // v2 was never served: nothing keeps it.
      expect(existsSync(join(clientDir, "assets/lazy-v2.js"))).toBe(false);
    } finally {
      await t.close();
    }
    publishBuild(stagedBuild(root, "v4"), clientDir, Date.now());
    expect(existsSync(join(clientDir, "assets/lazy-v1.js"))).toBe(false);
    expect(existsSync(join(clientDir, "assets/lazy-v3.js"))).toBe(false);
    expect(existsSync(join(clientDir, "assets/lazy-v4.js"))).toBe(true);
    expect(readFileSync(join(clientDir, "favicon.svg"), "utf8")).toContain("v4");
  });

  it("ignores the marker of a process that ended without removing it", () => {
    const { root, clientDir } = project();
    publishBuild(stagedBuild(root, "v1"), clientDir, Date.now());
    const shell = readFileSync(join(clientDir, "shell.html"), "utf8");
    markLiveBuild(clientDir, shell);
    // A marker left by a killed process: a pid that does not exist.
    writeFileSync(join(dirname(clientDir), ".client-builds", "live", "99999999-1"), `${buildIdOf("gone")}\n`);
    publishBuild(stagedBuild(root, "v2"), clientDir, Date.now());
    expect(existsSync(join(clientDir, "assets/lazy-v1.js"))).toBe(true); // this process is alive
    expect(existsSync(join(dirname(clientDir), ".client-builds", "live", "99999999-1"))).toBe(false);
  });
});

describe("staleBuildReason (npm start builds only when needed)", () => {
  it("wants a build when there is none, none while the sources are older, one when a source changes", () => {
    const { root, clientDir } = project();
    mkdirSync(join(root, "src"), { recursive: true });
    writeFileSync(join(root, "src", "main.tsx"), "export {};");
    writeFileSync(join(root, "src", "main.test.tsx"), "export {};");
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, "src", "main.tsx"), past, past);
    expect(staleBuildReason(root, clientDir)).toMatch(/has no build/);

    publishBuild(stagedBuild(root, "v1"), clientDir, Date.now() - 1000);
    expect(staleBuildReason(root, clientDir)).toBeNull();

    // A test file is not a build input.
    writeFileSync(join(root, "src", "main.test.tsx"), "export const changed = 1;");
    expect(staleBuildReason(root, clientDir)).toBeNull();

    writeFileSync(join(root, "src", "main.tsx"), "export const changed = 1;");
    expect(staleBuildReason(root, clientDir)).toMatch(/sources changed/);
  });

  it("wants a build when the published HTML is not the recorded build (built some other way)", () => {
    const { root, clientDir } = project();
    publishBuild(stagedBuild(root, "v1"), clientDir, Date.now());
    writeFileSync(join(clientDir, "shell.html"), "<p>built by hand</p>");
    expect(staleBuildReason(root, clientDir)).toMatch(/not the recorded one/);
  });
});
