import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations
import { findBoundaryViolations } from "./check-boundaries.mjs";

let root: string;
function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), "rhq-boundaries-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

const check = (files: Record<string, string>): string[] => findBoundaryViolations(tree(files));

describe("scripts/check-boundaries.mjs", () => {
  it("lets a feature use another through its service or index, and tests reach anywhere", () => {
    expect(
      check({
        "features/rooms/rooms.service.ts": 'import { x } from "../retreats/retreats.service";\n',
        "features/guests/guests.service.ts":
          'import { y } from "../retreats";\nimport type { Z } from "../../db/types";\n',
        "features/guests/guests.test.ts": 'import { z } from "../retreats/retreats.repo";\n',
        "features/retreats/retreats.service.ts": "export const x = 1;\n",
        "features/retreats/index.ts": 'export { x as y } from "./retreats.service";\n',
        "features/index.ts": 'import { r } from "./rooms/rooms.routes";\n',
        "db/types.ts": "export type Z = 1;\n",
      }),
    ).toEqual([]);
  });

  it("fails a deliberate reach into another feature's internals", () => {
    expect(
      check({
        "features/schedule/schedule.routes.ts": 'import { registerRoomRoutes } from "../rooms/rooms.routes";\n',
        "features/rooms/rooms.routes.ts": "export const registerRoomRoutes = 1;\n",
      }),
    ).toEqual([
      "features/schedule/schedule.routes.ts imports features/rooms/rooms.routes: another feature's internals (use its rooms/*.service.ts or an index.ts)",
    ]);
  });

  it("fails infrastructure that imports a feature", () => {
    expect(
      check({
        "email/marketing.ts": 'import { getCurrentRetreat } from "../features/retreats/retreats.service";\n',
        "features/retreats/retreats.service.ts": "export const getCurrentRetreat = 1;\n",
      }),
    ).toEqual([
      "email/marketing.ts imports features/retreats/retreats.service: infrastructure (email/) must not import a feature",
    ]);
  });

  it("fails a cycle between features, type-only imports and multi-line imports included", () => {
    expect(
      check({
        "features/payments/payments.service.ts":
          'import {\n  type Place,\n  takePlace,\n} from "../places/places.service";\n',
        "features/places/places.service.ts": 'import type { Plan } from "../payments/payments.service";\n',
      }),
    ).toEqual(["import cycle between features: payments -> places -> payments"]);
  });
});
