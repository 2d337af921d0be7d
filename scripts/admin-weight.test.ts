import { describe, expect, it } from "vitest";
import { budgetBytes, overBudget, type RouteWeight } from "./admin-weight";

const route = (name: string, gzipBytes: number): RouteWeight => ({ route: name, files: [], gzipBytes, rawBytes: 0 });

describe("admin JavaScript budget check", () => {
  it("passes a route within the budget and fails any route over it", () => {
    expect(overBudget([route("/admin/new", budgetBytes)])).toEqual([]);
    expect(overBudget([route("/admin/new", budgetBytes + 1)])).toHaveLength(1);
    expect(overBudget([route("/admin/dashboard?tab=waitlist", budgetBytes + 1)])[0]).toContain("over 120.0 KB");
  });
});
