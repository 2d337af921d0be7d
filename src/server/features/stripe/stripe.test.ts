import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, emailLogs, paymentPlans, payments, receipts, stripeEvents } from "../../db/schema";
import { applicant, applicantWithPlan, retreatWithRates } from "../../test/builders";
import { hiddenLinkAt } from "../../test/hidden-link-at";
import { sendOutboxRow } from "../../test/sent-mail";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestUser, sessionCookieFor, signedInAs } from "../../test/test-sessions";
import { payLinkToken } from "./pay-link";
import { type CheckoutSessionParams, setCheckoutSessionCreator } from "./stripe-gateway";

const webhookSecret = "whsec_test_0123456789abcdef";
const created = new Date("2026-03-01T10:00:00Z");

let t: TestApp;
let off: TestApp;
let app: FastifyInstance;
let calls: CheckoutSessionParams[];
let failNext: boolean;

beforeAll(async () => {
  t = await createTestApp({ stripe: { secretKey: "sk_test_fake", webhookSecret } });
  off = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t.close();
  await off.close();
});
beforeEach(() => {
  calls = [];
  failNext = false;
  // Never Stripe itself: record what would be sent and answer like Stripe does.
  setCheckoutSessionCreator(app, async (params) => {
    calls.push(params);
    if (failNext) throw new Error("Stripe is down");
    return { id: `cs_test_${calls.length}`, url: `https://checkout.stripe.com/c/pay/cs_test_${calls.length}` };
  });
});

async function guestWithPlan(target = app) {
  const plan = await applicantWithPlan(
    target,
    [
      { amount: "500.00", dueDate: "2026-03-01", paid: true },
      { amount: "748.50", dueDate: "2026-06-01", description: "Instalment 1 of 2" },
      { amount: "748.49", dueDate: "2026-09-01", description: "Instalment 2 of 2" },
    ],
    { createdAt: created },
  );
  const user = await createTestUser(target, "guest", { applicationId: plan.application.id });
  return { ...plan, cookie: await sessionCookieFor(target, user.id) };
}

function checkout(paymentId: string, cookie: string, target = app) {
  return target.inject({
    method: "POST",
    url: `/api/guest/payments/${paymentId}/checkout`,
    headers: { cookie },
  });
}

/** Sends `event` to the webhook as Stripe would, signed with the webhook secret unless told otherwise. */
function deliver(
  event: unknown,
  options: { secret?: string; signature?: string; contentType?: string; target?: FastifyInstance } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
  return (options.target ?? app).inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: {
      "content-type": options.contentType ?? "application/json; charset=utf-8",
      "stripe-signature": signature,
      // Stripe's servers are another site: the webhook must not be refused as cross-site.
      origin: "https://stripe.com",
    },
    payload,
  });
}

describe("POST /api/guest/payments/{paymentId}/checkout", () => {
  it("opens a Stripe Checkout for the guest's own pending payment, in pence, with the payment in metadata", async () => {
    const a = await guestWithPlan();
    const instalment = a.payments[1]!;
    const res = await checkout(instalment.id, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    expect(calls).toHaveLength(1);
    const params = calls[0]!;
    expect(params).toMatchObject({
      mode: "payment",
      client_reference_id: instalment.id,
      metadata: { paymentId: instalment.id, applicationId: a.application.id },
      payment_intent_data: { metadata: { paymentId: instalment.id, applicationId: a.application.id } },
      success_url: "http://localhost:3000/admin/guest?payment=success",
      cancel_url: "http://localhost:3000/admin/guest?payment=cancelled",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "gbp",
            unit_amount: 74850,
            product_data: { name: "Instalment 1 of 2: Bali 2026" },
          },
        },
      ],
    });
    expect(params.expires_at).toBeGreaterThan(Date.now() / 1000 + 30 * 60);
  });

  it("404s another guest's payment, a paid payment and a cancelled plan's payment, without calling Stripe", async () => {
    const a = await guestWithPlan();
    const b = await guestWithPlan();
    expect((await checkout(a.payments[1]!.id, b.cookie)).statusCode).toBe(404);
    expect((await checkout(a.payments[0]!.id, a.cookie)).statusCode).toBe(404);
    await app.db.update(paymentPlans).set({ status: "cancelled" }).where(eq(paymentPlans.id, a.plan.id));
    expect((await checkout(a.payments[1]!.id, a.cookie)).statusCode).toBe(404);
    expect((await checkout("00000000-0000-4000-8000-000000000000", a.cookie)).statusCode).toBe(404);
    expect((await checkout("nope", a.cookie)).statusCode).toBe(400);
    expect(calls).toEqual([]);
  });

  it("is for guests only, and a guest without an application pays nothing", async () => {
    const a = await guestWithPlan();
    const id = a.payments[1]!.id;
    for (const role of ["owner", "staff", "vendor"] as const) {
      expect((await checkout(id, (await signedInAs(app, role)).cookie)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: "POST", url: `/api/guest/payments/${id}/checkout` })).statusCode).toBe(401);
    expect((await checkout(id, (await signedInAs(app, "guest")).cookie)).statusCode).toBe(404);
    expect(calls).toEqual([]);
  });

  it("answers 502 (a provider failed, not us) with a plain message when Stripe fails", async () => {
    const a = await guestWithPlan();
    failNext = true;
    const res = await checkout(a.payments[1]!.id, a.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe("Online payment is unavailable right now. Please try again later.");
  });

  it("tells the portal whether online payment is on", async () => {
    const a = await guestWithPlan();
    const on = await app.inject({ method: "GET", url: "/api/guest/payment-options", headers: { cookie: a.cookie } });
    expect(on.json()).toEqual({ onlinePayments: true });
    // The portal's "Payments due" names each payment, which is what Pay now pays.
    const me = await app.inject({ method: "GET", url: "/api/guest/me", headers: { cookie: a.cookie } });
    expect(me.json().paymentsDue.map((p: { paymentId: string }) => p.paymentId)).toEqual([
      a.payments[1]!.id,
      a.payments[2]!.id,
    ]);
    const guestOff = (await signedInAs(off.app, "guest")).cookie;
    const res = await off.app.inject({
      method: "GET",
      url: "/api/guest/payment-options",
      headers: { cookie: guestOff },
    });
    expect(res.json()).toEqual({ onlinePayments: false });
  });
});

describe("GET /api/pay/{token}", () => {
  const open = (token: string, target = app) => target.inject({ method: "GET", url: `/api/pay/${token}` });

  it("redirects to a Checkout for the applicant's next pending payment", async () => {
    const a = await guestWithPlan();
    const res = await open(payLinkToken(app.config.sessionSecret, a.application.id));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(calls[0]).toMatchObject({
      metadata: { paymentId: a.payments[1]!.id, applicationId: a.application.id },
      success_url: "http://localhost:3000/?payment=success",
      cancel_url: "http://localhost:3000/?payment=cancelled",
    });
    expect(calls[0]!.line_items![0]!.price_data!.unit_amount).toBe(74850);
  });

  it("answers 502 with the plain message when Stripe cannot be reached", async () => {
    const a = await guestWithPlan();
    failNext = true;
    const res = await open(payLinkToken(app.config.sessionSecret, a.application.id));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe("Online payment is unavailable right now. Please try again later.");
  });

  it("sends someone with nothing left to pay back to the site, and 404s forged links", async () => {
    const a = await guestWithPlan();
    await app.db.update(payments).set({ status: "completed" }).where(eq(payments.applicationId, a.application.id));
    const done = await open(payLinkToken(app.config.sessionSecret, a.application.id));
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("http://localhost:3000/?payment=none");

    const forged = await open(payLinkToken("another-secret-another-secret-0000", a.application.id));
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe("This payment link is not valid. Please check the link in your email.");
    expect((await open("garbage")).statusCode).toBe(404);
    expect(calls).toEqual([]);
  });
});

describe("without Stripe", () => {
  it("answers 404 on every Stripe route", async () => {
    const a = await guestWithPlan(off.app);
    expect((await checkout(a.payments[1]!.id, a.cookie, off.app)).statusCode).toBe(404);
    const token = payLinkToken(off.app.config.sessionSecret, a.application.id);
    expect((await off.app.inject({ method: "GET", url: `/api/pay/${token}` })).statusCode).toBe(404);
    const hook = await deliver(
      { id: "evt_off", object: "event" },
      { target: off.app, contentType: "application/json" },
    );
    expect(hook.statusCode).toBe(404);
  });
});

describe("POST /api/webhooks/stripe", () => {
  let seq = 0;
  function completedEvent(
    paymentId: string,
    overrides: { amountTotal?: number; paymentStatus?: string; intent?: string; type?: string } = {},
  ) {
    seq += 1;
    return {
      id: `evt_test_${seq}`,
      object: "event",
      type: overrides.type ?? "checkout.session.completed",
      created: 1_780_000_000,
      livemode: false,
      data: {
        object: {
          id: `cs_test_${seq}`,
          object: "checkout.session",
          mode: "payment",
          payment_status: overrides.paymentStatus ?? "paid",
          amount_total: overrides.amountTotal ?? 74850,
          currency: "gbp",
          payment_intent: overrides.intent ?? `pi_test_${seq}`,
          metadata: { paymentId, applicationId: "ignored" },
        },
      },
    };
  }

  const paymentRow = async (id: string) => (await app.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const planRow = async (id: string) => (await app.db.select().from(paymentPlans).where(eq(paymentPlans.id, id)))[0]!;
  const eventRow = async (id: string) => app.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));

  it("completes the payment once from a signed checkout.session.completed; a replay changes nothing", async () => {
    const a = await guestWithPlan();
    const instalment = a.payments[1]!;
    const event = completedEvent(instalment.id, { intent: "pi_once" });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: "completed" });
    expect(await paymentRow(instalment.id)).toMatchObject({
      status: "completed",
      paymentMethod: "stripe",
      stripePaymentIntentId: "pi_once",
      paidAt: new Date(1_780_000_000 * 1000),
    });
    expect((await planRow(a.plan.id)).remainingAmount).toBe("748.49");
    expect(await eventRow(event.id)).toMatchObject([{ id: event.id, type: "checkout.session.completed" }]);
    const audits = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, instalment.id));

    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe("duplicate_event");
    const [twice] = await Promise.all([deliver(event), deliver(event)]);
    expect(twice.statusCode).toBe(200);
    expect((await planRow(a.plan.id)).remainingAmount).toBe("748.49");
    expect(await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, instalment.id))).toHaveLength(
      audits.length,
    );
    // One receipt, however often Stripe delivers the event.
    expect(await app.db.select().from(receipts).where(eq(receipts.paymentId, instalment.id))).toMatchObject([
      { number: "R-2026-0001", paymentMethod: "stripe", amount: "748.50", remainingBalance: "748.49" },
    ]);
  });

  it("flags a second, different payment for a payment already completed, without booking it twice", async () => {
    const a = await guestWithPlan();
    const instalment = a.payments[1]!;
    expect((await deliver(completedEvent(instalment.id, { intent: "pi_first" }))).json().outcome).toBe("completed");
    const second = await deliver(completedEvent(instalment.id, { intent: "pi_second" }));
    expect(second.json().outcome).toBe("already_completed");
    expect((await paymentRow(instalment.id)).stripePaymentIntentId).toBe("pi_first");
    expect((await planRow(a.plan.id)).remainingAmount).toBe("748.49");
    const flags = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, instalment.id), eq(auditLogs.action, "stripe_duplicate_payment")));
    expect(flags).toHaveLength(1);
    expect(flags[0]!.newValues).toMatchObject({ paymentIntentId: "pi_second" });
  });

  it("refuses a bad, missing or foreign signature with 400 and records nothing", async () => {
    const a = await guestWithPlan();
    const event = completedEvent(a.payments[1]!.id);
    const wrongSecret = await deliver(event, { secret: "whsec_someone_else" });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe("Invalid signature");
    expect((await deliver(event, { signature: "" })).statusCode).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(event, { signature: stale })).statusCode).toBe(400);
    // Signed, then altered in transit.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: webhookSecret });
    const tampered = await app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": signed },
      payload: JSON.stringify({ ...event, created: 1 }),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await deliver(event, { contentType: "text/plain" })).statusCode).toBe(415);
    expect(await eventRow(event.id)).toEqual([]);
    expect((await paymentRow(a.payments[1]!.id)).status).toBe("pending");
  });

  it("records an event for an unknown payment and answers 200, so Stripe stops retrying", async () => {
    const event = completedEvent("00000000-0000-4000-8000-000000000000");
    const res = await deliver(event);
    expect(res.json()).toEqual({ received: true, outcome: "unknown_payment" });
    expect(await eventRow(event.id)).toHaveLength(1);
    const noId = completedEvent("not-a-uuid");
    expect((await deliver(noId)).json().outcome).toBe("unknown_payment");
  });

  it("does not complete a payment whose amount differs, nor an unpaid session, and ignores other events", async () => {
    const a = await guestWithPlan();
    const instalment = a.payments[1]!;
    const mismatch = await deliver(completedEvent(instalment.id, { amountTotal: 100 }));
    expect(mismatch.json().outcome).toBe("amount_mismatch");
    const unpaid = completedEvent(instalment.id, { paymentStatus: "unpaid" });
    expect((await deliver(unpaid)).json().outcome).toBe("ignored");
    expect(await eventRow(unpaid.id)).toEqual([]);
    expect((await deliver(completedEvent(instalment.id, { type: "payment_intent.created" }))).json().outcome).toBe(
      "ignored",
    );
    expect((await paymentRow(instalment.id)).status).toBe("pending");

    // The delayed method's success completes it.
    const later = await deliver(completedEvent(instalment.id, { type: "checkout.session.async_payment_succeeded" }));
    expect(later.json().outcome).toBe("completed");
  });

  it("answers 503 while the webhook secret is missing, so Stripe retries later", async () => {
    const saved = app.config.stripe;
    app.config.stripe = { secretKey: "sk_test_fake" };
    try {
      const res = await deliver({ id: "evt_no_secret" });
      expect(res.statusCode).toBe(503);
    } finally {
      app.config.stripe = saved;
    }
  });
});

describe("from acceptance to a paid deposit", () => {
  it("emails the pay link on acceptance; the link opens a Checkout for the deposit; the webhook books it", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 20 });
    const person = await applicant(app, retreat.id, { email: "accepted@example.com" });
    const staff = (await signedInAs(app, "staff")).cookie;
    const accepted = await app.inject({
      method: "POST",
      url: `/api/admin/applications/${person.id}/escalate/accepted`,
      headers: { cookie: staff },
      payload: { notify: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [mail] = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, "accepted@example.com"));
    const link = `http://localhost:3000/api/pay/${payLinkToken(app.config.sessionSecret, person.id)}`;
    // The outbox shows where the link went; only the message handed to SMTP carries it.
    expect(mail!.textBody).toMatch(hiddenLinkAt("Pay your deposit: http://localhost:3000/api/pay/"));
    expect(`${mail!.body} ${mail!.textBody}`).not.toContain(link);
    expect((await sendOutboxRow(app, mail!.id)).text).toContain(`Pay your deposit: ${link}`);

    const opened = await app.inject({ method: "GET", url: new URL(link).pathname });
    expect(opened.statusCode).toBe(303);
    const [deposit] = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, person.id), eq(payments.type, "deposit")));
    expect(calls[0]!.metadata).toEqual({ paymentId: deposit!.id, applicationId: person.id });
    expect(calls[0]!.line_items![0]!.price_data!.unit_amount).toBe(50000);

    const event = {
      id: "evt_acceptance_deposit",
      object: "event",
      type: "checkout.session.completed",
      created: 1_780_000_000,
      data: {
        object: {
          id: "cs_test_deposit",
          object: "checkout.session",
          payment_status: "paid",
          amount_total: 50000,
          currency: "gbp",
          payment_intent: "pi_deposit",
          metadata: calls[0]!.metadata,
        },
      },
    };
    const hook = await deliver(event, { contentType: "application/json" });
    expect(hook.json()).toEqual({ received: true, outcome: "completed" });
    const [paid] = await app.db.select().from(payments).where(eq(payments.id, deposit!.id));
    expect(paid).toMatchObject({ status: "completed", paymentMethod: "stripe", stripePaymentIntentId: "pi_deposit" });
  });
});
