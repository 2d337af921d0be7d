import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLogs } from "../db/schema";
import { retryEmailLog } from "../features/email-outbox/email-outbox.service";
import { createTestApp, type TestApp } from "../test/test-app";
import { deliverEmail } from "./delivery";
import { EmailSecrets, openSecrets, revealHiddenLinks } from "./hidden-links";
import { CredentialLinkInOutboxError, queueEmail } from "./outbox";
import type { MailTransport } from "./transport";

let t: TestApp;
let app: FastifyInstance;
const actor = { userId: null, ipAddress: null, userAgent: null };

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => t.close());

const token = () => randomBytes(32).toString("base64url");

function capture() {
  const sent: { text: string; html: string }[] = [];
  const transport = {
    sendMail: async (message: { text: string; html: string }) => {
      sent.push({ text: message.text, html: message.html });
      return {};
    },
    close: () => {},
  } as unknown as MailTransport;
  return { sent, transport };
}

const failing = {
  sendMail: async () => {
    throw new Error("451 try again later");
  },
  close: () => {},
} as unknown as MailTransport;

const ctx = (transport: MailTransport | null) => ({
  db: app.db,
  transport,
  from: "hello@localhost",
  cipher: app.fieldCipher,
});

/** A set-password style email rendered with the marker, as the services do. */
async function queueLinkEmail(to: string, secret: string) {
  const secrets = new EmailSecrets(app.fieldCipher);
  const url = `https://retreat.example/set-password/${secrets.hide(secret)}`;
  const id = await queueEmail(app.db, {
    to,
    email: { subject: "Set your password", html: `<p><a href="${url}">${url}</a></p>`, text: `Open ${url}` },
    kind: "set_password",
    secrets,
  });
  const [row] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, id));
  return row!;
}

describe("credential tokens in the outbox", () => {
  it("stores the marker and the sealed token, never the token; only the sent message carries it", async () => {
    const secret = token();
    const row = await queueLinkEmail("sealed@example.com", secret);
    expect(row.textBody).toBe("Open https://retreat.example/set-password/hidden-link-1");
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.sealedSecrets).toMatch(/^enc:v1:/);
    expect(openSecrets(app.fieldCipher, row.sealedSecrets, row)).toEqual([secret]);

    const { sent, transport } = capture();
    expect(await deliverEmail(ctx(transport), row.id)).toBe("sent");
    expect(sent[0]!.text).toBe(`Open https://retreat.example/set-password/${secret}`);
    expect(sent[0]!.html).toContain(`href="https://retreat.example/set-password/${secret}"`);
    const [after] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
    expect(after).toMatchObject({ status: "sent", sealedSecrets: null, textBody: row.textBody, body: row.body });
  });

  it("keeps the sealed token while the message can still be sent: a failed one is resent with its link", async () => {
    const secret = token();
    const row = await queueLinkEmail("resend@example.com", secret);
    await expect(deliverEmail(ctx(failing), row.id)).rejects.toThrow("451");
    const [failed] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
    expect(failed).toMatchObject({ status: "failed", sealedSecrets: row.sealedSecrets });

    await retryEmailLog(app.db, row.id, actor);
    const { sent, transport } = capture();
    expect(await deliverEmail(ctx(transport), row.id)).toBe("sent");
    expect(sent[0]!.text).toContain(secret);
    const [after] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
    expect(after!.sealedSecrets).toBeNull();
  });

  it("drops the sealed token when nothing will send the message (no SMTP)", async () => {
    const row = await queueLinkEmail("logged@example.com", token());
    expect(await deliverEmail(ctx(null), row.id)).toBe("logged");
    const [after] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
    expect(after).toMatchObject({ status: "logged", sealedSecrets: null });
  });

  it("binds the sealed token to its row and recipient: copied to another message, it does not open", async () => {
    const victim = await queueLinkEmail("victim@example.com", token());
    const thief = await queueLinkEmail("thief@example.com", token());
    await app.db.update(emailLogs).set({ sealedSecrets: victim.sealedSecrets }).where(eq(emailLogs.id, thief.id));
    const { sent, transport } = capture();
    await expect(deliverEmail(ctx(transport), thief.id)).rejects.toThrow(/Cannot decrypt/);
    expect(sent).toEqual([]);
    // Readdressing the row itself breaks it too.
    await app.db.update(emailLogs).set({ recipientEmail: "thief@example.com" }).where(eq(emailLogs.id, victim.id));
    await expect(deliverEmail(ctx(transport), victim.id)).rejects.toThrow(/Cannot decrypt/);
    expect(sent).toEqual([]);
  });

  it("hides a token the caller rendered raw, when it is among the secrets", async () => {
    const secret = token();
    const secrets = new EmailSecrets(app.fieldCipher);
    secrets.hide(secret);
    const id = await queueEmail(app.db, {
      to: "raw@example.com",
      email: { subject: "Offer", html: `<a href="/place-offer/${secret}">x</a>`, text: `/place-offer/${secret}` },
      secrets,
    });
    const [row] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, id));
    expect(row!.textBody).toBe("/place-offer/hidden-link-1");
    expect(JSON.stringify(row)).not.toContain(secret);
  });
});

describe("the outbox's safety net", () => {
  const uuid = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
  const working = [
    `https://x.example/set-password/${token()}`,
    `https://x.example/api/auth/set-password/${token()}`,
    `https://x.example/interview/book/${token()}`,
    `https://x.example/api/interview-booking/${token()}`,
    `https://x.example/place-offer/${token()}`,
    `https://x.example/api/place-offers/${token()}/accept`,
    `https://x.example/api/pay/${uuid}.${token()}`,
    `https://x.example/api/calendar/${randomBytes(32).toString("hex")}.ics`,
  ];

  it.each(working)("refuses to store %s in the subject, either body part or an attachment", async (link) => {
    const plain = { subject: "Hello", html: "<p>Hi</p>", text: "Hi" };
    const variants = [
      { email: { ...plain, html: `<a href="${link}">open</a>` } },
      { email: { ...plain, text: `Open ${link}` } },
      { email: { ...plain, subject: `Open ${link}` } },
      { email: plain, attachments: [{ filename: "a.ics", contentType: "text/calendar", content: `URL:${link}` }] },
    ];
    for (const variant of variants) {
      const to = `refused-${randomBytes(4).toString("hex")}@example.com`;
      const attempt = app.db.transaction((tx) => queueEmail(tx, { to, kind: "test", ...variant }));
      await expect(attempt).rejects.toThrow(CredentialLinkInOutboxError);
      // The error names the rule, never the link (errors reach the log).
      await expect(attempt).rejects.not.toThrow(link.split("/").pop()!);
      expect(await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, to))).toEqual([]);
    }
  });

  it("stores markers, and the links the spec keeps as they are (email preferences, travel form)", async () => {
    const text = [
      "https://x.example/set-password/hidden-link-1",
      "https://x.example/api/pay/hidden-link-2",
      `https://x.example/email/preferences/${token()}`,
      `https://x.example/email/unsubscribe/${token()}`,
      `https://x.example/travel-form/${uuid}`,
    ].join("\n");
    const id = await queueEmail(app.db, { to: "allowed@example.com", email: { subject: "Hi", html: text, text } });
    expect(id).toBeTruthy();
  });
});

describe("revealHiddenLinks", () => {
  it("puts each token behind its own marker, hidden-link-1 never read as the start of hidden-link-10", () => {
    const values = Array.from({ length: 11 }, (_, i) => `T${i + 1}`);
    const text = values.map((_, i) => `hidden-link-${i + 1}`).join(" ");
    expect(revealHiddenLinks(text, values)).toBe(values.join(" "));
    expect(revealHiddenLinks("hidden-link-12 stays", values)).toBe("hidden-link-12 stays");
  });

  it("gives one marker per distinct secret", () => {
    const secrets = new EmailSecrets(app.fieldCipher);
    expect(secrets.hide("a")).toBe("hidden-link-1");
    expect(secrets.hide("b")).toBe("hidden-link-2");
    expect(secrets.hide("a")).toBe("hidden-link-1");
    expect(secrets.values).toEqual(["a", "b"]);
  });
});
