import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { openDatabase } from "./client";

/**
 * Where the build leaves a migrated, empty PGlite database (beside the client build, so a build
 * and its template always come from the same sources): a first start on an empty DATA_DIR
 * loads it instead of running initdb and every migration.
 */
export function databaseTemplatePath(clientDir: string): string {
  return join(dirname(clientDir), "pglite-template.tar");
}

/** Writes the template: an in-memory database, migrated, dumped as PGlite's own tarball. */
export async function writeDatabaseTemplate(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await database.migrate();
    const files = await database.snapshot!();
    writeFileSync(file, Buffer.from(await files.arrayBuffer()));
  } finally {
    await database.close();
  }
}
