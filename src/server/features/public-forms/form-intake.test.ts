import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, emailLogs, emailSubscribers, retreats } from "../../db/schema";
import { applicationPayload } from "../../test/builders";
import { settleFormJobs } from "../../test/form-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { waitFor } from "../../test/wait-for";
import { formIntakeQueues, requeueStalledIntakes, submissionsToFile } from "./form-intake.service";

/**
 * Decision 020, sixth look: on PostgreSQL a public submission is answered once stored as its sealed
 * intake job, and a worker files it. (PGlite files in the request: public-posts-one-commit.test.ts.)
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the public forms' intake on PostgreSQL", () => {
  let ip = 0;
  const from = () => `198.18.9.${++ip}`;
  const currentRetreat = async (app: FastifyInstance) =>
    ((await (await app.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string }).id;
  const apply = (app: FastifyInstance, retreatId: string, email: string) =>
    app.inject({
      method: "POST",
      url: "/api/application",
      payload: applicationPayload(retreatId, email),
      remoteAddress: from(),
    });

  describe("with the worker in the process", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ runWorker: true });
    });
    afterAll(async () => t?.close());

    it("files an answered application under the id it answered, with its confirmation and send job", async () => {
      const { app } = t;
      const res = await apply(app, await currentRetreat(app), "worker-files@example.com");
      expect(res.statusCode).toBe(201);
      const { id } = res.json() as { id: string };
      // Nothing runs it here but the app's own worker (woken by the route).
      const application = await waitFor(
        async () => (await app.db.select().from(applications).where(eq(applications.id, id)))[0],
        "the worker to file the application",
        10_000,
      );
      expect(application.email).toBe("worker-files@example.com");
      const [confirmation] = await app.db
        .select({ id: emailLogs.id })
        .from(emailLogs)
        .where(eq(emailLogs.recipientEmail, "worker-files@example.com"));
      expect(confirmation).toBeDefined();
      await waitFor(async () => (await submissionsToFile(app.database.executor)) === 0, "nothing left to file", 10_000);
      // The sealed copy went with the filing; the job keeps only the application's id.
      const { rows } = await app.database.executor.executeSql(
        "select data from pgboss.job where name = $1 and data->>'applicationId' = $2",
        [formIntakeQueues.application, id],
      );
      expect(rows).toEqual([{ data: { applicationId: id } }]);
    });

    it("files a waitlist join, and GET /readyz reports nothing left to file", async () => {
      const { app } = t;
      const res = await app.inject({
        method: "POST",
        url: "/api/waitlist",
        payload: { name: "Worker Join", email: "worker-join@example.com" },
        remoteAddress: from(),
      });
      expect(res.statusCode).toBe(200);
      await waitFor(
        async () =>
          (
            await app.db.select().from(emailSubscribers).where(eq(emailSubscribers.email, "worker-join@example.com"))
          )[0],
        "the worker to file the join",
        10_000,
      );
      await waitFor(
        async () => (await app.inject("/readyz")).json().formsToFile === 0,
        "/readyz formsToFile 0",
        10_000,
      );
    });
  });

  describe("with no worker in the process (a web-only process)", () => {
    let t: TestApp;
    let app: FastifyInstance;
    beforeAll(async () => {
      t = await createTestApp({ runWorker: false });
      app = t.app;
    });
    afterAll(async () => t?.close());

    it("/readyz counts what was answered and not filed yet", async () => {
      const before = (await app.inject("/readyz")).json().formsToFile as number;
      expect((await apply(app, await currentRetreat(app), "readyz-count@example.com")).statusCode).toBe(201);
      expect((await app.inject("/readyz")).json()).toMatchObject({ status: "ok", formsToFile: before + 1 });
      await settleFormJobs(app);
      expect((await app.inject("/readyz")).json().formsToFile).toBe(0);
    });

    it("files an application whose retreat closed after it was answered: the applicant was told it was received", async () => {
      const retreatId = await currentRetreat(app);
      const res = await apply(app, retreatId, "closed-after@example.com");
      expect(res.statusCode).toBe(201);
      const [{ status }] = (await app.db
        .select({ status: retreats.status })
        .from(retreats)
        .where(eq(retreats.id, retreatId))) as [{ status: string }];
      await app.db.update(retreats).set({ status: "completed" }).where(eq(retreats.id, retreatId));
      try {
        await settleFormJobs(app);
        const [filed] = await app.db.select().from(applications).where(eq(applications.id, res.json().id));
        expect(filed?.email).toBe("closed-after@example.com");
        // A new submission to the closed retreat is refused, and stores nothing.
        const refused = await apply(app, retreatId, "closed-before@example.com");
        expect(refused.statusCode).toBe(404);
        expect((await app.inject("/readyz")).json().formsToFile).toBe(0);
      } finally {
        await app.db.update(retreats).set({ status }).where(eq(retreats.id, retreatId));
      }
    });

    it("an intake left active by a worker that died is taken again after the delay, and filed once", async () => {
      const res = await apply(app, await currentRetreat(app), "stalled@example.com");
      expect(res.statusCode).toBe(201);
      // A worker takes it and dies: the job stays active.
      const [job] = await app.queue!.boss.fetch(formIntakeQueues.application);
      expect(job).toBeDefined();
      // Not yet: a live worker may still be filing it.
      expect(await requeueStalledIntakes(app.database.executor, formIntakeQueues.application, 10_000)).toBe(0);
      await app.database.executor.executeSql(
        "update pgboss.job set started_on = now() - interval '11 seconds' where name = $1 and id = $2",
        [formIntakeQueues.application, job!.id],
      );
      expect(await requeueStalledIntakes(app.database.executor, formIntakeQueues.application, 10_000)).toBe(1);
      await settleFormJobs(app);
      const filed = await app.db
        .select({ id: applications.id })
        .from(applications)
        .where(sql`${applications.email} = 'stalled@example.com'`);
      expect(filed).toEqual([{ id: res.json().id }]);
      const confirmations = await app.db
        .select({ id: emailLogs.id })
        .from(emailLogs)
        .where(eq(emailLogs.recipientEmail, "stalled@example.com"));
      expect(confirmations).toHaveLength(1);
    });

    it("answers the same for a known address as for a new one, and files each as its address needs", async () => {
      const join = (email: string, name: string) =>
        app.inject({ method: "POST", url: "/api/waitlist", payload: { name, email }, remoteAddress: from() });
      const first = await join("twice@example.com", "Ada");
      await settleFormJobs(app);
      const second = await join("Twice@example.com", "Ada Lovelace");
      expect(second.statusCode).toBe(first.statusCode);
      expect(second.body).toBe(first.body);
      await settleFormJobs(app);
      const [subscriber] = await app.db
        .select()
        .from(emailSubscribers)
        .where(sql`lower(${emailSubscribers.email}) = 'twice@example.com'`);
      expect(subscriber).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
      const welcomes = await app.db
        .select({ id: emailLogs.id })
        .from(emailLogs)
        .where(sql`lower(${emailLogs.recipientEmail}) = 'twice@example.com'`);
      expect(welcomes).toHaveLength(1);
    });

    it("an erasure finds the subject's submission not filed yet, the partner's address too, and deletes it", async () => {
      const retreatId = await currentRetreat(app);
      const couple = await app.inject({
        method: "POST",
        url: "/api/application",
        payload: {
          ...applicationPayload(retreatId, "erase-applicant@example.com"),
          applicationType: "couple",
          partnerFirstName: "Erin",
          partnerEmail: "Erase-Partner@example.com",
        },
        remoteAddress: from(),
      });
      expect(couple.statusCode).toBe(201);
      const other = await apply(app, retreatId, "erase-bystander@example.com");
      expect(other.statusCode).toBe(201);
      const { cookie } = await signedInAs(app, "owner");
      const erased = await app.inject({
        method: "POST",
        url: "/api/admin/privacy/erase",
        headers: { cookie },
        payload: { email: "erase-partner@example.com", confirmEmail: "erase-partner@example.com" },
      });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json().deleted.jobs).toBe(1);
      await settleFormJobs(app);
      const filed = await app.db
        .select({ email: applications.email })
        .from(applications)
        .where(sql`${applications.email} like 'erase-%'`);
      // The couple's application was never filed; the bystander's was.
      expect(filed).toEqual([{ email: "erase-bystander@example.com" }]);
    });
  });
});
