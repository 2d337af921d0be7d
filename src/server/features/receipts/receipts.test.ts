import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { PaymentDto } from "../../../shared/schemas/payments";
import type { GuestReceiptList } from "../../../shared/schemas/receipts";
import { auditLogs, emailLogs, emailSubscribers, type Payment, payments, receipts } from "../../db/schema";
import { acceptedBooking, applicant, retreatWithRates } from "../../test/builders";
import { activePlanOf, paymentsOfPlan } from "../../test/fixtures/payments";
import { pdfText } from "../../test/pdf-text";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";
import { completePayment } from "../payments/payments.service";
import { receiptEmailSkipped } from "./receipts.service";

let app: FastifyInstance;
let staff: Signed;

withTestApp(async (built) => {
  app = built;
  staff = await signedInAs(app, "staff");
});

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, cookie: string | null = staff.cookie, payload?: object) =>
  app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

let people = 0;

/** An accepted solo booking (plan: £1,997 = deposit £500 + two instalments of £748.50) on the retreat. */
async function booking(retreatId: string, name: { firstName: string; lastName: string }) {
  people += 1;
  const application = await acceptedBooking(
    app,
    await applicant(app, retreatId, { ...name, email: `${name.firstName.toLowerCase()}.${people}@example.com` }),
  );
  const plan = (await activePlanOf(app, application.id))!;
  const [deposit, first, second] = await paymentsOfPlan(app, plan.id);
  return { application, plan, deposit: deposit!, first: first!, second: second! };
}

async function markReceived(payment: Payment, paymentMethod = "bank_transfer"): Promise<PaymentDto> {
  const res = await call("PUT", `/api/admin/payments/${payment.id}/status`, staff.cookie, {
    status: "completed",
    paymentMethod,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function adminPdf(paymentId: string) {
  const res = await call("GET", `/api/admin/payments/${paymentId}/receipt.pdf`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.headers["cache-control"]).toBe("no-store");
  return pdfText(res.rawPayload);
}

const receiptOf = async (paymentId: string) =>
  (await app.db.select().from(receipts).where(eq(receipts.paymentId, paymentId)))[0];

describe("a completed payment's receipt", () => {
  it("numbers the deposit R-<season year>-0001 and records payer, amount, method, what it paid and the balance", async () => {
    const { retreat } = await retreatWithRates(app, { name: "Bali Vegan Activism Retreat 2030" });
    const { application, deposit } = await booking(retreat.id, { firstName: "Ada", lastName: "Lovelace" });

    const dto = await markReceived(deposit);
    expect(dto.receipt).toMatchObject({
      number: "R-2030-0001",
      kind: "receipt",
      url: `/api/admin/payments/${deposit.id}/receipt.pdf`,
      emailSkipped: null,
    });
    expect(await receiptOf(deposit.id)).toMatchObject({
      number: "R-2030-0001",
      sequence: 1,
      amount: "500.00",
      paymentMethod: "bank_transfer",
      items: [{ label: "Deposit", amount: "500.00" }],
      paidToDate: "500.00",
      planTotal: "1997.00",
      remainingBalance: "1497.00",
    });

    const { text } = await adminPdf(deposit.id);
    for (const expected of [
      "Receipt R-2030-0001",
      "Bali Vegan Activism Retreat 2030",
      `Ada Lovelace (${application.email})`,
      "Amount paid £500",
      "Bank transfer",
      "Deposit £500",
      "Total price £1,997",
      "Paid to date £500",
      "Remaining balance £1,497",
    ]) {
      expect(text).toContain(expected);
    }

    const receipt = (await receiptOf(deposit.id))!;
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "receipt"), eq(auditLogs.entityId, receipt.id)));
    expect(audit).toMatchObject({ userId: staff.user.id, newValues: { number: "R-2030-0001", amount: "500.00" } });
  });

  it("is emailed to the payer with the PDF attached, kept in the outbox", async () => {
    const { retreat } = await retreatWithRates(app, { name: "Portugal 2030" });
    const { application, deposit } = await booking(retreat.id, { firstName: "Grace", lastName: "Hopper" });
    await markReceived(deposit, "card");
    const receipt = (await receiptOf(deposit.id))!;
    const [mail] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, receipt.emailLogId!));
    expect(mail).toMatchObject({
      recipientEmail: application.email,
      recipientName: "Grace Hopper",
      kind: "payment_receipt",
      subject: "Receipt R-2030-0001: £500 for Portugal 2030",
    });
    expect(mail!.textBody).toContain("We've received your payment of £500 for Portugal 2030 (Deposit)");
    expect(mail!.textBody).toContain("Remaining balance: £1,497");
    expect(mail!.attachments).toHaveLength(1);
    const [file] = mail!.attachments;
    expect(file).toMatchObject({
      filename: "receipt-R-2030-0001.pdf",
      contentType: "application/pdf",
      encoding: "base64",
    });
    const { text } = await pdfText(Buffer.from(file!.content, "base64"));
    expect(text).toContain("Receipt R-2030-0001");
    expect(text).toContain("Grace Hopper");
    expect(text).toContain("Amount paid £500");
    expect(text).toContain("Card");
  });

  it("of a manual payment lists the scheduled payments it settled", async () => {
    const { retreat } = await retreatWithRates(app, { name: "Crete 2030" });
    const { plan } = await booking(retreat.id, { firstName: "Mary", lastName: "Seacole" });
    const res = await call("POST", "/api/admin/payments", staff.cookie, {
      paymentPlanId: plan.id,
      amount: "900.00",
      paymentMethod: "cash",
      description: "Cash at the info evening",
    });
    expect(res.statusCode, res.body).toBe(201);
    const dto = res.json() as PaymentDto;
    expect(dto.receipt?.number).toBe("R-2030-0001");
    expect(await receiptOf(dto.id)).toMatchObject({
      amount: "900.00",
      items: [
        { label: "Deposit", amount: "500.00" },
        { label: "Instalment 1 of 2 (part)", amount: "400.00" },
      ],
      remainingBalance: "1097.00",
    });
    const { text } = await adminPdf(dto.id);
    expect(text).toContain("Amount paid £900");
    expect(text).toContain("Cash");
    expect(text).toContain("Deposit £500");
    expect(text).toContain("Instalment 1 of 2 (part) £400");
    expect(text).toContain("Remaining balance £1,097");
    // Staff's note stays in the back office.
    expect(text).not.toContain("info evening");
  });

  it("numbers each retreat on its own, and a refund gets a credit note C-<year>-0001 in a sequence of its own", async () => {
    const bali = (await retreatWithRates(app, { name: "Bali 2030" })).retreat;
    const lisbon = (await retreatWithRates(app, { name: "Lisbon 2031", startDate: "2031-06-01" })).retreat;
    const ada = await booking(bali.id, { firstName: "Ada", lastName: "Byron" });
    const bo = await booking(lisbon.id, { firstName: "Bo", lastName: "Lin" });

    expect((await markReceived(ada.deposit)).receipt?.number).toBe("R-2030-0001");
    expect((await markReceived(bo.deposit)).receipt?.number).toBe("R-2031-0001");
    expect((await markReceived(ada.first)).receipt?.number).toBe("R-2030-0002");

    const cancelled = await call("POST", `/api/admin/applications/${ada.application.id}/cancel`, staff.cookie, {
      reason: "Family emergency",
      cancelledOn: "2030-04-01",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refundId = cancelled.json().refundPaymentId as string;
    const [refund] = await app.db.select().from(payments).where(eq(payments.id, refundId));
    const dto = await markReceived(refund!);
    expect(dto.receipt).toMatchObject({ number: "C-2030-0001", kind: "credit_note" });
    expect(await receiptOf(refundId)).toMatchObject({
      amount: "624.25",
      items: [{ label: "Refund on cancellation", amount: "624.25" }],
      paidToDate: "624.25",
      planTotal: null,
      remainingBalance: null,
    });
    const { text } = await adminPdf(refundId);
    for (const expected of [
      "Credit note C-2030-0001",
      "Refunded to Ada Byron",
      "Amount refunded £624.25",
      "Refund on cancellation £624.25",
      "Paid to date £624.25",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Remaining balance");

    // The next receipt of the retreat carries on its own sequence.
    const cy = await booking(bali.id, { firstName: "Cy", lastName: "Young" });
    expect((await markReceived(cy.deposit)).receipt?.number).toBe("R-2030-0003");
  });

  it("is not emailed to a payer who switched application emails off, and is kept all the same", async () => {
    const { retreat } = await retreatWithRates(app, { name: "Quiet 2030" });
    const { application, deposit } = await booking(retreat.id, { firstName: "Quinn", lastName: "Quiet" });
    await app.db
      .insert(emailSubscribers)
      .values({ email: application.email.toUpperCase(), applicationEmails: false })
      .onConflictDoNothing();
    const dto = await markReceived(deposit);
    expect(dto.receipt).toMatchObject({
      number: "R-2030-0001",
      emailStatus: null,
      emailSkipped: receiptEmailSkipped.optedOut,
    });
    const mails = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, application.email));
    expect(mails.filter((m) => m.kind === "payment_receipt")).toEqual([]);
  });

  it("is not issued before the payment is completed", async () => {
    const { retreat } = await retreatWithRates(app);
    const { deposit } = await booking(retreat.id, { firstName: "Pat", lastName: "Pending" });
    const res = await call("GET", `/api/admin/payments/${deposit.id}/receipt.pdf`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Receipt not found.");
    const unknown = await call("GET", `/api/admin/payments/${crypto.randomUUID()}/receipt.pdf`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe("numbering", () => {
  it("never repeats or skips a number when payments of one retreat complete at the same moment", async () => {
    const { retreat } = await retreatWithRates(app, { name: "Busy 2030", capacity: 30 });
    const bookings = [];
    for (let i = 0; i < 10; i++) bookings.push(await booking(retreat.id, { firstName: `Busy${i}`, lastName: "Guest" }));
    // Half marked received, half recorded by hand, all at once: two code paths, one sequence.
    const results = await Promise.all(
      bookings.map((b, i) =>
        i % 2 === 0
          ? call("PUT", `/api/admin/payments/${b.deposit.id}/status`, staff.cookie, { status: "completed" })
          : call("POST", "/api/admin/payments", staff.cookie, {
              paymentPlanId: b.plan.id,
              amount: "250.00",
              paymentMethod: "card",
            }),
      ),
    );
    for (const res of results) expect([200, 201], res.body).toContain(res.statusCode);
    const numbers = results.map((res) => (res.json() as PaymentDto).receipt?.number).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `R-2030-${String(i + 1).padStart(4, "0")}`));
    const rows = await app.db.select().from(receipts).where(eq(receipts.retreatId, retreat.id));
    expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("gives the number of a completion that rolled back to the next one", async () => {
    const { retreat } = await retreatWithRates(app, { name: "Rollback 2030" });
    const first = await booking(retreat.id, { firstName: "Roll", lastName: "Back" });
    const second = await booking(retreat.id, { firstName: "Next", lastName: "One" });
    const system = { userId: null, ipAddress: null, userAgent: null };
    await expect(
      app.db.transaction(async (tx) => {
        await completePayment(tx, first.deposit.id, { paymentMethod: "cash" }, system);
        throw new Error("the business change failed after the receipt");
      }),
    ).rejects.toThrow("the business change failed");
    expect(await receiptOf(first.deposit.id)).toBeUndefined();
    expect((await markReceived(second.deposit)).receipt?.number).toBe("R-2030-0001");
    expect((await markReceived(first.deposit)).receipt?.number).toBe("R-2030-0002");
  });
});

describe("the guest portal's receipts", () => {
  it("lists the guest's own receipts and downloads their PDFs; anyone else's payment is a 404", async () => {
    const { retreat } = await retreatWithRates(app, { name: "Guests 2030" });
    const ada = await booking(retreat.id, { firstName: "Ada", lastName: "Guest" });
    const bo = await booking(retreat.id, { firstName: "Bo", lastName: "Other" });
    await markReceived(ada.deposit);
    await markReceived(ada.first);
    await markReceived(bo.deposit);
    const adaGuest = await signedInAs(app, "guest", { applicationId: ada.application.id });
    const boGuest = await signedInAs(app, "guest", { applicationId: bo.application.id });

    const list = await call("GET", "/api/guest/receipts", adaGuest.cookie);
    expect(list.statusCode).toBe(200);
    const items = (list.json() as GuestReceiptList).items;
    expect(items.map((i) => [i.number, i.description, i.amount])).toEqual([
      ["R-2030-0002", "Instalment 1 of 2", "748.50"],
      ["R-2030-0001", "Deposit", "500.00"],
    ]);
    expect(items[1]!.url).toBe(`/api/guest/receipts/${ada.deposit.id}.pdf`);

    const own = await call("GET", items[1]!.url, adaGuest.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.headers["content-disposition"]).toBe('attachment; filename="receipt-R-2030-0001.pdf"');
    const { text } = await pdfText(own.rawPayload);
    expect(text).toContain("Receipt R-2030-0001");
    expect(text).toContain("Ada Guest");
    expect(text).toContain("Amount paid £500");

    // Bo's receipt exists, but not for Ada; and Ada's not for Bo.
    for (const [cookie, paymentId] of [
      [adaGuest.cookie, bo.deposit.id],
      [boGuest.cookie, ada.deposit.id],
      [adaGuest.cookie, ada.second.id],
      [adaGuest.cookie, crypto.randomUUID()],
    ] as const) {
      const res = await call("GET", `/api/guest/receipts/${paymentId}.pdf`, cookie);
      expect(res.statusCode, paymentId).toBe(404);
      expect(res.json()).toEqual({ message: "Receipt not found." });
    }
    expect((await call("GET", "/api/guest/receipts/not-a-file", adaGuest.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/guest/receipts/${ada.deposit.id}.pdf`, staff.cookie)).statusCode).toBe(403);

    const unlinked = await signedInAs(app, "guest");
    expect((await call("GET", "/api/guest/receipts", unlinked.cookie)).json()).toEqual({ items: [] });
    expect((await call("GET", `/api/guest/receipts/${ada.deposit.id}.pdf`, unlinked.cookie)).statusCode).toBe(404);
  });
});
