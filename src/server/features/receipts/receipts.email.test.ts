import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedBooking, applicant, retreatWithRates } from "../../test/builders";
import { activePlanOf, paymentsOfPlan } from "../../test/fixtures/payments";
import { pdfText } from "../../test/pdf-text";
import { parseMessage, type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let sink: SmtpSink;
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ smtpUrl: sink.url, runWorker: true });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe("the receipt email over SMTP", () => {
  it("reaches the payer with the receipt as a PDF attachment whose text names the number, payer and amount", async () => {
    const staff = await signedInAs(app, "staff");
    const { retreat } = await retreatWithRates(app, { name: "Bali 2030" });
    const application = await acceptedBooking(
      app,
      await applicant(app, retreat.id, { firstName: "Zoë", lastName: "Łukasz", email: "zoe.receipt@example.com" }),
    );
    const plan = (await activePlanOf(app, application.id))!;
    const [deposit] = await paymentsOfPlan(app, plan.id);
    const res = await app.inject({
      method: "PUT",
      url: `/api/admin/payments/${deposit!.id}/status`,
      headers: { cookie: staff.cookie },
      payload: { status: "completed", paymentMethod: "bank_transfer" },
    });
    expect(res.statusCode, res.body).toBe(200);

    const deadline = Date.now() + 20_000;
    while (sink.to("zoe.receipt@example.com").length === 0) {
      if (Date.now() > deadline) throw new Error("the receipt email never arrived");
      await new Promise((r) => setTimeout(r, 100));
    }
    const mail = await parseMessage(sink.to("zoe.receipt@example.com")[0]!);
    expect(mail.subject).toBe("Receipt R-2030-0001: £500 for Bali 2030");
    const pdf = mail.attachments.find((a) => a.filename === "receipt-R-2030-0001.pdf");
    expect(pdf?.mimeType).toBe("application/pdf");
    const bytes = typeof pdf!.content === "string" ? Buffer.from(pdf!.content) : new Uint8Array(pdf!.content);
    const { text } = await pdfText(bytes);
    expect(text).toContain("Receipt R-2030-0001");
    // Helvetica has no Ł: the PDF shows the nearest letter, the email and the screens the real name.
    expect(text).toContain("Zoë Lukasz");
    expect(text).toContain("Amount paid £500");
    expect(text).toContain("Remaining balance £1,497");
  });
});
