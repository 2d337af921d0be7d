/**
 * The test builders (imported only by tests and fixtures): retreats with their booking types,
 * applications in any stage, payment plans (inserted as the acceptance leaves them, or made by the
 * product's own acceptance), and a caller for `app.inject`. Signed-in users: `./test-sessions`.
 * Each builder takes the columns a test cares about as overrides; the rest get plain defaults.
 */
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { fromPence, toPence } from "../../shared/finance/money";
import { applications, bookingTypes, paymentPlans, payments, retreats } from "../db/schema";
import { acceptIntoRetreat } from "../features/admissions/admissions.service";
import { completePayment } from "../features/payments/payments.service";
import { type Signed, signedInAs } from "./test-sessions";

const system = { userId: null, ipAddress: null, userAgent: null };
let counter = 0;

/** A number no other row of this test run has taken: for unique names and addresses. */
export function nextNumber() {
  counter += 1;
  return counter;
}

export async function insertRetreat(app: FastifyInstance, overrides: Partial<typeof retreats.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(retreats)
    .values({ name: `Test retreat ${nextNumber()}`, status: "planning", ...overrides })
    .returning();
  return row!;
}

export type Rates = {
  solo?: string;
  couple?: string;
  /** The VIP add-on's price; null for a retreat without it. */
  vip?: string | null;
  /** "Solo" and "Couple (per person)" as the names guests read. */
  displayNames?: boolean;
};

/** The retreat's solo (1997), couple (1897 per person) and VIP add-on (600) rates, keyed by name. */
export async function insertBookingTypes(app: FastifyInstance, retreatId: string, rates: Rates = {}) {
  const named = rates.displayNames ?? false;
  const types = await app.db
    .insert(bookingTypes)
    .values([
      {
        retreatId,
        name: "solo",
        ...(named ? { displayName: "Solo" } : {}),
        basePrice: rates.solo ?? "1997.00",
        depositAmount: "500.00",
        maxOccupancy: 1,
        priority: 1,
      },
      {
        retreatId,
        name: "couple",
        ...(named ? { displayName: "Couple (per person)" } : {}),
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
  return Object.fromEntries(types.map((t) => [t.name, t]));
}

/** A retreat starting 2030-05-01 with its booking types (see insertBookingTypes). */
export async function retreatWithRates(
  app: FastifyInstance,
  overrides: Partial<typeof retreats.$inferInsert> = {},
  rates: Rates = {},
) {
  const retreat = await insertRetreat(app, { startDate: "2030-05-01", ...overrides });
  return { retreat, types: await insertBookingTypes(app, retreat.id, rates) };
}

/** An application (accepted unless the overrides say otherwise). */
export async function insertApplication(
  app: FastifyInstance,
  overrides: Partial<typeof applications.$inferInsert> & { retreatId: string | null },
) {
  const n = nextNumber();
  const [row] = await app.db
    .insert(applications)
    .values({
      firstName: `Guest${n}`,
      lastName: "Tester",
      email: `guest-${n}-${Date.now()}@example.com`,
      stage: "accepted",
      ...overrides,
    })
    .returning();
  return row!;
}

/** An applicant at the interview stage, the step before staff accept them. */
export async function applicant(
  app: FastifyInstance,
  retreatId: string,
  overrides: Partial<typeof applications.$inferInsert> = {},
) {
  return insertApplication(app, { retreatId, stage: "interview", ...overrides });
}

/** An accepted booking as staff make one: the payments feature's acceptance (plan and scheduled payments), then the stage. */
export async function acceptedBooking(
  app: FastifyInstance,
  application: typeof applications.$inferSelect,
  acceptedAt: Date = new Date(),
) {
  await app.db.transaction(async (tx) => {
    await acceptIntoRetreat(tx, application, system, acceptedAt);
    await tx.update(applications).set({ stage: "accepted" }).where(eq(applications.id, application.id));
  });
  return { ...application, stage: "accepted" };
}

/** Completes the application's first `count` scheduled payments (deposit first), as money received. */
export async function payScheduled(app: FastifyInstance, applicationId: string, count: number) {
  const due = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.status, "pending")))
    .orderBy(asc(payments.dueDate), asc(payments.createdAt))
    .limit(count);
  for (const row of due) {
    await app.db.transaction((tx) => completePayment(tx, row.id, { paymentMethod: "bank_transfer" }, system));
  }
  return due;
}

export type PlannedRow = {
  type?: "deposit" | "installment";
  amount: string;
  dueDate: string;
  description?: string;
  /** Already received (completed at createdAt), so it is never reminded about. */
  paid?: boolean;
};

/** A plan with scheduled payments, as createPlanForAcceptance leaves it, created at `createdAt`. */
export async function insertPlan(
  app: FastifyInstance,
  options: {
    applicationId: string;
    rows: PlannedRow[];
    createdAt: Date;
    status?: string;
  },
) {
  const total = options.rows.reduce((sum, r) => sum + toPence(r.amount), 0);
  const paid = options.rows.filter((r) => r.paid).reduce((sum, r) => sum + toPence(r.amount), 0);
  const [plan] = await app.db
    .insert(paymentPlans)
    .values({
      applicationId: options.applicationId,
      planType: "Shared room",
      totalAmount: fromPence(total),
      remainingAmount: fromPence(total - paid),
      installmentCount: options.rows.length - 1,
      status: options.status ?? "active",
      createdAt: options.createdAt,
    })
    .returning();
  const rows = await app.db
    .insert(payments)
    .values(
      options.rows.map((r, i) => ({
        applicationId: options.applicationId,
        paymentPlanId: plan!.id,
        type: r.type ?? (i === 0 ? "deposit" : "installment"),
        amount: r.amount,
        status: r.paid ? "completed" : "pending",
        paymentMethod: r.paid ? "bank_transfer" : "stripe",
        paidAt: r.paid ? options.createdAt : null,
        dueDate: r.dueDate,
        description: r.description ?? (i === 0 ? "Deposit" : `Instalment ${i} of ${options.rows.length - 1}`),
        createdAt: options.createdAt,
      })),
    )
    .returning();
  return { plan: plan!, payments: rows };
}

/** An accepted applicant on a retreat with a plan of the given payments. */
export async function applicantWithPlan(
  app: FastifyInstance,
  rows: PlannedRow[],
  options: { createdAt: Date; retreatName?: string; planStatus?: string; email?: string; firstName?: string },
) {
  const retreat = await insertRetreat(app, { name: options.retreatName ?? "Bali 2026", startDate: "2026-09-10" });
  const application = await insertApplication(app, {
    retreatId: retreat.id,
    firstName: options.firstName ?? "Ada",
    lastName: "Lovelace",
    ...(options.email ? { email: options.email } : {}),
  });
  const { plan, payments: created } = await insertPlan(app, {
    applicationId: application.id,
    rows,
    createdAt: options.createdAt,
    ...(options.planStatus ? { status: options.planStatus } : {}),
  });
  return { retreat, application, plan, payments: created };
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** `call(method, url, cookie, payload)`: an `app.inject` with the cookie header when there is one. */
export function caller(app: FastifyInstance) {
  return (method: Method, url: string, cookie: string | null, payload?: object) =>
    app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** Where most admin route tests start: the app, its caller, a signed-in staff member and a retreat. */
export type StaffDesk = { app: FastifyInstance; call: ReturnType<typeof caller>; staff: Signed; retreatId: string };

/** A StaffDesk on the app: a new staff member and a new retreat (with any columns the test cares about). */
export async function staffDesk(
  app: FastifyInstance,
  retreat: Partial<typeof retreats.$inferInsert> = {},
): Promise<StaffDesk> {
  const staff = await signedInAs(app, "staff");
  return { app, call: caller(app), staff, retreatId: (await insertRetreat(app, retreat)).id };
}

/** A complete travel form as a guest sends it (POST /api/travel-compliance); override what the test is about. */
export function travelFormBody(applicationId: string, overrides: Record<string, unknown> = {}) {
  return {
    applicationId,
    insuranceProvider: "SafetyWing",
    insurancePolicyNumber: "SW-123",
    insuranceExpiryDate: "2030-12-31",
    emergencyContactName: "Grace Hopper",
    emergencyContactRelationship: "Friend",
    emergencyContactPhone: "+1 555 0100",
    passportNumber: "123456789",
    passportExpiryDate: "2031-01-01",
    nationality: "British",
    ...overrides,
  };
}

/** A valid individual application (the public form's payload) with a unique address. */
export function applicationPayload(retreatId: string, email: string) {
  return {
    retreatId,
    firstName: "Fault",
    lastName: "Tester",
    email,
    phone: "+44 7700 900123",
    city: "London",
    country: "United Kingdom",
    motivations: "I want to learn effective advocacy with people who care about animals as much as I do.",
    advocacyInvolvement: "Street outreach every month for three years.",
    roomPreference: "private",
    consentGdpr: true,
    consentMarketing: true,
  };
}
