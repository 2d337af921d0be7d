/**
 * Test data for the places tests (imported only by *.test.ts): a retreat of its own per test
 * with its booking types, applications in any stage, bookings with real payment plans made by
 * the payments feature's own acceptance, and the offer emails the outbox holds.
 */
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { emailLogs } from "../../db/schema";
import { acceptedBooking, insertApplication, nextNumber, retreatWithRates } from "../../test/builders";
import { hiddenLinkAt } from "../../test/hidden-link-at";
import { sendOutboxRow } from "../../test/sent-mail";

export async function makeRetreat(
  app: FastifyInstance,
  options: { capacity?: number; startDate?: string | null } = {},
) {
  const { retreat } = await retreatWithRates(
    app,
    {
      capacity: options.capacity ?? 15,
      startDate: options.startDate === undefined ? "2030-06-01" : options.startDate,
      endDate: options.startDate === null ? null : "2030-06-10",
    },
    { vip: null, displayNames: true },
  );
  return retreat;
}

export async function makeApplication(
  app: FastifyInstance,
  retreatId: string,
  options: { stage?: string; couple?: boolean; submittedAt?: Date; firstName?: string } = {},
) {
  const n = nextNumber();
  const firstName = options.firstName ?? `Person${n}`;
  return insertApplication(app, {
    retreatId,
    firstName,
    email: `${firstName.toLowerCase()}.${n}@example.com`,
    stage: options.stage ?? "new",
    applicationType: options.couple ? "couple" : "individual",
    partnerFirstName: options.couple ? "Partner" : null,
    submittedAt: options.submittedAt ?? new Date(Date.UTC(2029, 0, 1, 0, n)),
  });
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
  return acceptedBooking(app, application, options.acceptedAt);
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
