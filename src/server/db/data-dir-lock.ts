import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by process ${pid}. ` +
        "PGlite allows one process per data directory: stop that process first, use another DATA_DIR, " +
        "or set DATABASE_URL to use PostgreSQL for several processes.",
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on a PGlite data directory. Two processes writing one PGlite directory
 * corrupt it, so a second process must refuse to start. A lock left by a dead process (kill -9)
 * is taken over.
 */
const heldByThisProcess = new Set<string>();

export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "pglite.lock");
  if (heldByThisProcess.has(file)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldByThisProcess.add(file);
      return () => {
        heldByThisProcess.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && isAlive(holder) && holder !== process.pid) {
        throw new DataDirLockedError(dir, holder);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
