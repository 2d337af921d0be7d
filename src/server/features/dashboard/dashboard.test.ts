import { eq } from "drizzle-orm";
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

describe("GET /api/admin/dashboard?retreatId= (the season switcher's season)", () => {
  it("gives a past season its own applications, pending tasks and revenue, not the current one's", async () => {
    const owner = await signIn("owner");
    const past = await insertRetreat(t.app, { name: "Bali 2025", status: "completed" });
    const [current] = await t.app.db.select().from(retreats).where(eq(retreats.status, "open")).limit(1);
    const pastApps = await t.app.db
      .insert(applications)
      .values([
        { retreatId: past.id, email: "p1@example.com", stage: "payment" },
        { retreatId: past.id, email: "p2@example.com", stage: "declined" },
      ])
      .returning({ id: applications.id });
    await t.app.db.insert(applications).values({ retreatId: current!.id, email: "c1@example.com", stage: "new" });
    await t.app.db.insert(tasks).values([
      { retreatId: past.id, title: "Past pending", status: "pending" },
      { retreatId: current!.id, title: "Current pending", status: "pending" },
    ]);
    await t.app.db.insert(payments).values([
      { applicationId: pastApps[0]!.id, type: "full", amount: "1200.00", status: "completed" },
      { applicationId: pastApps[0]!.id, type: "refund", amount: "200.00", status: "completed" },
    ]);
    const everything = (await dashboard(owner)).json();

    const res = await t.app.inject({ url: `/api/admin/dashboard?retreatId=${past.id}`, headers: { cookie: owner } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalApplications).toBe(2);
    expect(body.applicationsByStage).toMatchObject({ payment: 1, declined: 1, new: 0 });
    expect(body.pendingTasks).toBe(1);
    expect(body.totalRevenue).toBe("1000.00");
    expect(body.retreats).toBe(everything.retreats);
    expect(body.season).toEqual({ id: past.id, name: "Bali 2025" });
    expect(body.currentRetreat).toEqual({ id: current!.id, name: current!.name });
    // Without a retreatId the figures still cover every retreat.
    expect(everything.season).toBeNull();
    expect(everything.totalApplications).toBeGreaterThan(body.totalApplications);

    const mine = (
      await t.app.inject({ url: `/api/admin/dashboard?retreatId=${current!.id}`, headers: { cookie: owner } })
    ).json();
    expect(mine.applicationsByStage.declined).toBe(everything.applicationsByStage.declined - 1);
    expect(mine.pendingTasks).toBe(everything.pendingTasks - 1);
  });

  it("answers 404 for an unknown retreat and 400 for a malformed id", async () => {
    const owner = await signIn("owner");
    const unknown = await t.app.inject({
      url: `/api/admin/dashboard?retreatId=${crypto.randomUUID()}`,
      headers: { cookie: owner },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Retreat not found.");
    const bad = await t.app.inject({ url: "/api/admin/dashboard?retreatId=nope", headers: { cookie: owner } });
    expect(bad.statusCode).toBe(400);
  });
});
