import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Email } from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, emailLogs } from "../../db/schema";
import { deliverEmail } from "../../email/delivery";
import { queueEmail } from "../../email/outbox";
import { createMailTransport } from "../../email/transport";
import { parseMessage, type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestUser, sessionCookieFor } from "../../test/test-sessions";
import { buildInterviewInvite } from "./interview-invite";

let sink: SmtpSink;
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ smtpUrl: sink.url, runWorker: true, jitsiBaseUrl: "https://video.example.org" });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function waitForMessages(address: string, count: number): Promise<Email[]> {
  const deadline = Date.now() + 20_000;
  while (sink.to(address).length < count) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} messages to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Promise.all(sink.to(address).map(parseMessage));
}

/** The invite.ics of a received message, with folded lines joined back. */
function inviteOf(mail: Email): string {
  const part = mail.attachments.find((a) => a.filename === "invite.ics");
  expect(part, "invite.ics attachment").toBeDefined();
  expect(part!.mimeType).toBe("text/calendar");
  const content = part!.content;
  const text = typeof content === "string" ? content : new TextDecoder().decode(content);
  return unfold(text);
}

/** iCalendar lines joined back where they were folded at 75 octets (RFC 5545 3.1). */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, "").replace(/\r\n/g, "\n");

/** The calendar part's bytes exactly as sent (base64 in the raw message). */
function rawCalendarPart(raw: Buffer): string {
  const match = /Content-Type: text\/calendar[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(raw.toString("utf8"));
  expect(match, "base64 calendar part").toBeTruthy();
  return Buffer.from(match![1]!.replace(/\r\n/g, ""), "base64").toString("utf8");
}

/** The Content-Type header of the message's calendar part, as sent. */
function calendarContentType(raw: Buffer): string | undefined {
  return /Content-Type: (text\/calendar[^\r\n]*(?:\r\n[ \t][^\r\n]*)*)/i
    .exec(raw.toString("utf8"))?.[1]
    ?.replace(/\r\n[ \t]+/g, " ");
}

describe("interview emails over SMTP", () => {
  it("carry an invite.ics whose UID stays, SEQUENCE grows and METHOD turns to CANCEL; rooms use JITSI_BASE_URL", async () => {
    const user = await createTestUser(app, "staff", { firstName: "Ivy", lastName: "Interviewer" });
    const cookie = await sessionCookieFor(app, user.id);
    const [a] = await app.db
      .insert(applications)
      .values({ firstName: "Ada", lastName: "Lovelace", email: "ada.invite@example.com" })
      .returning();

    const created = await app.inject({
      method: "POST",
      url: "/api/admin/interviews",
      payload: { applicationId: a!.id, scheduledAt: "2030-06-03T09:00:00Z" },
      headers: { cookie },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    const id = item.interview.id as string;
    const meetingUrl = item.jitsiRoom.meetingUrl as string;
    expect(meetingUrl).toMatch(/^https:\/\/video\.example\.org\/RetreatHQ-[0-9a-f]{24}$/);

    const [scheduled] = await waitForMessages(a!.email, 1);
    expect(scheduled!.subject).toBe("Your Quick Chat with Retreat HQ");
    expect(scheduled!.html).toContain("https://calendar.google.com/calendar/render?");
    expect(scheduled!.text).toContain(meetingUrl);
    const request = inviteOf(scheduled!);
    expect(request).toContain("METHOD:REQUEST");
    expect(request).toContain(`UID:interview-${id}@localhost`);
    expect(request).toContain("SEQUENCE:0");
    expect(request).toContain("DTSTART:20300603T090000Z");
    expect(request).toContain("DTEND:20300603T093000Z");
    expect(request).toContain("STATUS:CONFIRMED");
    expect(request).toContain(`LOCATION:${meetingUrl}`);
    expect(request).toContain(`URL:${meetingUrl}`);
    expect(request).toMatch(/ORGANIZER;CN="?Retreat HQ"?:mailto:hello@localhost/i);
    expect(request).toMatch(/ATTENDEE;.*CN="?Ada Lovelace"?.*:mailto:ada\.invite@example\.com/i);
    expect(calendarContentType(sink.to(a!.email)[0]!.raw)).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST/i);

    const moved = await app.inject({
      method: "PATCH",
      url: `/api/admin/interviews/${id}/reschedule`,
      payload: { newScheduledAt: "2030-06-04T13:30:00Z" },
      headers: { cookie },
    });
    expect(moved.statusCode).toBe(200);
    const [, rescheduled] = await waitForMessages(a!.email, 2);
    const update = inviteOf(rescheduled!);
    expect(update).toContain("METHOD:REQUEST");
    expect(update).toContain(`UID:interview-${id}@localhost`);
    expect(update).toContain("SEQUENCE:1");
    expect(update).toContain("DTSTART:20300604T133000Z");

    const cancelled = await app.inject({
      method: "POST",
      url: `/api/admin/interviews/${id}/cancel`,
      headers: { cookie },
    });
    expect(cancelled.statusCode).toBe(200);
    const [, , cancel] = await waitForMessages(a!.email, 3);
    expect(cancel!.subject).toBe("Interview cancelled");
    const cancellation = inviteOf(cancel!);
    expect(cancellation).toContain("METHOD:CANCEL");
    expect(cancellation).toContain("STATUS:CANCELLED");
    expect(cancellation).toContain(`UID:interview-${id}@localhost`);
    expect(cancellation).toContain("SEQUENCE:2");
    expect(cancellation).toContain("DTSTART:20300604T133000Z");
    expect(calendarContentType(sink.to(a!.email)[2]!.raw)).toMatch(/^text\/calendar; charset=utf-8; method=CANCEL/i);
  });

  it("sends the same attachment again when the first attempt fails", async () => {
    const invite = buildInterviewInvite({
      interviewId: crypto.randomUUID(),
      sequence: 0,
      method: "REQUEST",
      start: new Date("2030-07-01T10:00:00Z"),
      duration: 30,
      meetingUrl: "https://video.example.org/RetreatHQ-retry",
      attendee: { name: "Rita Retry", email: "rita.retry@example.com" },
      publicUrl: "http://localhost:3000",
      emailFrom: app.config.emailFrom,
    });
    const emailLogId = await queueEmail(app.db, {
      to: "rita.retry@example.com",
      email: { subject: "Retry", html: "<p>Retry</p>", text: "Retry" },
      attachments: [invite],
    });
    const ctx = {
      db: app.db,
      transport: createMailTransport({ smtpUrl: sink.url }),
      from: app.config.emailFrom,
      cipher: app.fieldCipher,
      publicUrl: app.config.publicUrl,
    };
    sink.failNext(1);
    await expect(deliverEmail(ctx, emailLogId)).rejects.toThrow();
    const [failed] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, emailLogId));
    expect(failed!.status).toBe("failed");
    expect(await deliverEmail(ctx, emailLogId)).toBe("sent");
    ctx.transport?.close();
    const [mail] = await waitForMessages("rita.retry@example.com", 1);
    expect(inviteOf(mail!)).toBe(unfold(invite.content));
    expect(rawCalendarPart(sink.to("rita.retry@example.com")[0]!.raw)).toBe(invite.content);
  });
});
