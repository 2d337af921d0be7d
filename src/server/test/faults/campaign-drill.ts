/**
 * kill -9 during a campaign send, as the fault test and the drills run it: subscribers and a
 * campaign switched to "sending" with no worker, a child server that sends it into an SMTP sink,
 * SIGKILL part-way, a restart, and the figures of what each subscriber received.
 */
import { eq, sql } from "drizzle-orm";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { emailLogs, emailSends } from "../../db/schema";
import { interruptedMessage } from "../../features/email-campaigns/campaign-sender";
import { insertSubscribers } from "../fixtures/email-campaigns";
import type { SmtpSink } from "../smtp-sink";
import { signedInAs } from "../test-sessions";
import { waitFor } from "../wait-for";
import { freePort, serverEnv, startServer } from "./fault-harness";

export type CampaignTarget = { databaseUrl?: string; dataDir: string };

export type CampaignKillFigures = {
  recipients: number;
  /** Messages at the sink when the kill was observed (the sink may read a few more already sent). */
  receivedAtKill: number;
  /** email_sends by status right after the kill. */
  atKill: Record<string, number>;
  /** Rows given up as "Interrupted" after the restart. */
  interrupted: number;
  /** Of those, how many had in fact reached the SMTP server before the kill. */
  interruptedButDelivered: number;
  allInterruptedMarked: boolean;
  /** Every interrupted row has its failed email_logs row. */
  outboxMatches: boolean;
  received: number;
  distinctRecipients: number;
  duplicates: number;
  campaign: { status: string; delivered: number; failed: number };
  restartToFinishedMs: number;
};

async function prepareCampaign(target: CampaignTarget, port: number, recipients: number, prefix: string) {
  const env = serverEnv({}, port);
  const app = await buildApp(
    testConfig({
      ...target,
      publicUrl: env.PUBLIC_URL!,
      sessionSecret: env.SESSION_SECRET!,
      dataEncryptionKey: Buffer.from(env.DATA_ENCRYPTION_KEY!, "hex"),
    }),
  );
  try {
    await insertSubscribers(app.db, prefix, recipients, { segment: "waitlist" });
    const { cookie } = await signedInAs(app, "staff");
    const created = await app.inject({
      method: "POST",
      url: "/api/admin/email-campaigns",
      headers: { cookie },
      payload: { name: "Kill", subject: "Hello {{ firstName }}", content: "Hi", targetSegments: ["waitlist"] },
    });
    if (created.statusCode !== 201) throw new Error(`create campaign: ${created.statusCode} ${created.body}`);
    const campaignId = created.json().id as string;
    const sent = await app.inject({
      method: "POST",
      url: `/api/admin/email-campaigns/${campaignId}/send`,
      headers: { cookie },
      payload: {},
    });
    if (sent.statusCode !== 200) throw new Error(`send campaign: ${sent.statusCode} ${sent.body}`);
    return { campaignId, cookie };
  } finally {
    await app.close();
  }
}

/** How many of the campaign's sends are in each status, read from a database no process holds open. */
export async function sendStatuses(target: CampaignTarget, campaignId: string) {
  const database = await openDatabase(target);
  try {
    const rows = await database.db
      .select({ status: emailSends.status, n: sql<number>`count(*)::int` })
      .from(emailSends)
      .where(eq(emailSends.campaignId, campaignId))
      .groupBy(emailSends.status);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  } finally {
    await database.close();
  }
}

/**
 * On PostgreSQL another live worker may own a "sending" row, so the sweep gives one up only after
 * 10 minutes; this ages the killed process's rows so a restart stands for one that late.
 */
export async function ageSendingRows(target: CampaignTarget, campaignId: string) {
  const database = await openDatabase(target);
  try {
    await database.db.execute(
      sql`update email_sends set updated_at = now() - interval '11 minutes'
          where campaign_id = ${campaignId} and status = 'sending'`,
    );
  } finally {
    await database.close();
  }
}

export async function runCampaignKill(
  target: CampaignTarget,
  sink: SmtpSink,
  options: { recipients: number; ratePerSecond: number; killAtFraction: number; prefix: string; ageRows: boolean },
): Promise<CampaignKillFigures> {
  const port = await freePort();
  const { campaignId, cookie } = await prepareCampaign(target, port, options.recipients, options.prefix);
  const serverOptions = {
    ...target,
    port,
    smtpUrl: sink.url,
    env: { EMAIL_RATE_PER_SECOND: String(options.ratePerSecond) },
  };
  const baseline = sink.received.length;

  const first = await startServer(serverOptions);
  await sink.waitForCount(baseline + Math.floor(options.recipients * options.killAtFraction), 120_000);
  await first.kill9();
  const receivedAtKill = sink.received.length - baseline;
  const atKill = await sendStatuses(target, campaignId);
  if (options.ageRows) await ageSendingRows(target, campaignId);

  const second = await startServer(serverOptions);
  const restartedAt = Date.now();
  const campaign = await waitFor(
    async () => {
      const res = await fetch(`${second.url}/api/admin/email-campaigns/${campaignId}`, { headers: { cookie } });
      const body = (await res.json()) as { status: string; delivered: number; failed: number };
      return body.status === "sent" ? body : null;
    },
    "the campaign to finish after the restart",
    Math.max(45_000, (options.recipients / options.ratePerSecond) * 3_000),
    250,
  );
  const restartToFinishedMs = Date.now() - restartedAt;
  await second.stop();

  const perRecipient = new Map<string, number>();
  for (const message of sink.received.slice(baseline)) {
    for (const to of message.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  }
  const database = await openDatabase(target);
  try {
    const failed = await database.db
      .select({ email: emailSends.email, error: emailSends.errorMessage })
      .from(emailSends)
      .where(sql`${emailSends.campaignId} = ${campaignId} and ${emailSends.status} = 'failed'`);
    const failedLogs = await database.db
      .select({ email: emailLogs.recipientEmail })
      .from(emailLogs)
      .where(sql`${emailLogs.campaignId} = ${campaignId} and ${emailLogs.status} = 'failed'`);
    const sorted = (list: { email: string }[]) => list.map((r) => r.email).sort();
    return {
      recipients: options.recipients,
      receivedAtKill,
      atKill,
      interrupted: failed.length,
      interruptedButDelivered: failed.filter((f) => perRecipient.has(f.email)).length,
      allInterruptedMarked: failed.every((f) => f.error === interruptedMessage),
      outboxMatches: JSON.stringify(sorted(failedLogs)) === JSON.stringify(sorted(failed)),
      received: sink.received.length - baseline,
      distinctRecipients: perRecipient.size,
      duplicates: [...perRecipient.values()].filter((n) => n > 1).length,
      campaign: { status: campaign.status, delivered: campaign.delivered, failed: campaign.failed },
      restartToFinishedMs,
    };
  } finally {
    await database.close();
  }
}
