/**
 * Finding "staff can become owner": the outbox kept each email's full body, so staff reading an
 * owner invite in GET /api/admin/email-logs/:id could set that owner's password and sign in as
 * owner. The class: any working credential link (set-password, guest invite, place offer,
 * interview booking, pay link) stored, logged or returned to anyone but its issuer.
 *
 * Every credential email is issued here through the real routes, the real worker and a real SMTP
 * server; each working token is read from the message SMTP received, then looked for in every
 * reply staff (and the owner) can get, in every text and JSON column of every table (a dump,
 * pg-boss's job tables included) and in every log line. The links must still work.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, emailLogs, paymentPlans, paymentReminders, payments } from "../db/schema";
import { verifyPayLinkToken } from "../features/stripe/pay-link";
import { makeApplication, makeBooking, makeRetreat } from "../test/fixtures/places";
import { settleFormJobs } from "../test/form-jobs";
import { concrete, registeredRoutes } from "../test/routes";
import { parseMessage, type SmtpSink, startSmtpSink } from "../test/smtp-sink";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestUser, sessionCookieFor, signedInAs } from "../test/test-sessions";

const publicUrl = "http://localhost:3000";
const newPassword = "the new owner's long passphrase";

type Issued = { name: string; to: string; token: string; url: string };

let sink: SmtpSink;
let t: TestApp;
let app: FastifyInstance;
let owner: { cookie: string; user: { id: string } };
let staff: { cookie: string; user: { id: string } };
const logLines: string[] = [];
const issued: Issued[] = [];
const applicationIds: string[] = [];

function call(method: "GET" | "POST", url: string, cookie: string | null, payload?: object) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie, "user-agent": "vitest" } : {},
    ...(payload ? { payload } : {}),
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const links = {
  setPassword: /http:\/\/localhost:3000\/set-password\/([A-Za-z0-9_-]{43})/,
  booking: /http:\/\/localhost:3000\/interview\/book\/([A-Za-z0-9_-]{43})/,
  offer: /http:\/\/localhost:3000\/place-offer\/([A-Za-z0-9_-]{43})/,
  pay: /http:\/\/localhost:3000\/api\/pay\/([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/,
  feedback: /http:\/\/localhost:3000\/feedback\/([A-Za-z0-9_-]{32})/,
};

/**
 * The working link in the message SMTP received for the address, once the worker has sent the
 * outbox row whose subject matches; the row is then "sent".
 */
async function receivedLink(name: string, to: string, subject: RegExp, pattern: RegExp): Promise<Issued> {
  const row = await until(`${name} sent`, async () => {
    const rows = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, to));
    return rows.find((r) => subject.test(r.subject) && r.status === "sent");
  });
  const message = await until(`${name} received`, async () => {
    for (const received of sink.to(to)) {
      const mail = await parseMessage(received);
      if (mail.subject === row.subject && pattern.test(mail.text ?? "")) return mail;
    }
    return undefined;
  });
  const match = pattern.exec(message.text ?? "")!;
  // Both parts of the message carry the working link.
  expect(message.html).toContain(match[1]);
  const entry = { name, to, token: match[1]!, url: match[0] };
  issued.push(entry);
  return entry;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp(
    {
      smtpUrl: sink.url,
      runWorker: true,
      publicUrl,
      logLevel: "info",
      stripe: { secretKey: "sk_test_fake", webhookSecret: "whsec_test" },
    },
    { logStream: { write: (line) => logLines.push(line) } },
  );
  app = t.app;
  owner = await signedInAs(app, "owner");
  staff = await signedInAs(app, "staff");

  // 1. An owner invites a new owner with a set-password link.
  const invited = await call("POST", "/api/admin/users", owner.cookie, {
    email: "new.owner@example.com",
    firstName: "Nora",
    lastName: "Owner",
    role: "owner",
    sendSetPasswordLink: true,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  // With email on, the link goes by email only, not in the reply.
  expect(invited.json().setPasswordUrl).toBeUndefined();
  await receivedLink("owner invite", "new.owner@example.com", /^Set your password/, links.setPassword);

  // 2. "Send set-password link" on an existing owner.
  const existing = await createTestUser(app, "owner", { email: "second.owner@example.com" });
  const reset = await call("POST", `/api/admin/users/${existing.id}/set-password-link`, owner.cookie);
  expect(reset.statusCode, reset.body).toBe(200);
  expect(reset.json().setPasswordUrl).toBeUndefined();
  await receivedLink("set-password on an existing owner", "second.owner@example.com", /password/, links.setPassword);

  // 3. Staff invite a guest (a set-password link for the guest portal).
  const guestRetreat = await makeRetreat(app, { capacity: 5 });
  const booked = await makeBooking(app, guestRetreat.id, { firstName: "Gwen" });
  applicationIds.push(booked.id);
  const guest = await call("POST", "/api/admin/guests", staff.cookie, { applicationId: booked.id });
  expect(guest.statusCode, guest.body).toBe(201);
  await receivedLink("guest invite", booked.email, /password/, links.setPassword);

  // 4. A released place goes to the waitlist as an offer.
  const fullRetreat = await makeRetreat(app, { capacity: 1 });
  const leaving = await makeBooking(app, fullRetreat.id, { firstName: "Lea" });
  const waiting = await makeApplication(app, fullRetreat.id, { stage: "waitlist", firstName: "Wanda" });
  applicationIds.push(leaving.id, waiting.id);
  const declined = await call("POST", `/api/admin/applications/${leaving.id}/escalate/declined`, staff.cookie, {
    notify: false,
  });
  expect(declined.statusCode, declined.body).toBe(200);
  await receivedLink("place offer", waiting.email, /A place has opened up/, links.offer);

  // 5. Staff email an interview booking link.
  const openRetreat = await makeRetreat(app, { capacity: 10 });
  const interviewee = await makeApplication(app, openRetreat.id, { stage: "screening", firstName: "Ivo" });
  applicationIds.push(interviewee.id);
  const booking = await call("POST", "/api/admin/interviews/booking-links", staff.cookie, {
    applicationId: interviewee.id,
  });
  expect(booking.statusCode, booking.body).toBe(201);
  await receivedLink("booking link", interviewee.email, /Choose a time/, links.booking);

  // 6. Staff accept an application: the acceptance email carries the deposit's pay link.
  const accepted = await makeApplication(app, openRetreat.id, { stage: "interview", firstName: "Ada" });
  applicationIds.push(accepted.id);
  const accept = await call("POST", `/api/admin/applications/${accepted.id}/escalate/accepted`, staff.cookie, {
    notify: true,
  });
  expect(accept.statusCode, accept.body).toBe(200);
  expect(accept.json().notified).toBe(true);
  // The acceptance email by its subject: the guest journey's welcome goes to the same address.
  await receivedLink("acceptance with pay link", accepted.email, /^You're accepted/, links.pay);

  // 7. Staff send a payment reminder for that deposit: the reminder carries the pay link too.
  const [deposit] = await app.db
    .select()
    .from(payments)
    .where(eq(payments.applicationId, accepted.id))
    .orderBy(payments.dueDate)
    .limit(1);
  const [plan] = await app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, accepted.id));
  const [reminder] = await app.db
    .insert(paymentReminders)
    .values({
      paymentPlanId: plan!.id,
      applicationId: accepted.id,
      paymentId: deposit!.id,
      reminderType: "upcoming",
      daysBefore: 7,
      dueDate: deposit!.dueDate,
      amount: deposit!.amount,
      status: "pending",
      scheduledFor: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  const remind = await call("POST", `/api/admin/payment-reminders/${reminder!.id}/send`, staff.cookie);
  expect(remind.statusCode, remind.body).toBe(200);
  await receivedLink("payment reminder", accepted.email, /^Payment reminder/, links.pay);

  // 8. Staff send the accepted guest the feedback survey now (the guest journey's last message).
  const survey = await call("POST", `/api/admin/journey/applications/${accepted.id}/steps/feedback/send`, staff.cookie);
  expect(survey.statusCode, survey.body).toBe(200);
  await receivedLink("feedback survey", accepted.email, /Your feedback$/, links.feedback);

  expect(issued.map((i) => i.name)).toHaveLength(8);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Which issued tokens (or links) the text holds, by name. */
function leaked(text: string): string[] {
  return issued.filter((i) => text.includes(i.token) || text.includes(i.url)).map((i) => i.name);
}

describe("credential links in the outbox", () => {
  it("staff listing and opening every outbox entry see that links were sent, never a working one", async () => {
    const list = await call("GET", "/api/admin/email-logs?pageSize=100", staff.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBeLessThanOrEqual(100);
    expect(leaked(list.body)).toEqual([]);
    const ids: string[] = list.json().items.map((item: { id: string }) => item.id);
    expect(ids.length).toBeGreaterThanOrEqual(7);
    const bodies: string[] = [];
    for (const id of ids) {
      const detail = await call("GET", `/api/admin/email-logs/${id}`, staff.cookie);
      expect(detail.statusCode).toBe(200);
      expect(detail.headers["cache-control"]).toBe("no-store");
      expect(leaked(detail.body), detail.json().subject).toEqual([]);
      bodies.push(detail.body);
    }
    // What staff need is still there: which link went out, where in the email.
    const all = bodies.join("\n");
    expect(all).toMatch(new RegExp(`${publicUrl}/set-password/hidden-link-[0-9a-f]{32}`));
    expect(all).toMatch(new RegExp(`${publicUrl}/interview/book/hidden-link-[0-9a-f]{32}`));
    expect(all).toMatch(new RegExp(`${publicUrl}/place-offer/hidden-link-[0-9a-f]{32}`));
    expect(all).toMatch(new RegExp(`${publicUrl}/api/pay/hidden-link-[0-9a-f]{32}`));
  });

  it("no admin reply to staff or the owner carries a working link", async () => {
    const failures: string[] = [];
    const gets = registeredRoutes(app).filter((r) => r.method === "GET" && r.url.startsWith("/api/admin"));
    // Each route with a parameter is asked about every application and outbox message involved.
    const outbox = await app.db.select({ id: emailLogs.id }).from(emailLogs);
    const ids = [...applicationIds, ...outbox.map((row) => row.id)];
    for (const who of [staff, owner]) {
      for (const route of gets) {
        const urls = route.url.includes(":") ? ids.map((id) => concrete(route.url, id)) : [route.url];
        for (const url of urls) {
          const res = await call("GET", url, who.cookie);
          const found = leaked(res.body);
          if (found.length) failures.push(`${url}: ${found.join(", ")}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("no table of a database dump holds a working link: every text and JSON column of every schema", async () => {
    const columns = (await app.db.execute(sql`
      select table_schema, table_name, column_name from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema')
        and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
    `)) as unknown as { rows: { table_schema: string; table_name: string; column_name: string }[] };
    const tables = new Set(columns.rows.map((c) => `${c.table_schema}.${c.table_name}`));
    expect(tables).toContain("public.email_logs");
    expect(tables).toContain("public.audit_logs");
    expect([...tables].some((name) => name.startsWith("pgboss."))).toBe(true);
    const needles = sql.join(
      issued.map((i) => sql`${`%${i.token}%`}`),
      sql`, `,
    );
    const failures: string[] = [];
    for (const c of columns.rows) {
      const column = sql.raw(`"${c.table_schema}"."${c.table_name}"."${c.column_name}"`);
      const from = sql.raw(`"${c.table_schema}"."${c.table_name}"`);
      const found = (await app.db.execute(
        sql`select count(*)::int as n from ${from} where ${column}::text like any (array[${needles}]::text[])`,
      )) as unknown as { rows: { n: number }[] };
      if (found.rows[0]!.n > 0) failures.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
    }
    expect(failures).toEqual([]);
    // The sealed tokens are gone once the messages are sent.
    const sealed = await app.db.select({ id: emailLogs.id }).from(emailLogs).where(sql`sealed_secrets is not null`);
    expect(sealed).toEqual([]);
  }, 120_000);

  it("the sent links work: the owner invite sets the password and signs in as owner; offer, booking and pay links open", async () => {
    const byName = (name: string) => issued.find((i) => i.name === name)!;
    const invite = byName("owner invite");
    expect((await call("GET", `/api/auth/set-password/${invite.token}`, null)).json()).toEqual({
      email: "new.owner@example.com",
    });
    const set = await call("POST", `/api/auth/set-password/${invite.token}`, null, { password: newPassword });
    expect(set.statusCode, set.body).toBe(200);
    const login = await call("POST", "/api/auth/login", null, {
      username: "new.owner@example.com",
      password: newPassword,
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
    expect((await call("GET", "/api/auth/user", cookie)).json()).toMatchObject({ role: "owner" });

    for (const name of ["set-password on an existing owner", "guest invite"]) {
      expect((await call("GET", `/api/auth/set-password/${byName(name).token}`, null)).statusCode, name).toBe(200);
    }
    const offer = await call("GET", `/api/place-offers/${byName("place offer").token}`, null);
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().status).toBe("offered");
    const booking = await call("GET", `/api/interview-booking/${byName("booking link").token}`, null);
    expect(booking.statusCode, booking.body).toBe(200);
    const survey = await call("GET", `/feedback/${byName("feedback survey").token}`, null);
    expect(survey.statusCode, survey.body).toBe(200);
    expect(survey.body).toContain("<form");
    for (const name of ["acceptance with pay link", "payment reminder"]) {
      const applicationId = verifyPayLinkToken(app.config.sessionSecret, byName(name).token);
      const [row] = await app.db
        .select()
        .from(applications)
        .where(eq(applications.email, byName(name).to));
      expect(applicationId, name).toBe(row!.id);
    }
  });

  it("no log line holds a working link, even for the requests that opened them", () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.some((line) => line.includes("/api/auth/set-password/[redacted]"))).toBe(true);
    expect(leaked(logLines.join("\n"))).toEqual([]);
  });
});

describe("a credential link written into an editable template", () => {
  it("is removed from the email, and the change it announces still happens", async () => {
    const list = await call("GET", "/api/admin/email-templates", staff.cookie);
    const declinedTemplate = (list.json().items as { id: string; name: string; subject: string }[]).find(
      (item) => item.name === "stage_declined",
    )!;
    const forged = `${publicUrl}/place-offer/${"Q".repeat(43)}`;
    const edit = await app.inject({
      method: "PUT",
      url: `/api/admin/email-templates/${declinedTemplate.id}`,
      headers: { cookie: staff.cookie },
      payload: { subject: declinedTemplate.subject, body: `Sorry. [Your offer](${forged})`, isActive: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const retreat = await makeRetreat(app, { capacity: 5 });
    const person = await makeApplication(app, retreat.id, { stage: "screening" });
    const res = await call("POST", `/api/admin/applications/${person.id}/escalate/declined`, staff.cookie, {
      notify: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await app.db.select().from(applications).where(eq(applications.id, person.id));
    expect(after!.stage).toBe("declined");
    const rows = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, person.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textBody).toContain("/place-offer/link-removed");
    expect(JSON.stringify(rows)).not.toContain("Q".repeat(43));
    await call("POST", `/api/admin/email-templates/${declinedTemplate.id}/reset`, staff.cookie);
  });
});

describe("without SMTP, the owner who issues a set-password link gets it once", () => {
  let local: TestApp;
  let ownerCookie: string;
  let staffCookie: string;

  beforeAll(async () => {
    local = await createTestApp({ runWorker: true, publicUrl });
    ownerCookie = (await signedInAs(local.app, "owner")).cookie;
    staffCookie = (await signedInAs(local.app, "staff")).cookie;
  });
  afterAll(async () => local?.close());

  const send = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
    local.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function outboxRowsFor(to: string) {
    return until(`the outbox row to ${to} logged`, async () => {
      const rows = await local.app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, to));
      return rows.length > 0 && rows.every((r) => r.status === "logged") ? rows : undefined;
    });
  }

  it("answers the owner's create and send actions with the link, no-store; nowhere else holds it", async () => {
    const created = await send("POST", "/api/admin/users", ownerCookie, {
      email: "no.smtp@example.com",
      firstName: "Nia",
      lastName: "Smith",
      role: "staff",
      sendSetPasswordLink: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers["cache-control"]).toBe("no-store");
    const first = created.json().setPasswordUrl as string;
    expect(first).toMatch(/^http:\/\/localhost:3000\/set-password\/[A-Za-z0-9_-]{43}$/);
    const firstToken = first.split("/").pop()!;
    expect((await local.app.inject({ url: `/api/auth/set-password/${firstToken}` })).statusCode).toBe(200);

    // Sending again (the action on the users list) answers with a new link; the first stops working.
    const again = await send("POST", `/api/admin/users/${created.json().id}/set-password-link`, ownerCookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers["cache-control"]).toBe("no-store");
    const second = again.json().setPasswordUrl as string;
    expect(second).toMatch(/^http:\/\/localhost:3000\/set-password\/[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const secondToken = second.split("/").pop()!;
    expect((await local.app.inject({ url: `/api/auth/set-password/${firstToken}` })).statusCode).toBe(404);
    expect((await local.app.inject({ url: `/api/auth/set-password/${secondToken}` })).statusCode).toBe(200);

    // Never again: not in the users list, the outbox (as staff or owner), nor the stored rows.
    const rows = await outboxRowsFor("no.smtp@example.com");
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sealedSecrets).toBeNull();
      expect(JSON.stringify(row)).not.toContain(firstToken);
      expect(JSON.stringify(row)).not.toContain(secondToken);
    }
    const replies = [
      await send("GET", "/api/admin/users", ownerCookie),
      await send("GET", "/api/admin/email-logs", staffCookie),
      ...rows.map((row) => send("GET", `/api/admin/email-logs/${row.id}`, staffCookie)),
      await send("GET", "/api/admin/audit-logs", ownerCookie),
    ];
    for (const reply of await Promise.all(replies)) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain(firstToken);
      expect(reply.body).not.toContain(secondToken);
    }
  });

  it("gives staff no link: the users actions are the owner's, and a guest invite's reply carries none", async () => {
    const someone = await createTestUser(local.app, "staff");
    expect((await send("POST", `/api/admin/users/${someone.id}/set-password-link`, staffCookie)).statusCode).toBe(403);
    const retreat = await makeRetreat(local.app, { capacity: 5 });
    const booked = await makeBooking(local.app, retreat.id);
    const invited = await send("POST", "/api/admin/guests", staffCookie, { applicationId: booked.id });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.body).not.toContain("/set-password/");
  });

  it("sends no link in the reply when email is on (the main app above)", async () => {
    const other = await createTestUser(app, "staff");
    const cookie = await sessionCookieFor(app, owner.user.id);
    const res = await call("POST", `/api/admin/users/${other.id}/set-password-link`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty("setPasswordUrl");
  });
});

describe("a credential-looking path in a template or a name never breaks a public form", () => {
  it("the waitlist sign-up succeeds (200, as the spec says), with the path neutralised or, when ordinary, kept", async () => {
    const list = await call("GET", "/api/admin/email-templates", staff.cookie);
    const welcome = (list.json().items as { id: string; name: string; subject: string }[]).find(
      (item) => item.name === "waitlist_welcome",
    )!;
    const forged = `${publicUrl}/set-password/${"Q".repeat(43)}`;
    const ordinary = `${publicUrl}/api/calendar/retreat-schedule-2026-public.ics`;
    const edit = await app.inject({
      method: "PUT",
      url: `/api/admin/email-templates/${welcome.id}`,
      headers: { cookie: staff.cookie },
      payload: { subject: welcome.subject, body: `Welcome. [Schedule](${ordinary}) [x](${forged})`, isActive: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const email = "waitlist-path@example.com";
    const res = await app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { name: `/place-offer/${"Z".repeat(43)}`, email },
      remoteAddress: "10.77.0.1",
    });
    expect(res.statusCode, res.body).toBe(200);
    await settleFormJobs(app);
    const rows = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textBody).toContain(ordinary);
    expect(rows[0]!.textBody).toContain("/set-password/link-removed");
    expect(JSON.stringify(rows)).not.toContain("Q".repeat(43));
    await call("POST", `/api/admin/email-templates/${welcome.id}/reset`, staff.cookie);
  });
});
