import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  applications,
  feedbackResponses,
  journeySends,
  journeySteps,
  payments,
  retreats,
  roomAssignments,
  travelComplianceForms,
} from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { renderDeliveryInSandbox, renderInSandbox } from "../../email/email-sandbox";
import { EmailSecrets } from "../../email/hidden-links";
import { queueEmail } from "../../email/outbox";
import { createFieldCipher } from "../../encryption/field-encryption";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { feedbackTokenHash } from "./feedback.service";
import {
  defaultSteps,
  dueAt,
  isTravelStep,
  type JourneyStepKey,
  journeyStepKeys,
  journeyVariables,
  type StepDefinition,
  verdict,
} from "./journey-rules";

export type JourneyConfig = Pick<Config, "publicUrl" | "dataEncryptionKey">;
export type EffectiveStep = StepDefinition & { enabled: boolean };

/** Journey messages go to guests in these stages (accepted and after). */
export const journeyStages = ["accepted", "payment"] as const;

/** A retreat's journey: the defaults, overridden by what staff saved (journey_steps). */
export async function stepsFor(db: DbOrTx, retreatId: string): Promise<EffectiveStep[]> {
  const saved = await db.select().from(journeySteps).where(eq(journeySteps.retreatId, retreatId));
  return defaultSteps.map((step) => {
    const row = saved.find((s) => s.stepKey === step.key);
    return row
      ? { ...step, enabled: row.enabled, offsetDays: row.offsetDays, subject: row.subject, body: row.body }
      : { ...step, enabled: true };
  });
}

/** A value for every journey variable, to check a text before it is saved. */
const journeySampleData: Record<string, string> = Object.fromEntries(
  journeyVariables.map((name) => [name, name.endsWith("Url") ? "https://example.com/sample" : `Sample ${name}`]),
);

export async function saveStep(
  db: Db,
  retreatId: string,
  key: JourneyStepKey,
  patch: { enabled: boolean; offsetDays: number; subject: string; body: string },
  actor: Actor,
): Promise<EffectiveStep> {
  // Checked with a value for every variable, in the email sandbox (a worker thread with a time
  // limit: some Markdown takes seconds): an unknown variable or a broken text is a 400 before saving.
  await renderInSandbox(
    { subject: patch.subject, body: patch.body, footer: "", variables: journeyVariables },
    journeySampleData,
  );
  const [retreat] = await db.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, retreatId));
  if (!retreat) throw new AppError("not_found", "Retreat not found");
  await db
    .insert(journeySteps)
    .values({ retreatId, stepKey: key, ...patch })
    .onConflictDoUpdate({
      target: [journeySteps.retreatId, journeySteps.stepKey],
      set: { ...patch, updatedAt: new Date() },
    });
  await recordAudit(db, {
    ...actor,
    action: "update",
    entityType: "journey_step",
    entityId: retreatId,
    newValues: { step: key, ...patch },
  });
  return (await stepsFor(db, retreatId)).find((s) => s.key === key)!;
}

type Guest = {
  id: string;
  retreatId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  acceptedAt: Date | null;
  retreatName: string;
  startDate: string | null;
  endDate: string | null;
  location: string;
};

const guestColumns = {
  id: applications.id,
  retreatId: applications.retreatId,
  email: applications.email,
  firstName: applications.firstName,
  lastName: applications.lastName,
  acceptedAt: applications.acceptedAt,
  retreatName: retreats.name,
  startDate: retreats.startDate,
  endDate: retreats.endDate,
  location: retreats.location,
};

async function loadGuest(db: DbOrTx, applicationId: string): Promise<Guest | null> {
  const [row] = await db
    .select(guestColumns)
    .from(applications)
    .innerJoin(retreats, eq(retreats.id, applications.retreatId))
    .where(eq(applications.id, applicationId));
  return (row as Guest | undefined) ?? null;
}

async function hasTravelForm(db: DbOrTx, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: travelComplianceForms.id })
    .from(travelComplianceForms)
    .where(eq(travelComplianceForms.applicationId, applicationId))
    .limit(1);
  return Boolean(row);
}

const longDate = (day: string | null) =>
  day
    ? new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
        new Date(`${day}T00:00:00Z`),
      )
    : "";

export type SendResult = { outcome: "sent"; emailLogId: string } | { outcome: "taken" };

/**
 * Sends one journey message to one guest, at most once: the journey_sends row (unique per guest
 * and message) is claimed in the same transaction that queues the email in the outbox, so either
 * both exist or neither; a second process, a restart or a second click finds the claim and sends
 * nothing. The outbox's sender then delivers at most once (decision 006): a send cut off mid-way
 * is marked failed there, never retried blindly.
 */
export async function sendStep(
  db: Db,
  config: JourneyConfig,
  guest: Guest,
  step: EffectiveStep,
  actor?: Actor,
): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(journeySends)
      .values({ applicationId: guest.id, stepKey: step.key, status: "sent" })
      .onConflictDoNothing()
      .returning({ id: journeySends.id });
    if (!claim) return { outcome: "taken" };
    let feedbackUrl = "";
    // The survey link is a credential (whoever holds it answers as the guest, consent to be quoted
    // included): it goes out as a hidden link, never stored in the outbox's copy (hidden-links.ts).
    const secrets = new EmailSecrets(createFieldCipher(config.dataEncryptionKey));
    if (step.key === "feedback") {
      // A fresh token each time the survey is sent: the table keeps its hash only, so a re-sent
      // link replaces the earlier one (which then stops working) until the guest has answered.
      const token = randomBytes(24).toString("base64url");
      await tx
        .insert(feedbackResponses)
        .values({ applicationId: guest.id, retreatId: guest.retreatId, token: feedbackTokenHash(token) })
        .onConflictDoUpdate({
          target: feedbackResponses.applicationId,
          set: { token: feedbackTokenHash(token), updatedAt: new Date() },
          where: isNull(feedbackResponses.submittedAt),
        });
      feedbackUrl = `${config.publicUrl}/feedback/${secrets.hide(token)}`;
    }
    const { email } = await renderDeliveryInSandbox(
      { subject: step.subject, body: step.body, footer: "", variables: journeyVariables },
      {
        firstName: guest.firstName?.trim() || "there",
        retreatName: guest.retreatName,
        startDate: longDate(guest.startDate),
        endDate: longDate(guest.endDate),
        location: guest.location,
        travelFormUrl: `${config.publicUrl}/travel-form/${guest.id}`,
        feedbackUrl,
        publicUrl: config.publicUrl,
      },
    );
    const emailLogId = await queueEmail(tx, {
      to: guest.email,
      name: [guest.firstName, guest.lastName].filter(Boolean).join(" "),
      email,
      kind: `journey_${step.key}`,
      idempotencyKey: `journey:${guest.id}:${step.key}`,
      secrets,
    });
    await tx.update(journeySends).set({ emailLogId }).where(eq(journeySends.id, claim.id));
    if (actor) {
      await recordAudit(tx as unknown as Db, {
        ...actor,
        action: "send",
        entityType: "journey_message",
        entityId: guest.id,
        newValues: { step: step.key, emailLogId },
      });
    }
    return { outcome: "sent", emailLogId };
  });
}

export type JourneySweepResult = { sent: number; emailLogIds: string[] };

/**
 * One pass: every accepted guest of a dated retreat gets each enabled message whose moment has
 * come (journey-rules.ts). Travel reminders stop once the travel form has arrived. `now` is
 * injectable so tests can walk the calendar. Safe to run in several processes at once.
 */
export async function runJourneySweep(
  db: Db,
  config: JourneyConfig,
  now: Date = new Date(),
  hooks: { beforeSend?: () => Promise<void> } = {},
): Promise<JourneySweepResult> {
  const guests = (await db
    .select(guestColumns)
    .from(applications)
    .innerJoin(retreats, eq(retreats.id, applications.retreatId))
    .where(
      and(
        isNotNull(applications.acceptedAt),
        inArray(applications.stage, [...journeyStages]),
        isNull(applications.anonymisedAt),
        isNotNull(retreats.startDate),
      ),
    )) as Guest[];
  const result: JourneySweepResult = { sent: 0, emailLogIds: [] };
  const stepsByRetreat = new Map<string, EffectiveStep[]>();
  for (const guest of guests) {
    let steps = stepsByRetreat.get(guest.retreatId);
    if (!steps) {
      steps = await stepsFor(db, guest.retreatId);
      stepsByRetreat.set(guest.retreatId, steps);
    }
    const done = new Set(
      (
        await db
          .select({ stepKey: journeySends.stepKey })
          .from(journeySends)
          .where(eq(journeySends.applicationId, guest.id))
      ).map((r) => r.stepKey),
    );
    const dates = { startDate: guest.startDate!, endDate: guest.endDate, acceptedAt: guest.acceptedAt! };
    for (const step of steps) {
      if (!step.enabled || done.has(step.key)) continue;
      if (verdict(step, dates, now) !== "send") continue;
      if (isTravelStep(step.key) && (await hasTravelForm(db, guest.id))) continue;
      await hooks.beforeSend?.();
      const outcome = await sendStep(db, config, guest, step);
      if (outcome.outcome === "sent") {
        result.sent += 1;
        result.emailLogIds.push(outcome.emailLogId);
      }
    }
  }
  return result;
}

export type TimelineEntry = {
  key: JourneyStepKey;
  label: string;
  subject: string;
  enabled: boolean;
  dueAt: string | null;
  /** sent, skipped, due (waiting for its moment), not_needed (travel form in), never (late or off). */
  state: "sent" | "skipped" | "due" | "not_needed" | "never" | "off";
  sentAt: string | null;
};

/** What went out to one guest and what is due next. */
export async function journeyTimeline(db: Db, applicationId: string, now: Date = new Date()) {
  const guest = await loadGuest(db, applicationId);
  if (!guest) throw new AppError("not_found", "Application not found");
  const steps = await stepsFor(db, guest.retreatId);
  const sends = await db.select().from(journeySends).where(eq(journeySends.applicationId, applicationId));
  const travelIn = await hasTravelForm(db, applicationId);
  const accepted = Boolean(guest.acceptedAt) && guest.startDate !== null;
  const entries: TimelineEntry[] = steps.map((step) => {
    const send = sends.find((s) => s.stepKey === step.key);
    const dates = accepted
      ? { startDate: guest.startDate!, endDate: guest.endDate, acceptedAt: guest.acceptedAt! }
      : null;
    const due = dates ? dueAt(step, dates) : null;
    let state: TimelineEntry["state"];
    if (send) state = send.status === "skipped" ? "skipped" : "sent";
    else if (!step.enabled) state = "off";
    else if (isTravelStep(step.key) && travelIn) state = "not_needed";
    else if (dates && verdict(step, dates, now) === "skip") state = "never";
    else state = "due";
    return {
      key: step.key,
      label: step.label,
      subject: step.subject,
      enabled: step.enabled,
      dueAt: due ? due.toISOString() : null,
      state,
      sentAt: send ? send.createdAt.toISOString() : null,
    };
  });
  return { applicationId, acceptedAt: guest.acceptedAt?.toISOString() ?? null, entries };
}

function assertStepKey(key: string): asserts key is JourneyStepKey {
  if (!(journeyStepKeys as readonly string[]).includes(key))
    throw new AppError("not_found", "Journey message not found");
}

/** Staff: send one message to one guest now (once, ever). */
export async function sendNow(db: Db, config: JourneyConfig, applicationId: string, key: string, actor: Actor) {
  assertStepKey(key);
  const guest = await loadGuest(db, applicationId);
  if (!guest) throw new AppError("not_found", "Application not found");
  // The sweep's rule: journey messages go to accepted guests who have not been erased.
  const [standing] = await db
    .select({ stage: applications.stage, anonymisedAt: applications.anonymisedAt })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!(journeyStages as readonly string[]).includes(standing!.stage) || standing!.anonymisedAt) {
    throw new AppError("conflict", "Journey messages go to accepted guests only");
  }
  const step = (await stepsFor(db, guest.retreatId)).find((s) => s.key === key)!;
  const outcome = await sendStep(db, config, guest, step, actor);
  if (outcome.outcome === "taken")
    throw new AppError("conflict", "This message was already sent or skipped for this guest");
  return outcome;
}

/** Staff: never send this message to this guest. */
export async function skipStep(db: Db, applicationId: string, key: string, actor: Actor): Promise<void> {
  assertStepKey(key);
  const guest = await loadGuest(db, applicationId);
  if (!guest) throw new AppError("not_found", "Application not found");
  const [row] = await db
    .insert(journeySends)
    .values({ applicationId, stepKey: key, status: "skipped" })
    .onConflictDoNothing()
    .returning({ id: journeySends.id });
  if (!row) throw new AppError("conflict", "This message was already sent or skipped for this guest");
  await recordAudit(db, {
    ...actor,
    action: "skip",
    entityType: "journey_message",
    entityId: applicationId,
    newValues: { step: key },
  });
}

/** Accepted guests who block the retreat: no travel form, deposit unpaid, no room. */
export async function readiness(db: Db, retreatId: string) {
  const guests = await db
    .select({
      id: applications.id,
      firstName: applications.firstName,
      lastName: applications.lastName,
      email: applications.email,
      travelForm: sql<boolean>`exists (select 1 from ${travelComplianceForms} where ${travelComplianceForms.applicationId} = ${applications.id})`,
      depositPaid: sql<boolean>`exists (select 1 from ${payments} where ${payments.applicationId} = ${applications.id} and ${payments.type} = 'deposit' and ${payments.status} = 'completed')`,
      room: sql<boolean>`exists (select 1 from ${roomAssignments} where ${roomAssignments.applicationId} = ${applications.id})`,
    })
    .from(applications)
    .where(and(eq(applications.retreatId, retreatId), inArray(applications.stage, [...journeyStages])))
    .orderBy(applications.lastName, applications.firstName);
  return guests
    .map((g) => {
      const blocking: string[] = [];
      if (!g.travelForm) blocking.push("No travel form");
      if (!g.depositPaid) blocking.push("Deposit unpaid");
      if (!g.room) blocking.push("No room");
      return {
        applicationId: g.id,
        name: [g.firstName, g.lastName].filter(Boolean).join(" ") || g.email,
        blocking,
      };
    })
    .filter((g) => g.blocking.length > 0);
}
