/**
 * An interview outcome that also moves the application (`advance`) is a stage move like any
 * other (issue 17, docs/decisions/015-interview-outcome-moves-like-the-pipeline.md): declining an
 * applicant who already holds a place gives the place back exactly as the pipeline's Decline does
 * (pending payments and plan cancelled, money received kept, the place offered to the waitlist),
 * and a move the pipeline refuses is refused here too, with nothing changed.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { applications, emailLogs, interviews, paymentPlans, payments, placeOffers } from "../../db/schema";
import { acceptedBooking, caller, insertApplication, payScheduled, retreatWithRates } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";
import { placesTaken } from "../admissions/admissions.service";

let app: FastifyInstance;
let staff: Signed;
let call: ReturnType<typeof caller>;

withTestApp(async (built) => {
  app = built;
  call = caller(app);
  staff = await signedInAs(app, "staff");
});

/**
 * A one-place retreat: an accepted booking holding the place (its deposit paid, the instalments
 * still to pay), one applicant on the waitlist, and a scheduled interview of the booking's.
 */
async function fullRetreatWithInterview() {
  const { retreat } = await retreatWithRates(app, { capacity: 1 });
  const booking = await acceptedBooking(
    app,
    await insertApplication(app, { retreatId: retreat.id, stage: "interview" }),
  );
  const [deposit] = await payScheduled(app, booking.id, 1);
  const waiting = await insertApplication(app, { retreatId: retreat.id, stage: "waitlist" });
  const [interview] = await app.db
    .insert(interviews)
    .values({ applicationId: booking.id, scheduledAt: new Date("2020-01-01T10:00:00Z") })
    .returning();
  return { retreat, booking, deposit: deposit!, waiting, interviewId: interview!.id };
}

function complete(interviewId: string, body: object) {
  return call("PATCH", `/api/admin/interviews/${interviewId}/complete`, staff.cookie, body);
}

async function stageOf(applicationId: string) {
  const [row] = await app.db.select().from(applications).where(eq(applications.id, applicationId));
  return row!;
}

async function interviewOf(id: string) {
  const [row] = await app.db.select().from(interviews).where(eq(interviews.id, id));
  return row!;
}

/** What the booking is left with: its plans' statuses, its payments' statuses by type, the offers made. */
async function leftOver(applicationId: string, retreatId: string, waitingId: string) {
  const plans = await app.db
    .select({ status: paymentPlans.status })
    .from(paymentPlans)
    .where(eq(paymentPlans.applicationId, applicationId));
  const rows = await app.db
    .select({ type: payments.type, status: payments.status })
    .from(payments)
    .where(eq(payments.applicationId, applicationId));
  const offers = await app.db
    .select({ status: placeOffers.status, releasedBy: placeOffers.releasedByApplicationId })
    .from(placeOffers)
    .where(and(eq(placeOffers.retreatId, retreatId), eq(placeOffers.applicationId, waitingId)));
  return {
    plans: plans.map((p) => p.status),
    payments: rows.map((p) => `${p.type}:${p.status}`).sort(),
    offers,
    taken: await placesTaken(app.db, retreatId),
  };
}

describe("PATCH /api/admin/interviews/{id}/complete on an applicant holding a place", () => {
  it("a declined outcome with advance gives the place back like the pipeline's Decline", async () => {
    const viaInterview = await fullRetreatWithInterview();
    const res = await complete(viaInterview.interviewId, { outcome: "declined", rating: 1, advance: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().interview).toMatchObject({ status: "completed", outcome: "declined" });

    const declined = await stageOf(viaInterview.booking.id);
    expect(declined.stage).toBe("declined");
    expect(declined.declinedAt).not.toBeNull();
    const after = await leftOver(viaInterview.booking.id, viaInterview.retreat.id, viaInterview.waiting.id);
    // Never declined while its plan still asks for money: what was to pay is cancelled, the
    // deposit received stays on the books, and the freed place goes to the waitlist.
    expect(after).toEqual({
      plans: ["cancelled"],
      payments: ["deposit:completed", "installment:cancelled", "installment:cancelled"],
      offers: [{ status: "offered", releasedBy: viaInterview.booking.id }],
      taken: 0,
    });
    const offerMail = await app.db
      .select({ kind: emailLogs.kind })
      .from(emailLogs)
      .where(eq(emailLogs.recipientEmail, viaInterview.waiting.email));
    expect(offerMail).toEqual([{ kind: "place_offer" }]);

    // The same booking declined from the pipeline ends in the same state.
    const viaPipeline = await fullRetreatWithInterview();
    const escalated = await call(
      "POST",
      `/api/admin/applications/${viaPipeline.booking.id}/escalate/declined`,
      staff.cookie,
      { notify: false },
    );
    expect(escalated.statusCode).toBe(200);
    expect(await leftOver(viaPipeline.booking.id, viaPipeline.retreat.id, viaPipeline.waiting.id)).toEqual({
      ...after,
      offers: [{ status: "offered", releasedBy: viaPipeline.booking.id }],
    });
  });

  it("without advance, the outcome is recorded and stage, place and plan stay as they were", async () => {
    const { retreat, booking, waiting, interviewId } = await fullRetreatWithInterview();
    const res = await complete(interviewId, { outcome: "declined", rating: 2 });
    expect(res.statusCode).toBe(200);
    expect((await interviewOf(interviewId)).outcome).toBe("declined");
    expect((await stageOf(booking.id)).stage).toBe("accepted");
    expect(await leftOver(booking.id, retreat.id, waiting.id)).toEqual({
      plans: ["active"],
      payments: ["deposit:completed", "installment:pending", "installment:pending"],
      offers: [],
      taken: 1,
    });
  });

  it("refuses, with nothing changed, the moves the pipeline refuses", async () => {
    // Accepted again: the applicant already holds the place; no second plan.
    const accepted = await fullRetreatWithInterview();
    const again = await complete(accepted.interviewId, { outcome: "accepted", rating: 5, advance: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This application is already in the accepted stage.");
    expect((await interviewOf(accepted.interviewId)).status).toBe("scheduled");
    expect(await leftOver(accepted.booking.id, accepted.retreat.id, accepted.waiting.id)).toMatchObject({
      plans: ["active"],
      taken: 1,
    });

    // Declining from payment: the pipeline offers no Decline there (spec section 4).
    const paying = await fullRetreatWithInterview();
    await app.db.update(applications).set({ stage: "payment" }).where(eq(applications.id, paying.booking.id));
    const refused = await complete(paying.interviewId, { outcome: "declined", rating: 1, advance: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("An application in the payment stage cannot be moved to declined.");
    expect((await interviewOf(paying.interviewId)).status).toBe("scheduled");
    expect((await stageOf(paying.booking.id)).stage).toBe("payment");
    expect(await leftOver(paying.booking.id, paying.retreat.id, paying.waiting.id)).toEqual({
      plans: ["active"],
      payments: ["deposit:completed", "installment:pending", "installment:pending"],
      offers: [],
      taken: 1,
    });
  });
});
