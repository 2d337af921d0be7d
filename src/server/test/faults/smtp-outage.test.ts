/**
 * The SMTP server down, then back on the same port: an application is still accepted (201), its
 * confirmation fails, is retried by the queue, and arrives exactly once after the server returns,
 * without restarting the app.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { emailLogs } from "../../db/schema";
import { type SmtpSink, startSmtpSink } from "../smtp-sink";
import { waitFor } from "../wait-for";
import {
  currentRetreatId,
  faultTestTimeoutMs,
  freePort,
  killAllServers,
  startServer,
  submitApplication,
} from "./fault-harness";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("SMTP server down, then back", () => {
  it(
    "accepts the submission and delivers its confirmation exactly once when SMTP returns",
    async () => {
      const smtpPort = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), "fault-smtp-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      // Nothing listens on smtpPort yet: every connection is refused.
      // A first retry after 2 s instead of 30 (EMAIL_RETRY_DELAY_SECONDS): the same pg-boss retry
      // path, without a minute of waiting.
      const server = await startServer({
        dataDir,
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        env: { EMAIL_RETRY_DELAY_SECONDS: "2" },
      });
      const retreatId = await currentRetreatId(server.url);

      const outcome = await submitApplication(server.url, retreatId, "smtp-outage@example.com");
      expect(outcome.status).toBe(201);
      // Let the first attempt fail against the closed port (the worker polls every second).
      await sleep(4_000);

      const sink: SmtpSink = await startSmtpSink({ port: smtpPort });
      cleanups.push(() => sink.close());
      // pg-boss retries with backoff and jitter from the 2 s first delay.
      await waitFor(() => sink.to("smtp-outage@example.com").length > 0, "the retried confirmation", 60_000, 250);
      await sleep(2_000);
      expect(sink.to("smtp-outage@example.com")).toHaveLength(1);
      await server.stop();

      const database = await openDatabase({ dataDir });
      try {
        const [row] = await database.db
          .select()
          .from(emailLogs)
          .where(
            and(eq(emailLogs.recipientEmail, "smtp-outage@example.com"), eq(emailLogs.kind, "application_received")),
          );
        expect(row).toMatchObject({ status: "sent", errorMessage: null });
        // The delivery took more than one attempt: the first one met the outage.
        const jobs = await database.db.execute(
          sql`select retry_count from pgboss.job where name = 'email.send' and data->>'emailLogId' = ${row!.id}`,
        );
        expect((jobs.rows[0] as { retry_count: number }).retry_count).toBeGreaterThanOrEqual(1);
      } finally {
        await database.close();
      }
    },
    faultTestTimeoutMs,
  );
});
