import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLogs } from "../db/schema";
import { type ReceivedMessage, type SmtpSink, startSmtpSink } from "../test/smtp-sink";
import { createTestApp, type TestApp } from "../test/test-app";
import { waitFor } from "../test/wait-for";
import { deliverEmail, stuckAfterMs, sweepStuckEmails } from "./delivery";
import { emailSendJob, queueEmail } from "./outbox";
import { renderDefaultSystemEmail } from "./system-templates";
import { createMailTransport, type MailTransport } from "./transport";

const renderWaitlistWelcome = (data: { firstName: string; publicUrl: string; preferencesUrl: string }) =>
  renderDefaultSystemEmail("waitlist_welcome", { ...data, applyUrl: `${data.publicUrl}/#apply` });

let sink: SmtpSink;
let smtpUrl: string;
let received: ReceivedMessage[] = [];
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  smtpUrl = sink.url;
  received = sink.received;
  t = await createTestApp({ smtpUrl, runWorker: true, publicUrl: "https://retreat.example.com" });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const messagesTo = (address: string) => received.filter((m) => m.to.includes(address));

/** A waitlist welcome to `to`, queued in the outbox; its row's id. */
async function queuedWelcome(firstName: string, to: string) {
  const email = await renderWaitlistWelcome({
    firstName,
    publicUrl: "https://x.test",
    preferencesUrl: "https://x.test/p",
  });
  return queueEmail(t.app.db, { to, name: firstName, email });
}

/** What deliverEmail needs, sending through `transport`. */
const deliveryContext = (transport: MailTransport | null) => ({
  db: t.app.db,
  transport,
  from: "x@localhost",
  cipher: t.app.fieldCipher,
  publicUrl: t.app.config.publicUrl,
});

describe("transactional email over SMTP", () => {
  it("sends the waitlist welcome with escaped HTML, a text part and a working preferences link", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { name: "<script>alert(1)</script> Ada", email: "ada@example.com" },
    });
    expect(res.statusCode).toBe(200);

    const message = await waitFor(() => messagesTo("ada@example.com")[0], "the welcome email");
    const mail = await PostalMime.parse(message.raw);
    expect(message.from).toBe("hello@localhost");
    expect(mail.from?.address).toBe("hello@localhost");
    expect(mail.subject).toBe("You're on the waitlist for our Bali retreat");
    expect(mail.to?.[0]).toMatchObject({ address: "ada@example.com", name: "<script>alert(1)</script> Ada" });

    expect(mail.html).toContain("Thank you, &lt;script&gt;alert(1)&lt;/script&gt;!");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("Thank you, <script>alert(1)</script>!");
    expect(mail.text).toContain("You're now on our priority waitlist for the Bali retreat.");

    const link = mail.html?.match(/href="(https:\/\/retreat\.example\.com\/email\/preferences\/([0-9a-f]{64}))"/);
    expect(link).not.toBeNull();
    expect(mail.text).toContain(`Manage your email preferences: ${link![1]}`);
    const prefs = await t.app.inject(`/api/email/preferences/${link![2]}`);
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json().subscriber).toMatchObject({ email: "ada@example.com", globallyUnsubscribed: false });

    const row = await waitFor(async () => {
      const [r] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, "ada@example.com"));
      return r?.status === "sent" ? r : undefined;
    }, "the row to be marked sent");
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.errorMessage).toBeNull();
  });

  it("confirms a couple's application to both partners", async () => {
    const [retreat] = await t.app.db.query.retreats.findMany({ limit: 1 });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/application",
      payload: {
        retreatId: retreat!.id,
        firstName: "Bo",
        email: "bo@example.com",
        motivations: "x".repeat(60),
        advocacyInvolvement: "y".repeat(30),
        applicationType: "couple",
        partnerFirstName: "Cy",
        partnerEmail: "cy@example.com",
      },
    });
    expect(res.statusCode).toBe(201);
    const both = await waitFor(() => {
      const mails = [...messagesTo("bo@example.com"), ...messagesTo("cy@example.com")];
      return mails.length === 2 ? mails : undefined;
    }, "both confirmations");
    const subjects = await Promise.all(both.map(async (m) => (await PostalMime.parse(m.raw)).subject));
    expect(subjects).toEqual(["We've received your application", "We've received your application"]);
  });

  it("never sends a message twice when its job runs again after success", async () => {
    const before = received.length;
    const [row] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, "ada@example.com"));
    expect(row!.status).toBe("sent");

    const ctx = deliveryContext(createMailTransport({ smtpUrl }));
    expect(await deliverEmail(ctx, row!.id)).toBe("skipped");

    const jobId = await t.app.queue!.send(emailSendJob, { emailLogId: row!.id });
    await waitFor(async () => {
      const job = await t.app.queue!.boss.getJobById(emailSendJob, jobId!);
      return job?.state === "completed" ? job : undefined;
    }, "the repeated job to complete");
    expect(received.length).toBe(before);
  });

  it("the sweep re-enqueues a message whose job was lost between commit and enqueue", async () => {
    const id = await queuedWelcome("Di", "di@example.com");
    // A fresh row is left alone: its job may still be on its way.
    expect(await sweepStuckEmails(t.app.db, t.app.queue!, t.app.log)).toBe(0);
    await t.app.db
      .update(emailLogs)
      .set({ updatedAt: new Date(Date.now() - stuckAfterMs - 1000) })
      .where(eq(emailLogs.id, id));
    expect(await sweepStuckEmails(t.app.db, t.app.queue!, t.app.log)).toBe(1);
    // Picked rows are stamped, so the next sweep does not enqueue them again.
    expect(await sweepStuckEmails(t.app.db, t.app.queue!, t.app.log)).toBe(0);
    await waitFor(() => messagesTo("di@example.com")[0], "the swept email");
  });

  it("records a failed send with its error, and a retry after the failure sends it", async () => {
    const id = await queuedWelcome("Ed", "ed@example.com");
    const broken = {
      sendMail: async () => {
        throw new Error("421 try again later");
      },
      close: () => {},
    };
    await expect(deliverEmail(deliveryContext(broken), id)).rejects.toThrow("421 try again later");
    const [failed] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.id, id));
    expect(failed).toMatchObject({ status: "failed", errorMessage: "421 try again later", sentAt: null });

    const ctx = deliveryContext(createMailTransport({ smtpUrl }));
    expect(await deliverEmail(ctx, id)).toBe("sent");
    expect(messagesTo("ed@example.com")).toHaveLength(1);
  });

  it("without SMTP a message is only recorded, as logged", async () => {
    const id = await queuedWelcome("Flo", "flo@example.com");
    const noSmtp = deliveryContext(createMailTransport({}));
    expect(noSmtp.transport).toBeNull();
    expect(await deliverEmail(noSmtp, id)).toBe("logged");
    expect(await deliverEmail(noSmtp, id)).toBe("skipped");
    const [row] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.id, id));
    expect(row).toMatchObject({ status: "logged", sentAt: null });
    expect(messagesTo("flo@example.com")).toHaveLength(0);
  });
});
