import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

describe("PGlite data directory lock", () => {
  it("refuses a second holder in the same process until released", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(join(dir, "pglite.lock"))).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses a directory held by another live process, with a clear message", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
    try {
      writeFileSync(join(dir, "pglite.lock"), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(/already in use by process \d+/);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a dead process", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const child = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => child.on("exit", resolve));
    writeFileSync(join(dir, "pglite.lock"), String(child.pid));
    const release = lockDataDir(dir);
    release();
  });
});
