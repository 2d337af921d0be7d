import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const marker = ".prepared";

/**
 * A new DATA_DIR for a journey's own server, set up by `prepare` with the real CLIs. Migrating a
 * fresh PGlite takes most of the setup time (tens of seconds on a busy machine), so the project
 * that prepares one leaves a copy at `spare`, and the next project of the same run takes that
 * copy instead of preparing again. `spare` belongs in the run's output folder, which Playwright
 * empties when a run starts: nothing from an earlier run (or an older schema) is reused.
 */
export async function preparedDataDir(
  prefix: string,
  spare: string,
  prepare: (dataDir: string) => Promise<void>,
): Promise<string> {
  const taken = takeSpare(prefix, spare);
  if (taken) return taken;
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  await prepare(dataDir);
  leaveSpare(dataDir, spare);
  return dataDir;
}

/** A copy of the spare, which is removed; null when there is none or it cannot be copied. */
function takeSpare(prefix: string, spare: string): string | null {
  if (!existsSync(join(spare, marker))) return null;
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    cpSync(spare, dataDir, { recursive: true });
    rmSync(join(dataDir, marker));
    return dataDir;
  } catch {
    rmSync(dataDir, { recursive: true, force: true });
    return null;
  } finally {
    rmSync(spare, { recursive: true, force: true });
  }
}

function leaveSpare(dataDir: string, spare: string) {
  const partial = `${spare}.${process.pid}.partial`;
  try {
    // Copied, marked, then renamed into place: a half-written spare is never taken.
    cpSync(dataDir, partial, { recursive: true });
    writeFileSync(join(partial, marker), "");
    rmSync(spare, { recursive: true, force: true });
    renameSync(partial, spare);
  } catch {
    // No spare this time: the next project prepares its own.
    rmSync(partial, { recursive: true, force: true });
  }
}
