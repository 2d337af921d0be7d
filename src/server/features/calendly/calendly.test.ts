import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  applications,
  auditLogs,
  calendlyEvents,
  emailLogs,
  interviewBlocks,
  interviews,
  jitsiRooms,
} from "../../db/schema";
import { signWebhook } from "../../http/webhook-signature";
import { insertApplication } from "../../test/builders";
import { createTestApp, withTestApp } from "../../test/test-app";
import { createTestUser, signedInAs } from "../../test/test-sessions";
import {
  calendlyInvalidSignatureMessage,
  calendlyNotConfiguredMessage,
  calendlySignatureHeader,
  calendlyWebhookPath,
} from "./calendly.routes";

const key = "calendly-test-signing-key-0123456789";
let app: FastifyInstance;

withTestApp(
  async (built) => {
    app = built;
  },
  { calendlyWebhookSigningKey: key, jitsiBaseUrl: "https://video.example.org" },
);

let ip = 0;
const freshIp = () => `10.55.${Math.floor(++ip / 250)}.${ip % 250}`;

function post(raw: string, signature: string | null, target = app) {
  return target.inject({
    method: "POST",
    url: calendlyWebhookPath,
    payload: raw,
    headers: {
      "content-type": "application/json",
      ...(signature ? { [calendlySignatureHeader]: signature } : {}),
      // Calendly's servers are another site: the webhook must not be refused as cross-site.
      origin: "https://calendly.com",
    },
    remoteAddress: freshIp(),
  });
}
const signed = (body: object, timestamp?: number) => {
  const raw = JSON.stringify(body);
  return post(raw, signWebhook(key, raw, timestamp));
};

let counter = 0;
function inviteeEvent(
  event: "invitee.created" | "invitee.canceled",
  o: {
    email: string;
    uri?: string;
    start?: string;
    end?: string;
    host?: string;
    reason?: string;
    rescheduled?: boolean;
  },
) {
  counter += 1;
  const uri = o.uri ?? `https://api.calendly.com/scheduled_events/EV${counter}/invitees/IN${counter}`;
  return {
    event,
    created_at: "2030-05-01T10:00:00.000000Z",
    payload: {
      uri,
      email: o.email,
      name: "Ada Lovelace",
      reschedule_url: `https://calendly.com/reschedulings/IN${counter}`,
      cancel_url: `https://calendly.com/cancellations/IN${counter}`,
      rescheduled: o.rescheduled ?? false,
      ...(event === "invitee.canceled" ? { cancellation: { canceled_by: "Ada", reason: o.reason ?? "Clash" } } : {}),
      scheduled_event: {
        uri: `https://api.calendly.com/scheduled_events/EV${counter}`,
        name: "Quick Chat",
        start_time: o.start ?? "2030-06-03T09:00:00.000000Z",
        end_time: o.end ?? "2030-06-03T09:45:00.000000Z",
        event_type: "https://api.calendly.com/event_types/QUICK",
        location: { type: "custom", location: "Online" },
        event_memberships: o.host ? [{ user: "https://api.calendly.com/users/U1", user_email: o.host }] : [],
      },
    },
  };
}

async function application(email: string, submittedAt: Date, stage = "new") {
  return insertApplication(app, { retreatId: null, firstName: "Ada", lastName: "Lovelace", email, submittedAt, stage });
}

describe("POST /api/webhooks/calendly: signature", () => {
  it("answers 404 when CALENDLY_WEBHOOK_SIGNING_KEY is unset", async () => {
    const off = await createTestApp();
    try {
      const raw = JSON.stringify(inviteeEvent("invitee.created", { email: "x@example.com" }));
      const res = await post(raw, signWebhook(key, raw), off.app);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(calendlyNotConfiguredMessage);
      expect(await off.app.db.select().from(calendlyEvents)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it("refuses a missing or wrong signature, another key, a changed body and an old or future timestamp", async () => {
    const body = inviteeEvent("invitee.created", { email: "sig@example.com" });
    const raw = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string | null][] = [
      ["missing", null],
      ["garbage", "nonsense"],
      ["wrong key", signWebhook("another-key-another-key-0000", raw)],
      ["changed body", signWebhook(key, raw.replace("sig@", "sog@"))],
      ["six minutes old", signWebhook(key, raw, now - 360)],
      ["six minutes ahead", signWebhook(key, raw, now + 360)],
    ];
    for (const [name, signature] of cases) {
      const res = await post(raw, signature);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().message).toBe(calendlyInvalidSignatureMessage);
    }
    expect(
      await app.db.select().from(calendlyEvents).where(eq(calendlyEvents.inviteeEmail, "sig@example.com")),
    ).toEqual([]);
    // Four minutes old is inside the window.
    expect((await post(raw, signWebhook(key, raw, now - 240))).statusCode).toBe(200);
  });

  it("checks the signature before judging the body", async () => {
    expect((await post("{not json", null)).statusCode).toBe(401);
    expect((await post("{not json", signWebhook(key, "{not json"))).statusCode).toBe(400);
    const bad = { event: "invitee.created", payload: { uri: "x", scheduled_event: { uri: "y", start_time: "soon" } } };
    expect((await signed(bad)).statusCode).toBe(400);
  });
});

describe("POST /api/webhooks/calendly: events", () => {
  it("invitee.created books an interview for the newest application with that email, mapped to the host, without slot checks", async () => {
    await application("Calendly.Ada@Example.com", new Date("2026-01-01T00:00:00Z"), "accepted");
    const newest = await application("calendly.ada@example.com", new Date("2026-03-01T00:00:00Z"), "screening");
    const host = await createTestUser(app, "staff", { email: `host-${Date.now()}@example.com` });
    // Calendly checked the host's calendar: a block here must not refuse the booking.
    await app.db.insert(interviewBlocks).values({
      userId: host.id,
      startTime: new Date("2030-06-03T00:00:00Z"),
      endTime: new Date("2030-06-04T00:00:00Z"),
    });
    const body = inviteeEvent("invitee.created", { email: "CALENDLY.ada@example.com", host: host.email.toUpperCase() });

    const res = await signed(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: "created" });

    const [event] = await app.db
      .select()
      .from(calendlyEvents)
      .where(eq(calendlyEvents.calendlyEventId, body.payload.uri));
    expect(event).toMatchObject({
      applicationId: newest.id,
      status: "active",
      calendlyEventUri: body.payload.scheduled_event.uri,
      inviteeEmail: "CALENDLY.ada@example.com",
      inviteeName: "Ada Lovelace",
      name: "Quick Chat",
      location: "Online",
      startTime: new Date("2030-06-03T09:00:00Z"),
      endTime: new Date("2030-06-03T09:45:00Z"),
    });
    const [interview] = await app.db.select().from(interviews).where(eq(interviews.id, event!.interviewId!));
    expect(interview).toMatchObject({
      applicationId: newest.id,
      interviewerUserId: host.id,
      status: "scheduled",
      duration: 45,
      scheduledAt: new Date("2030-06-03T09:00:00Z"),
      calendlyEventId: body.payload.uri,
      calendlyLink: body.payload.reschedule_url,
    });
    expect(interview!.jitsiMeetingUrl).toMatch(/^https:\/\/video\.example\.org\/RetreatHQ-[0-9a-f]{24}$/);
    const [room] = await app.db.select().from(jitsiRooms).where(eq(jitsiRooms.interviewId, interview!.id));
    expect(room!.meetingUrl).toBe(interview!.jitsiMeetingUrl);
    const [moved] = await app.db.select().from(applications).where(eq(applications.id, newest.id));
    expect(moved!.stage).toBe("interview");
    const mails = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, newest.email));
    expect(mails.map((m) => m.kind)).toEqual(["interview_scheduled"]);
    expect(mails[0]!.textBody).toContain(interview!.jitsiMeetingUrl);

    // A replay changes nothing.
    const replay = await signed(body);
    expect(replay.json()).toEqual({ outcome: "duplicate" });
    expect(await app.db.select().from(interviews).where(eq(interviews.applicationId, newest.id))).toHaveLength(1);
    expect(await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, newest.email))).toHaveLength(1);
  });

  it("leaves the interviewer empty when the host is not a user", async () => {
    const a = await application(`nohost-${Date.now()}@example.com`, new Date());
    const body = inviteeEvent("invitee.created", { email: a.email, host: "someone@elsewhere.example" });
    expect((await signed(body)).json()).toEqual({ outcome: "created" });
    const [interview] = await app.db.select().from(interviews).where(eq(interviews.applicationId, a.id));
    expect(interview!.interviewerUserId).toBeNull();
  });

  it.each(["accepted", "payment", "waitlist", "declined"])(
    "books no interview for an application already in %s: the event is kept, the stage and inbox untouched",
    async (stage) => {
      const a = await application(`decided-${stage}-${Date.now()}@example.com`, new Date(), stage);
      const body = inviteeEvent("invitee.created", { email: a.email });
      const res = await signed(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ outcome: "no_interview_ahead" });
      const [event] = await app.db
        .select()
        .from(calendlyEvents)
        .where(eq(calendlyEvents.calendlyEventId, body.payload.uri));
      expect(event).toMatchObject({ applicationId: a.id, interviewId: null, status: "active" });
      expect(await app.db.select().from(interviews).where(eq(interviews.applicationId, a.id))).toHaveLength(0);
      const [after] = await app.db.select().from(applications).where(eq(applications.id, a.id));
      expect(after!.stage).toBe(stage);
      expect(await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email))).toHaveLength(0);
    },
  );

  it("stores an invitee with no application and answers 200", async () => {
    const body = inviteeEvent("invitee.created", { email: "stranger@example.com" });
    const res = await signed(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: "unmatched" });
    const [event] = await app.db
      .select()
      .from(calendlyEvents)
      .where(eq(calendlyEvents.calendlyEventId, body.payload.uri));
    expect(event).toMatchObject({ applicationId: null, interviewId: null, inviteeEmail: "stranger@example.com" });
  });

  it("invitee.canceled cancels the interview, records the reason, and is idempotent", async () => {
    const a = await application(`cancel-${Date.now()}@example.com`, new Date());
    const created = inviteeEvent("invitee.created", { email: a.email });
    await signed(created);
    const cancel = inviteeEvent("invitee.canceled", {
      email: a.email,
      uri: created.payload.uri,
      reason: "Feeling ill",
    });
    const res = await signed(cancel);
    expect(res.json()).toEqual({ outcome: "cancelled" });
    const [event] = await app.db
      .select()
      .from(calendlyEvents)
      .where(eq(calendlyEvents.calendlyEventId, created.payload.uri));
    expect(event).toMatchObject({ status: "cancelled", cancellationReason: "Feeling ill" });
    expect(event!.cancelledAt).not.toBeNull();
    const [interview] = await app.db.select().from(interviews).where(eq(interviews.id, event!.interviewId!));
    expect(interview!.status).toBe("cancelled");
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, interview!.id))
      .then((rows) => rows.filter((r) => r.action === "cancel"));
    expect(audit).toMatchObject({ userId: null, newValues: { status: "cancelled", reason: "Feeling ill" } });
    const mails = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(["interview_cancelled", "interview_scheduled"]);
    const cancelMail = mails.find((m) => m.kind === "interview_cancelled")!;
    expect(cancelMail.attachments[0]!.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");

    expect((await signed(cancel)).json()).toEqual({ outcome: "duplicate" });
    expect(await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email))).toHaveLength(2);
  });

  it("tells the applicant a cancellation that is half of their own reschedule", async () => {
    const a = await application(`moved-${Date.now()}@example.com`, new Date());
    const created = inviteeEvent("invitee.created", { email: a.email });
    await signed(created);
    await signed(inviteeEvent("invitee.canceled", { email: a.email, uri: created.payload.uri, rescheduled: true }));
    const [mail] = await app.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.recipientEmail, a.email))
      .then((rows) => rows.filter((m) => m.kind === "interview_cancelled"));
    expect(mail!.textBody).toContain("You chose a new time");
  });

  it("records a cancellation that arrives first, so the late creation is ignored", async () => {
    const a = await application(`early-${Date.now()}@example.com`, new Date());
    const uri = "https://api.calendly.com/scheduled_events/EARLY/invitees/EARLY";
    const cancel = await signed(inviteeEvent("invitee.canceled", { email: a.email, uri }));
    expect(cancel.json()).toEqual({ outcome: "unmatched" });
    const created = await signed(inviteeEvent("invitee.created", { email: a.email, uri }));
    expect(created.json()).toEqual({ outcome: "duplicate" });
    expect(await app.db.select().from(interviews).where(eq(interviews.applicationId, a.id))).toEqual([]);
  });

  it("acknowledges other event kinds without storing anything", async () => {
    const before = (await app.db.select().from(calendlyEvents)).length;
    const res = await signed({ event: "routing_form_submission.created", payload: { anything: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: "ignored" });
    expect(await app.db.select().from(calendlyEvents)).toHaveLength(before);
  });

  it("books once when the same delivery arrives twice at once", async () => {
    const a = await application(`twice-${Date.now()}@example.com`, new Date());
    const body = inviteeEvent("invitee.created", { email: a.email });
    const results = await Promise.all([signed(body), signed(body)]);
    expect(results.map((r) => r.json().outcome).sort()).toEqual(["created", "duplicate"]);
    expect(await app.db.select().from(interviews).where(eq(interviews.applicationId, a.id))).toHaveLength(1);
  });
});

describe("API docs", () => {
  it("describe the webhook and the interview routes (to staff)", async () => {
    const { cookie } = await signedInAs(app, "staff");
    const res = await app.inject({ url: "/api/docs", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      calendlyWebhookPath,
      "/api/interview-booking/{token}",
      "/api/admin/interviews/booking-links",
      "/api/admin/interviews/availability",
      "/api/admin/interviews/blocks/{id}",
      "/api/admin/interviews/interviewers",
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
