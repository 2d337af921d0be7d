import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retreatDefaults, seedBookingTypes } from "../../../shared/constants";
import { upsertUserWithPassword } from "../../auth/users.service";
import { type Database, openDatabase } from "../../db/client";
import { bookingTypes, emailCampaigns, emailLogs, emailSends, retreats } from "../../db/schema";
import { enqueueCampaignSender } from "../../features/email-campaigns/campaign-queue";
import { startJobQueue } from "../../jobs/queue";
import { applicationPayload } from "../builders";
import { type SmtpSink, startSmtpSink } from "../smtp-sink";
import { createTestDatabaseUrl } from "../test-database";
import { type AppProcess, startAppProcess } from "./app-process";

/**
 * Several real server processes on one PostgreSQL database, as behind a load balancer: A and B
 * run workers, C is web-only (RUN_WORKER=false). Sessions, rate limits and jobs must work across
 * them with nothing kept in one process's memory. PGlite is one process by design, so this only
 * runs with TEST_DATABASE_URL (CI sets it).
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)("several app processes on one PostgreSQL database (needs TEST_DATABASE_URL)", () => {
  const owner = { email: "owner@scale.test", password: "a long scale-out passphrase" };
  const subscriberCount = 300;
  let drop: () => Promise<void> = async () => {};
  let sink: SmtpSink;
  let dataDir: string;
  let database: Database;
  const processes: AppProcess[] = [];
  let a: AppProcess;
  let b: AppProcess;
  let c: AppProcess;

  beforeAll(async () => {
    const test = await createTestDatabaseUrl();
    drop = test.drop;
    sink = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), "rhq-scale-"));
    const env = {
      NODE_ENV: "test",
      DATABASE_URL: test.databaseUrl!,
      SMTP_URL: sink.url,
      // Both must agree across processes: one signs the session cookie, the other decrypts fields.
      SESSION_SECRET: "scale-out-session-secret-0123456789abcdef",
      DATA_ENCRYPTION_KEY: "7".repeat(64),
      DATA_DIR: dataDir,
      CLIENT_DIR: join(dataDir, "no-client"),
      LOG_LEVEL: "info",
      // Slow enough that one worker cannot finish the campaign before the other joins in.
      EMAIL_RATE_PER_SECOND: "30",
    };
    // All three start at once on the empty database, as a deployment's processes do.
    const started = await Promise.allSettled([
      startAppProcess({ name: "A", env: { ...env, RUN_WORKER: "true" }, publicHost: "127.0.0.1" }),
      startAppProcess({ name: "B", env: { ...env, RUN_WORKER: "true" }, publicHost: "localhost" }),
      startAppProcess({ name: "C", env: { ...env, RUN_WORKER: "false" }, publicHost: "127.0.0.1" }),
    ]);
    for (const result of started) if (result.status === "fulfilled") processes.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    [a, b, c] = processes as [AppProcess, AppProcess, AppProcess];

    database = await openDatabase({ databaseUrl: test.databaseUrl, dataDir });
    await upsertUserWithPassword(database.db, { ...owner, role: "owner", firstName: "Scale", lastName: "Owner" });
  }, 90_000);

  afterAll(async () => {
    await Promise.allSettled(processes.map((p) => p.stop()));
    await database?.close();
    await sink?.close();
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** What a browser on the process's own page sends (the CSRF check wants same-origin). */
  function call(at: AppProcess, path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
    const headers: Record<string, string> = { origin: new URL(at.publicUrl).origin, "sec-fetch-site": "same-origin" };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    return fetch(`${at.url}${path}`, {
      method: init.method ?? "GET",
      headers,
      redirect: "manual",
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  }

  async function signIn(at: AppProcess): Promise<string> {
    const res = await call(at, "/api/auth/login", {
      method: "POST",
      body: { username: owner.email, password: owner.password },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((line) => line.includes("rhq_session="));
    expect(cookie).toBeDefined();
    return cookie!.split(";")[0]!;
  }

  it("seeds the demo retreat once although every process started on the empty database together", async () => {
    const seeded = await database.db.select().from(retreats).where(eq(retreats.name, retreatDefaults.name));
    expect(seeded).toHaveLength(1);
    const types = await database.db.select().from(bookingTypes).where(eq(bookingTypes.retreatId, seeded[0]!.id));
    expect(types).toHaveLength(seedBookingTypes.length);
  });

  it("keeps a session made through one process valid through the others until it is ended anywhere", async () => {
    const cookie = await signIn(a);

    const created = await call(b, "/api/admin/tasks", {
      method: "POST",
      cookie,
      body: { title: "Made through B", description: "Signed in through A" },
    });
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: string };

    const listed = await call(a, "/api/admin/tasks", { cookie });
    expect(listed.status).toBe(200);
    expect((await listed.json()) as { id: string }[]).toContainEqual(expect.objectContaining({ id: task.id }));
    expect((await call(c, "/api/auth/user", { cookie })).status).toBe(200);

    const signedOut = await call(b, "/api/logout", { cookie });
    expect(signedOut.status).toBe(302);
    for (const at of [a, b, c]) expect((await call(at, "/api/auth/user", { cookie })).status).toBe(401);
    expect((await call(a, "/api/admin/tasks", { cookie })).status).toBe(401);
  });

  it("adds rate-limited hits through every process up to one limit", async () => {
    const limit = 20; // rateLimits.publicLight: the token pages
    for (let i = 0; i < limit; i++) {
      const at = processes[i % processes.length]!;
      expect((await call(at, `/api/email/preferences/unknown-${i}`)).status).toBe(404);
    }
    for (const at of [a, b, c]) {
      const refused = await call(at, "/api/email/preferences/unknown-last");
      expect(refused.status).toBe(429);
    }
  });

  it("delivers, through a worker process, the confirmation of an application sent to the web-only process", async () => {
    const [retreat] = await database.db.select({ id: retreats.id }).from(retreats).limit(1);
    await database.db.update(retreats).set({ status: "open" });
    const applicant = "web-only@scale.test";
    const sentAt = Date.now();
    const res = await call(c, "/api/application", {
      method: "POST",
      body: {
        ...applicationPayload(retreat!.id, applicant),
        firstName: "Web",
        lastName: "Only",
        consentMarketing: false,
      },
    });
    expect(res.status).toBe(201);

    // C enqueued the job; A or B ran it. The outbox sweep only picks up rows older than a minute,
    // so a delivery within seconds can only have come through the queue.
    await expect.poll(() => sink.to(applicant).length, { timeout: 20_000, interval: 200 }).toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(30_000);
    // The worker records the delivery just after the SMTP server has the message.
    const status = async () =>
      (await database.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, applicant)))[0]?.status;
    await expect.poll(status, { timeout: 10_000, interval: 100 }).toBe("sent");
  });

  it("sends a campaign with both workers: every subscriber gets exactly one message", async () => {
    const cookie = await signIn(b);
    const addresses = Array.from(
      { length: subscriberCount },
      (_, i) => `reader-${String(i).padStart(3, "0")}@scale.test`,
    );
    const csv = ["email,first name", ...addresses.map((email, i) => `${email},Reader ${i}`)].join("\n");
    const imported = await call(c, "/api/admin/email-subscribers/import", {
      method: "POST",
      cookie,
      body: { csv, dryRun: false, tags: ["scale-out"], marketingConsent: true },
    });
    expect(imported.status).toBe(200);
    expect(((await imported.json()) as { created: number }).created).toBe(subscriberCount);

    const draft = await call(a, "/api/admin/email-campaigns", {
      method: "POST",
      cookie,
      body: {
        name: "Scale-out",
        subject: "Hello {{ firstName }}",
        content: "One message each, {{ firstName }}.",
        targetTags: ["scale-out"],
      },
    });
    expect(draft.status).toBe(201);
    const campaignId = ((await draft.json()) as { id: string }).id;
    // Sent from the web-only process: its send-only queue hands the fan-out to a worker.
    const send = await call(c, `/api/admin/email-campaigns/${campaignId}/send`, { method: "POST", cookie, body: {} });
    expect(send.status).toBe(200);

    // Once one worker is sending, ask for the sender again, as every worker's minute sweep does:
    // the other worker (idle) takes it, so both claim rows of the same campaign at once.
    await expect.poll(() => countSends(campaignId, "sent"), { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    const asker = await startJobQueue(database, { sendOnly: true });
    try {
      await enqueueCampaignSender(asker, campaignId);
    } finally {
      await asker.stop();
    }

    await expect
      .poll(
        async () => {
          const [row] = await database.db
            .select({ status: emailCampaigns.status })
            .from(emailCampaigns)
            .where(eq(emailCampaigns.id, campaignId));
          return row?.status;
        },
        { timeout: 40_000, interval: 250 },
      )
      .toBe("sent");

    const perAddress = new Map(addresses.map((address) => [address, sink.to(address).length]));
    expect([...perAddress.values()].filter((n) => n !== 1)).toEqual([]);
    expect(
      sink.received.filter((m) => m.to.some((to) => to.endsWith("@scale.test") && to.startsWith("reader-"))),
    ).toHaveLength(subscriberCount);

    expect(await countSends(campaignId, "sent")).toBe(subscriberCount);
    const [logs] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailLogs)
      .where(and(eq(emailLogs.campaignId, campaignId), eq(emailLogs.status, "sent")));
    expect(logs?.n).toBe(subscriberCount);

    // Each claim stamps the claiming process's host (PUBLIC_URL) into the Message-ID: both took part.
    const hosts = await database.db
      .select({ host: sql<string>`split_part(${emailSends.sendgridMessageId}, '@', 2)`, n: sql<number>`count(*)::int` })
      .from(emailSends)
      .where(eq(emailSends.campaignId, campaignId))
      .groupBy(sql`1`);
    expect(hosts.map((h) => h.host).sort()).toEqual(["127.0.0.1>", "localhost>"]);
  }, 90_000);

  async function countSends(campaignId: string, status: string): Promise<number> {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailSends)
      .where(and(eq(emailSends.campaignId, campaignId), eq(emailSends.status, status)));
    return row?.n ?? 0;
  }
});
