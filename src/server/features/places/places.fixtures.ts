/**
 * Test data for the places tests (imported only by *.test.ts): a retreat of its own per test
 * with its booking types, applications in any stage, bookings with real payment plans made by
 * the payments feature's own acceptance, and the offer emails the outbox holds.
 */
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { applications, bookingTypes, emailLogs, payments, retreats } from "../../db/schema";
import { hiddenLinkAt } from "../../test/hidden-link-at";
import { sendOutboxRow } from "../../test/sent-mail";
import { acceptIntoRetreat } from "../admissions/admissions.service";
import { completePayment } from "../payments/payments.service";

const system = { userId: null, ipAddress: null, userAgent: null };
let counter = 0;

export async function makeRetreat(
  app: FastifyInstance,
  options: { capacity?: number; startDate?: string | null } = {},
) {
  counter += 1;
  const [retreat] = await app.db
    .insert(retreats)
    .values({
      name: `Test retreat ${counter}`,
      capacity: options.capacity ?? 15,
      startDate: options.startDate === undefined ? "2030-06-01" : options.startDate,
      endDate: options.startDate === null ? null : "2030-06-10",
      status: "planning",
    })
    .returning();
  await app.db.insert(bookingTypes).values([
    {
      retreatId: retreat!.id,
      name: "solo",
      displayName: "Solo",
      basePrice: "1997.00",
      depositAmount: "500.00",
      maxOccupancy: 1,
      priority: 1,
    },
    {
      retreatId: retreat!.id,
      name: "couple",
      displayName: "Couple (per person)",
      basePrice: "1897.00",
      depositAmount: "500.00",
      maxOccupancy: 2,
      priority: 2,
    },
  ]);
  return retreat!;
}

export async function makeApplication(
  app: FastifyInstance,
  retreatId: string,
  options: { stage?: string; couple?: boolean; submittedAt?: Date; firstName?: string } = {},
) {
  counter += 1;
  const firstName = options.firstName ?? `Person${counter}`;
  const [row] = await app.db
    .insert(applications)
    .values({
      retreatId,
      firstName,
      lastName: "Tester",
      email: `${firstName.toLowerCase()}.${counter}@example.com`,
      stage: options.stage ?? "new",
      applicationType: options.couple ? "couple" : "individual",
      partnerFirstName: options.couple ? "Partner" : null,
      submittedAt: options.submittedAt ?? new Date(Date.UTC(2029, 0, 1, 0, counter)),
    })
    .returning();
  return row!;
}

/** A booking as staff make one: the payments feature's acceptance (plan and scheduled payments), then the stage. */
export async function makeBooking(
  app: FastifyInstance,
  retreatId: string,
  options: { couple?: boolean; acceptedAt?: Date; firstName?: string } = {},
) {
  const application = await makeApplication(app, retreatId, {
    stage: "interview",
    couple: options.couple,
    firstName: options.firstName,
  });
  await app.db.transaction(async (tx) => {
    await acceptIntoRetreat(tx, application, system, options.acceptedAt ?? new Date());
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

export async function offerEmailsTo(app: FastifyInstance, email: string) {
  return app.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, email), eq(emailLogs.kind, "place_offer")))
    .orderBy(asc(emailLogs.createdAt));
}

/**
 * The token in an offer email's link, read from the message as the applicant gets it (sent through
 * the product's delivery code: the stored row shows only a marker, which this also checks).
 */
export async function offerTokenIn(
  app: FastifyInstance,
  row: { id: string; textBody: string | null; body: string | null },
  publicUrl: string,
): Promise<string> {
  if (!hiddenLinkAt(`${publicUrl}/place-offer/`).test(row.textBody ?? "")) {
    throw new Error(`the stored email should show the link's marker: ${row.textBody}`);
  }
  const message = await sendOutboxRow(app, row.id);
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}/place-offer/([A-Za-z0-9_-]+)`).exec(message.text);
  if (!match) throw new Error(`no offer link in: ${message.text}`);
  // The HTML part carries the same link.
  if (!message.html.includes(`/place-offer/${match[1]}`)) throw new Error("the HTML part has no offer link");
  if (`${row.body} ${row.textBody}`.includes(match[1]!)) throw new Error("the stored email holds the token");
  return match[1]!;
}
