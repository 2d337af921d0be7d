import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { emailLogs } from "../db/schema";
import { retryEmailLog } from "../features/email-outbox/email-outbox.service";
import { withTestApp } from "../test/test-app";
import { deliverEmail } from "./delivery";
import { EmailSecrets, openSecrets, revealHiddenLinks } from "./hidden-links";
import { queueEmail } from "./outbox";
import type { MailTransport } from "./transport";

let app: FastifyInstance;
const actor = { userId: null, ipAddress: null, userAgent: null };

withTestApp(async (built) => {
  app = built;
});

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
  publicUrl: app.config.publicUrl,
});

/** A set-password style email rendered with the marker, as the services do. */
async function queueLinkEmail(to: string, secret: string) {
  const secrets = new EmailSecrets(app.fieldCipher);
  const url = `${app.config.publicUrl}/set-password/${secrets.hide(secret)}`;
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
    expect(row.textBody).toMatch(/^Open http\S+\/set-password\/hidden-link-[0-9a-f]{32}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.sealedSecrets).toMatch(/^enc:v1:/);
    expect(openSecrets(app.fieldCipher, row.sealedSecrets, row)).toEqual([
      { marker: expect.stringMatching(/^hidden-link-/), token: secret },
    ]);

    const { sent, transport } = capture();
    expect(await deliverEmail(ctx(transport), row.id)).toBe("sent");
    expect(sent[0]!.text).toBe(`Open ${app.config.publicUrl}/set-password/${secret}`);
    expect(sent[0]!.html).toContain(`href="${app.config.publicUrl}/set-password/${secret}"`);
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
    expect(row!.textBody).toMatch(/^\/place-offer\/hidden-link-[0-9a-f]{32}$/);
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

  it.each(working)(
    "removes %s from the subject, either body part and an attachment, and stores the rest",
    async (link) => {
      const plain = { subject: "Hello", html: "<p>Hi</p>", text: "Hi" };
      const variants = [
        { email: { ...plain, html: `<a href="${link}">open</a>` } },
        { email: { ...plain, text: `Open ${link}` } },
        { email: { ...plain, subject: `Open ${link}` } },
        { email: plain, attachments: [{ filename: "a.ics", contentType: "text/calendar", content: `URL:${link}` }] },
        { email: { ...plain, text: `Open ${encodeURIComponent(link)}` } },
      ];
      const secret = link.split("/").find((segment) => segment.length >= 32)!;
      for (const variant of variants) {
        const to = `neutralised-${randomBytes(4).toString("hex")}@example.com`;
        await app.db.transaction((tx) => queueEmail(tx, { to, kind: "test", ...variant }));
        const rows = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, to));
        expect(rows).toHaveLength(1);
        expect(JSON.stringify(rows[0])).toContain("link-removed");
        expect(JSON.stringify(rows[0])).not.toContain(secret.slice(0, 20));
      }
    },
  );

  it("leaves ordinary paths alone: a public .ics file, words after a credential path", async () => {
    const text = `${app.config.publicUrl}/api/calendar/retreat-schedule-2026-public.ics and /set-password/please-ask-the-team`;
    const id = await queueEmail(app.db, { to: "ordinary@example.com", email: { subject: "Hi", html: text, text } });
    const [row] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, id));
    expect(row!.textBody).toBe(text);
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
  const site = "https://retreat.example";
  const where = (format: "html" | "text") => ({ publicUrl: site, format });

  it("gives one random 128-bit marker per distinct secret", () => {
    const secrets = new EmailSecrets(app.fieldCipher);
    const a = secrets.hide("a");
    expect(a).toMatch(/^hidden-link-[0-9a-f]{32}$/);
    expect(secrets.hide("b")).not.toBe(a);
    expect(secrets.hide("a")).toBe(a);
    expect(new EmailSecrets(app.fieldCipher).hide("a")).not.toBe(a);
  });

  it("reveals the system's own link standing alone: a whole href, the link's text, a free URL in text", () => {
    const secrets = new EmailSecrets(app.fieldCipher);
    const url = `${site}/api/pay/${secrets.hide("TOKEN")}`;
    expect(revealHiddenLinks(`<a href="${url}">${url}</a>`, secrets.links, where("html"))).toBe(
      `<a href="${site}/api/pay/TOKEN">${site}/api/pay/TOKEN</a>`,
    );
    expect(revealHiddenLinks(`Pay: ${url}.\n(${url})`, secrets.links, where("text"))).toBe(
      `Pay: ${site}/api/pay/TOKEN.\n(${site}/api/pay/TOKEN)`,
    );
  });

  it("leaves the marker wherever text around it was written by someone else", () => {
    const secrets = new EmailSecrets(app.fieldCipher);
    const marker = secrets.hide("TOKEN");
    const url = `${site}/api/pay/${marker}`;
    const moved = [
      `<img src="https://attacker.example/p/${marker}.png">`,
      `<a href="https://attacker.example/t?${encodeURIComponent(url)}">Terms</a>`,
      `<a href="https://attacker.example/t?u=${url}">Terms</a>`,
      `Hello https://attacker.example/g/${marker},`,
      `Hello ${marker}`,
      url.split("/").pop()!,
      url.replace(site, "https://attacker.example"),
      `https://attacker.example/#${url}`,
      `${url}?next=https://attacker.example`,
      `${site}/api/pay/${marker}x`,
    ];
    for (const text of moved) {
      expect(revealHiddenLinks(text, secrets.links, where("html"))).not.toContain("TOKEN");
      expect(revealHiddenLinks(text, secrets.links, where("text"))).not.toContain("TOKEN");
    }
    // A text part loads nothing, so there only the HTML must keep an image's source dead.
    expect(revealHiddenLinks(`<img src="${url}">`, secrets.links, where("html"))).not.toContain("TOKEN");
  });
});
