import { describe, expect, it } from "vitest";
import { budgetBytes, growthAllowanceBytes, knownOver, overBudget, type RouteWeight } from "./admin-weight";

const route = (name: string, gzipBytes: number): RouteWeight => ({ route: name, files: [], gzipBytes, rawBytes: 0 });

describe("admin JavaScript budget check", () => {
  it("passes a route within the budget and fails a new route over it", () => {
    expect(overBudget([route("/admin/new", budgetBytes)])).toEqual([]);
    expect(overBudget([route("/admin/new", budgetBytes + 1)])).toHaveLength(1);
  });

  it("holds a known-over route at its figure: it fails once it grows past the allowance", () => {
    const [name, figure] = Object.entries(knownOver)[0]!;
    expect(overBudget([route(name, figure + growthAllowanceBytes)])).toEqual([]);
    expect(overBudget([route(name, figure + growthAllowanceBytes + 1)])[0]).toContain("may not grow");
  });
});
