// Part of `npm run build`: a migrated, empty PGlite database for first starts on an empty DATA_DIR
// (see src/server/db/database-template.ts). Option: --out <file>.
import { parseArgs } from "node:util";
import { writeDatabaseTemplate } from "../src/server/db/database-template";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) throw new Error("--out <file> is required");
await writeDatabaseTemplate(values.out);
