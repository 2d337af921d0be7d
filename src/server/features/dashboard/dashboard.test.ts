import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toPence } from "../../../shared/finance/money";
import { upsertUserWithPassword } from "../../auth/users.service";
import { applications, paymentPlans, payments, retreats, tasks } from "../../db/schema";
import { insertRetreat } from "../../test/builders";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
const password = "correct horse battery staple";

async function signIn(role: "owner" | "staff" | "vendor" | "guest"): Promise<string> {
  const email = `${role}@example.com`;
  await upsertUserWithPassword(t.app.db, { email, password, role });
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies[0]!;
  return `${cookie.name}=${cookie.value}`;
}

async function dashboard(cookie: string) {
  return t.app.inject({ url: "/api/admin/dashboard", headers: cookie ? { cookie } : {} });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("GET /api/admin/dashboard", () => {
  it("is for owner and staff only", async () => {
    expect((await dashboard("")).statusCode).toBe(401);
    expect((await dashboard(await signIn("vendor"))).statusCode).toBe(403);
    expect((await dashboard(await signIn("guest"))).statusCode).toBe(403);
    expect((await dashboard(await signIn("staff"))).statusCode).toBe(200);
  });

  it("reports zeros for every stage on an empty database", async () => {
    const body = (await dashboard(await signIn("owner"))).json();
    expect(body).toMatchObject({ totalApplications: 0, pendingTasks: 0, totalRevenue: "0.00", retreats: 1 });
    expect(body.applicationsByStage).toEqual({
      new: 0,
      screening: 0,
      interview: 0,
      accepted: 0,
      payment: 0,
      waitlist: 0,
      declined: 0,
    });
    expect(body.currentRetreat.name).toBe("Bali Vegan Activism Retreat 2026");
  });

  it("counts real rows: applications per stage, pending tasks, completed payments, retreats", async () => {
    const [retreat] = await t.app.db.select().from(retreats).limit(1);
    const stages = ["new", "new", "new", "screening", "interview", "accepted", "payment", "declined", "declined"];
    const inserted = await t.app.db
      .insert(applications)
      .values(stages.map((stage, i) => ({ retreatId: retreat!.id, email: `a${i}@example.com`, stage })))
      .returning({ id: applications.id });
    await t.app.db.insert(tasks).values([
      { retreatId: retreat!.id, title: "Book villa", status: "pending" },
      { retreatId: retreat!.id, title: "Hire chef", status: "pending" },
      { retreatId: retreat!.id, title: "Print guides", status: "in_progress" },
      { retreatId: retreat!.id, title: "Flights", status: "completed" },
    ]);
    // Decimal-safe: 0.10 + 0.20 + 1997.00 is exactly 1997.30; pending and failed ones do not count.
    await t.app.db.insert(payments).values([
      { applicationId: inserted[0]!.id, type: "deposit", amount: "0.10", status: "completed" },
      { applicationId: inserted[1]!.id, type: "deposit", amount: "0.20", status: "completed" },
      { applicationId: inserted[2]!.id, type: "full", amount: "1997.00", status: "completed" },
      { applicationId: inserted[3]!.id, type: "deposit", amount: "500.00", status: "pending" },
      { applicationId: inserted[4]!.id, type: "deposit", amount: "500.00", status: "failed" },
    ]);
    await insertRetreat(t.app, { name: "Costa Rica 2027", status: "planning" });

    const body = (await dashboard(await signIn("owner"))).json();
    expect(body.totalApplications).toBe(9);
    expect(body.applicationsByStage).toEqual({
      new: 3,
      screening: 1,
      interview: 1,
      accepted: 1,
      payment: 1,
      waitlist: 0,
      declined: 2,
    });
    expect(body.pendingTasks).toBe(2);
    expect(body.totalRevenue).toBe("1997.30");
    expect(body.retreats).toBe(2);
    expect(body.currentRetreat).toEqual({ id: retreat!.id, name: retreat!.name });
  });

  it("takes revenue from the same rows as the Finance tab: refunds subtracted, money due not counted", async () => {
    const owner = await signIn("owner");
    const before = (await dashboard(owner)).json().totalRevenue as string;
    const retreat = await insertRetreat(t.app, { name: "Finance check", status: "closed" });
    const [app] = await t.app.db
      .insert(applications)
      .values({ retreatId: retreat.id, email: "refund@example.com", stage: "payment" })
      .returning();
    const [plan] = await t.app.db
      .insert(paymentPlans)
      .values({ applicationId: app!.id, planType: "installments", totalAmount: "1997.00", remainingAmount: "1497.00" })
      .returning();
    await t.app.db.insert(payments).values([
      { applicationId: app!.id, paymentPlanId: plan!.id, type: "deposit", amount: "500.00", status: "completed" },
      { applicationId: app!.id, paymentPlanId: plan!.id, type: "installment", amount: "748.50", status: "pending" },
      { applicationId: app!.id, type: "refund", amount: "200.00", status: "completed" },
      { applicationId: app!.id, type: "refund", amount: "50.00", status: "pending" },
    ]);
    const after = (await dashboard(owner)).json().totalRevenue as string;
    // 500.00 received minus the 200.00 refund; the pending instalment and pending refund change nothing.
    expect(toPence(after) - toPence(before)).toBe(30_000);
    const summary = await t.app.inject({
      url: `/api/admin/financial-summary?retreatId=${retreat.id}`,
      headers: { cookie: owner },
    });
    expect(summary.json().revenue).toEqual({ received: "300.00", due: "748.50", total: "1048.50" });
  });
});
