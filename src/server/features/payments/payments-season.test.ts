/** The Payments tab's overview and payments list for one season (the season switcher's ?retreatId=). */

import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import type { PaymentListResponse, PaymentOverview } from "../../../shared/schemas/payments";
import { retreats } from "../../db/schema";
import { applicantWithPlan, caller } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let staff: string;
let call: ReturnType<typeof caller>;

withTestApp(async (built) => {
  app = built;
  call = caller(app);
  staff = (await signedInAs(app, "staff")).cookie;
});

const today = () => todayIn("Europe/London");
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function twoSeasons() {
  const past = await applicantWithPlan(
    app,
    [
      { amount: "500.00", dueDate: addDays(today(), -20), paid: true },
      { amount: "300.00", dueDate: addDays(today(), -2) },
    ],
    { createdAt: daysAgo(3), retreatName: "Bali 2025", email: "past@example.com" },
  );
  await app.db.update(retreats).set({ currency: "EUR", status: "completed" }).where(eq(retreats.id, past.retreat.id));
  const next = await applicantWithPlan(
    app,
    [
      { amount: "700.00", dueDate: addDays(today(), -10), paid: true },
      { amount: "900.00", dueDate: addDays(today(), 5) },
    ],
    { createdAt: daysAgo(2), retreatName: "Bali 2027", email: "next@example.com" },
  );
  return { past, next };
}

describe("GET /api/admin/payment-overview?retreatId=", () => {
  it("covers only that season's payments, in its currency", async () => {
    const { past, next } = await twoSeasons();
    const res = await call("GET", `/api/admin/payment-overview?retreatId=${past.retreat.id}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PaymentOverview;
    expect(body.totalOutstanding).toBe("300.00");
    expect(body.overdueCount).toBe(1);
    expect(body.overduePayments.map((p) => p.applicantEmail)).toEqual(["past@example.com"]);
    expect(body.upcomingCount).toBe(0);
    expect(body.recentPayments.map((p) => p.applicantEmail)).toEqual(["past@example.com"]);
    expect(body.recentAmount).toBe("500.00");
    expect(body.currency).toBe("EUR");

    const other = (await call("GET", `/api/admin/payment-overview?retreatId=${next.retreat.id}`, staff)).json();
    expect(other.totalOutstanding).toBe("900.00");
    expect(other.upcomingPayments.map((p: { applicantEmail: string }) => p.applicantEmail)).toEqual([
      "next@example.com",
    ]);
    expect(other.overdueCount).toBe(0);

    // Without a retreatId it still covers every retreat.
    const all = (await call("GET", "/api/admin/payment-overview", staff)).json() as PaymentOverview;
    expect(all.recentPayments.map((p) => p.applicantEmail)).toEqual(
      expect.arrayContaining(["past@example.com", "next@example.com"]),
    );
  });

  it("answers 404 for an unknown retreat and 400 for a malformed one", async () => {
    const unknown = await call("GET", `/api/admin/payment-overview?retreatId=${crypto.randomUUID()}`, staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Retreat not found.");
    expect((await call("GET", "/api/admin/payment-overview?retreatId=nope", staff)).statusCode).toBe(400);
  });
});

describe("GET /api/admin/payments?retreatId=", () => {
  it("lists and counts only that season's payments", async () => {
    const { past } = await twoSeasons();
    const res = await call("GET", `/api/admin/payments?retreatId=${past.retreat.id}&page=1&pageSize=20`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PaymentListResponse;
    expect(body.total).toBe(2);
    expect(new Set(body.items.map((p) => p.applicantEmail))).toEqual(new Set(["past@example.com"]));
    const pending = (
      await call("GET", `/api/admin/payments?retreatId=${past.retreat.id}&status=pending`, staff)
    ).json() as PaymentListResponse;
    expect(pending.items.map((p) => p.amount)).toEqual(["300.00"]);
    expect((await call("GET", `/api/admin/payments?retreatId=${crypto.randomUUID()}`, staff)).statusCode).toBe(404);
  });
});

describe("the Payments tab's other season lists", () => {
  it("lists a season's plans and booking types, and 404s an unknown retreat", async () => {
    const { past } = await twoSeasons();
    const plans = await call("GET", `/api/admin/payment-plans?retreatId=${past.retreat.id}`, staff);
    expect(plans.statusCode).toBe(200);
    expect(plans.json().map((p: { applicantEmail: string }) => p.applicantEmail)).toEqual(["past@example.com"]);
    for (const path of ["/api/admin/payment-plans", "/api/admin/booking-types"]) {
      const res = await call("GET", `${path}?retreatId=${crypto.randomUUID()}`, staff);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe("Retreat not found.");
    }
  });
});
