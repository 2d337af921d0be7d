/** Test-only rows for the payments tests (imported only by *.test.ts). */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { applications, bookingTypes, paymentPlans, payments, retreats } from "../../db/schema";

let counter = 0;

/** A retreat with its own solo (1997), couple (1897 per person) and VIP add-on (600) rates. */
export async function retreatWithRates(
  app: FastifyInstance,
  overrides: Partial<typeof retreats.$inferInsert> = {},
  rates: { solo?: string; couple?: string; vip?: string | null } = {},
) {
  counter += 1;
  const [retreat] = await app.db
    .insert(retreats)
    .values({ name: `Payments retreat ${counter}`, status: "planning", startDate: "2030-05-01", ...overrides })
    .returning();
  const retreatId = retreat!.id;
  const types = await app.db
    .insert(bookingTypes)
    .values([
      { retreatId, name: "solo", basePrice: rates.solo ?? "1997.00", depositAmount: "500.00", priority: 1 },
      {
        retreatId,
        name: "couple",
        basePrice: rates.couple ?? "1897.00",
        depositAmount: "500.00",
        maxOccupancy: 2,
        priority: 2,
      },
      ...(rates.vip === null
        ? []
        : [
            {
              retreatId,
              name: "vip",
              basePrice: rates.vip ?? "600.00",
              depositAmount: "0.00",
              isAddon: true,
              priority: 3,
            },
          ]),
    ])
    .returning();
  const byName = Object.fromEntries(types.map((t) => [t.name, t]));
  return { retreat: retreat!, types: byName };
}

export async function applicant(
  app: FastifyInstance,
  retreatId: string,
  overrides: Partial<typeof applications.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await app.db
    .insert(applications)
    .values({
      retreatId,
      firstName: `Pay${counter}`,
      lastName: "Tester",
      email: `pay-${counter}-${Date.now()}@example.com`,
      stage: "interview",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function plansOf(app: FastifyInstance, applicationId: string) {
  return app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, applicationId));
}

export async function activePlanOf(app: FastifyInstance, applicationId: string) {
  const [plan] = await app.db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.applicationId, applicationId), eq(paymentPlans.status, "active")));
  return plan;
}

export async function paymentsOfPlan(app: FastifyInstance, planId: string) {
  const rows = await app.db.select().from(payments).where(eq(payments.paymentPlanId, planId));
  return rows.sort((a, b) => ((a.metadata.sequence as number) ?? 99) - ((b.metadata.sequence as number) ?? 99));
}
