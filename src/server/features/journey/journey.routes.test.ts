import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import { applications, emailLogs, feedbackResponses } from "../../db/schema";
import { openSecrets } from "../../email/hidden-links";
import { applicant, caller, retreatWithRates } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";
import { publishedTestimonials } from "./feedback.service";
import { runJourneySweep } from "./journey.service";
import { defaultSteps } from "./journey-rules";

let app: FastifyInstance;
let desk: { call: ReturnType<typeof caller>; staff: Signed; retreatId: string };
const start = addDays(todayIn("UTC"), -10);
withTestApp(async (a) => {
  app = a;
  const { retreat } = await retreatWithRates(a, {
    name: "Routes retreat",
    startDate: start,
    endDate: addDays(start, 5),
  });
  desk = { call: caller(a), staff: await signedInAs(a, "staff"), retreatId: retreat.id };
});

describe("journey routes", () => {
  it("sends a message now only to an accepted guest (409 for an applicant not accepted)", async () => {
    const pending = await applicant(app, desk.retreatId, { firstName: "Nina" });
    const res = await desk.call(
      "POST",
      `/api/admin/journey/applications/${pending.id}/steps/welcome/send`,
      desk.staff.cookie,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, pending.email))).toEqual([]);
  });

  it("saves a message using the journey's variables (the default text, switched off) and refuses an unknown one", async () => {
    const welcome = defaultSteps.find((step) => step.key === "welcome")!;
    const url = `/api/admin/journey/retreats/${desk.retreatId}/steps/welcome`;
    const off = { enabled: false, offsetDays: welcome.offsetDays, subject: welcome.subject, body: welcome.body };
    const saved = await desk.call("PUT", url, desk.staff.cookie, off);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ key: "welcome", enabled: false, subject: welcome.subject });
    const unknown = await desk.call("PUT", url, desk.staff.cookie, { ...off, body: "Hi {{ passportNumber }}" });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().message).toContain("passportNumber");
    const back = await desk.call("PUT", url, desk.staff.cookie, { ...off, enabled: true });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("accepting through the admin API stamps accepted_at and the timeline shows the welcome; skip works once", async () => {
    const guest = await applicant(app, desk.retreatId, { firstName: "Ada" });
    const moved = await desk.call("PATCH", `/api/admin/applications/${guest.id}`, desk.staff.cookie, {
      stage: "accepted",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await app.db.select().from(applications).where(eq(applications.id, guest.id));
    expect(row!.acceptedAt).not.toBeNull();
    await runJourneySweep(app.db, app.config);
    const timeline = await desk.call("GET", `/api/admin/journey/applications/${guest.id}/timeline`, desk.staff.cookie);
    expect(timeline.statusCode).toBe(200);
    const entries = timeline.json().entries as { key: string; state: string }[];
    expect(entries.find((e) => e.key === "welcome")!.state).toBe("sent");

    const skip = await desk.call(
      "POST",
      `/api/admin/journey/applications/${guest.id}/steps/feedback/skip`,
      desk.staff.cookie,
    );
    expect(skip.statusCode).toBe(200);
    expect((skip.json().entries as { key: string; state: string }[]).find((e) => e.key === "feedback")!.state).toBe(
      "skipped",
    );
    const again = await desk.call(
      "POST",
      `/api/admin/journey/applications/${guest.id}/steps/feedback/skip`,
      desk.staff.cookie,
    );
    expect(again.statusCode).toBe(409);
    const anonymous = await desk.call("GET", `/api/admin/journey/applications/${guest.id}/timeline`, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it("the survey link works once, refuses a rating of 6, and a chosen quote is a testimonial", async () => {
    const guest = await applicant(app, desk.retreatId, { firstName: "Grace Brewster" });
    await desk.call("PATCH", `/api/admin/applications/${guest.id}`, desk.staff.cookie, { stage: "accepted" });
    const sent = await desk.call(
      "POST",
      `/api/admin/journey/applications/${guest.id}/steps/feedback/send`,
      desk.staff.cookie,
    );
    expect(sent.statusCode).toBe(200);
    // The link travels sealed beside the outbox row (the row's text and the table hold no working link).
    const [mail] = await app.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.kind, "journey_feedback"), eq(emailLogs.recipientEmail, guest.email)));
    expect(mail!.body).toMatch(/\/feedback\/hidden-link-[0-9a-f]{32}/);
    expect(mail!.body).not.toMatch(/\/feedback\/(?!hidden-link-)[A-Za-z0-9_-]{32}/);
    const [secret] = openSecrets(app.fieldCipher, mail!.sealedSecrets, mail!);
    const token = secret!.token;
    const [fb] = await app.db.select().from(feedbackResponses).where(eq(feedbackResponses.applicationId, guest.id));
    expect(fb!.token).not.toBe(token);
    const url = `/feedback/${token}`;
    expect((await app.inject({ method: "GET", url })).body).toContain("quote me on the website");
    const bad = await app.inject({ method: "POST", url, payload: { rating: 6, comment: "x" } });
    expect(bad.statusCode).toBe(400);
    for (const rating of [true, [4], "", "4.5"]) {
      const wrong = await app.inject({ method: "POST", url, payload: { rating, comment: "x" } });
      expect(wrong.statusCode, JSON.stringify(rating)).toBe(400);
    }
    const ok = await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "rating=5&comment=Life%20changing%20%3Cb%3E&mayQuote=on",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("Thank you");
    const twice = await app.inject({ method: "POST", url, payload: { rating: 4 } });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain("already been used");
    expect((await app.inject({ method: "GET", url })).body).toContain("already been used");

    const list = await desk.call("GET", `/api/admin/journey/retreats/${desk.retreatId}/feedback`, desk.staff.cookie);
    expect(list.json().average).toBe(5);
    expect(await publishedTestimonials(app.db)).toEqual([]);
    const pub = await desk.call("PUT", `/api/admin/journey/feedback/${fb!.id}/published`, desk.staff.cookie, {
      published: true,
    });
    expect(pub.statusCode).toBe(200);
    expect(await publishedTestimonials(app.db)).toEqual([
      { quote: "Life changing <b>", firstName: "Grace", retreatName: "Routes retreat" },
    ]);
  });

  it("readiness lists accepted guests with what blocks them", async () => {
    const res = await desk.call("GET", `/api/admin/journey/retreats/${desk.retreatId}/readiness`, desk.staff.cookie);
    expect(res.statusCode).toBe(200);
    const guests = res.json().guests as { blocking: string[] }[];
    expect(guests.length).toBeGreaterThan(0);
    expect(guests[0]!.blocking).toContain("No travel form");
  });
});
