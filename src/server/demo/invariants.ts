/**
 * Rules the product keeps by construction, checked over a whole database: a seeded (demo or
 * benchmark) database must break none of them, whatever wrote it. Each rule uses the product's
 * own definitions (imported, never copied): who holds a place and how many people that is, which
 * plan statuses are live, what the Payments tab offers a Send for and what sending needs, how a
 * campaign's counters are counted from its email_sends rows.
 *
 * findInvariantViolations answers one readable sentence per problem, naming the rows' ids (at
 * most `maxIdsPerRule` per rule, then "and N more"); an empty list means all good.
 */
import { and, count, eq, inArray, isNotNull, notExists, notInArray, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { applicationStages } from "../../shared/constants";
import { campaignStatuses, sendStatuses } from "../../shared/schemas/email-campaigns";
import { paymentReminderStatuses, paymentReminderTypes } from "../../shared/schemas/payment-reminders";
import { paymentStatuses, paymentTypes, placeHoldingStages, planStatuses } from "../../shared/schemas/payments";
import {
  applications,
  bookingTypes,
  emailCampaigns,
  emailMarketingTemplates,
  emailSends,
  paymentPlans,
  paymentReminders,
  payments,
  retreats,
  users,
} from "../db/schema";
import type { DbOrTx } from "../db/types";
import { offeredPeople, placesTaken } from "../features/admissions/admissions.service";
import { countersFor, zeroCounters } from "../features/email-campaigns/campaign-counters";
import { findStuckReminders } from "../features/payment-reminders/reminder-rules";

export type InvariantOptions = {
  /** "Now" for the rules about dates (a reminder offered for a payment already past due). */
  now?: Date;
};

/** Ids named per rule before the sentence says "and N more". */
export const maxIdsPerRule = 20;

/**
 * A plan that still stands: cancelled plans hold nothing (the places feature's offer price reads
 * a plan the same way: any status but cancelled).
 */
export const livePlanStatuses = planStatuses.filter((status) => status !== "cancelled");

/** The campaign counters stored on the row, each of which must equal its count over email_sends. */
const storedCounters = ["totalRecipients", "delivered", "bounced", "unsubscribed", "failed"] as const;

export async function findInvariantViolations(db: DbOrTx, options: InvariantOptions = {}): Promise<string[]> {
  const now = options.now ?? new Date();
  return [
    ...(await placesWithinCapacity(db)),
    ...(await placeHoldersHaveLivePlans(db)),
    ...(await activePlansHoldPlaces(db)),
    ...(await knownPlanTypes(db)),
    ...(await knownVocabulary(db)),
    ...(await offeredRemindersCanBeSent(db, now)),
    ...(await campaignCountersMatchRows(db)),
    ...(await templateCountersMatchCampaigns(db)),
    ...(await usersHaveNames(db)),
  ];
}

/** "a, b, c" or "a, b, c and 4 more". */
function idList(ids: readonly string[]): string {
  if (ids.length <= maxIdsPerRule) return ids.join(", ");
  return `${ids.slice(0, maxIdsPerRule).join(", ")} and ${ids.length - maxIdsPerRule} more`;
}

/** At most maxIdsPerRule sentences, then one saying how many more there are. */
function capped(lines: string[], what: string): string[] {
  if (lines.length <= maxIdsPerRule) return lines;
  return [...lines.slice(0, maxIdsPerRule), `... and ${lines.length - maxIdsPerRule} more ${what}.`];
}

// ---------------------------------------------------------------------------------------------
// Places and plans
// ---------------------------------------------------------------------------------------------

/** People holding a place (a couple counts 2) plus people holding an open offer never exceed capacity. */
async function placesWithinCapacity(db: DbOrTx): Promise<string[]> {
  const out: string[] = [];
  const rows = await db
    .select({ id: retreats.id, name: retreats.name, capacity: retreats.capacity })
    .from(retreats)
    .orderBy(retreats.id);
  for (const retreat of rows) {
    const taken = await placesTaken(db, retreat.id);
    const offered = await offeredPeople(db, retreat.id);
    if (taken + offered <= retreat.capacity) continue;
    const holders = await db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.retreatId, retreat.id), inArray(applications.stage, [...placeHoldingStages])))
      .orderBy(applications.id);
    out.push(
      `Retreat "${retreat.name}" (${retreat.id}) has ${taken} places held${offered > 0 ? ` and ${offered} offered` : ""}, more than its capacity of ${retreat.capacity} (a couple counts 2): applications ${idList(holders.map((h) => h.id))}.`,
    );
  }
  return out;
}

/** Every application holding a place (accepted or payment) has a live payment plan. */
async function placeHoldersHaveLivePlans(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id, stage: applications.stage })
    .from(applications)
    .where(
      and(
        inArray(applications.stage, [...placeHoldingStages]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(paymentPlans)
            .where(
              and(eq(paymentPlans.applicationId, applications.id), inArray(paymentPlans.status, livePlanStatuses)),
            ),
        ),
      ),
    )
    .orderBy(applications.id);
  if (rows.length === 0) return [];
  return [
    `${rows.length} application${rows.length === 1 ? "" : "s"} in ${placeHoldingStages.join(" or ")} (holding a place) without a live payment plan (${livePlanStatuses.join(" or ")}; a cancelled plan holds nothing): ${idList(rows.map((r) => `${r.id} (${r.stage})`))}.`,
  ];
}

/** An active plan belongs to someone holding a place: leaving the place cancels the plan. */
async function activePlansHoldPlaces(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ planId: paymentPlans.id, applicationId: paymentPlans.applicationId, stage: applications.stage })
    .from(paymentPlans)
    .leftJoin(applications, eq(applications.id, paymentPlans.applicationId))
    .where(
      and(
        eq(paymentPlans.status, "active"),
        sql`(${applications.stage} is null or ${notInArray(applications.stage, [...placeHoldingStages])})`,
      ),
    )
    .orderBy(paymentPlans.id);
  if (rows.length === 0) return [];
  return [
    `${rows.length} active payment plan${rows.length === 1 ? "" : "s"} of applications holding no place (leaving a place cancels the plan): ${idList(rows.map((r) => `plan ${r.planId} (application ${r.applicationId ?? "none"}, ${r.stage ?? "missing"})`))}.`,
  ];
}

/**
 * Plan types are what acceptance writes: the name of the rate's booking type, then "+" and the
 * name of each add-on (e.g. "couple+vip"); the Payments tab labels them from those names.
 */
async function knownPlanTypes(db: DbOrTx): Promise<string[]> {
  const types = await db.select({ name: bookingTypes.name, isAddon: bookingTypes.isAddon }).from(bookingTypes);
  const rates = new Set(types.filter((t) => !t.isAddon).map((t) => t.name));
  const addons = new Set(types.filter((t) => t.isAddon).map((t) => t.name));
  const known = (planType: string) => {
    const [rate, ...extras] = planType.split("+");
    return rates.has(rate ?? "") && extras.every((extra) => addons.has(extra));
  };
  const distinct = await db.selectDistinct({ planType: paymentPlans.planType }).from(paymentPlans);
  const unknown = distinct.map((r) => r.planType).filter((planType) => !known(planType));
  if (unknown.length === 0) return [];
  const out: string[] = [];
  for (const planType of unknown.sort()) {
    const plans = await db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(eq(paymentPlans.planType, planType))
      .orderBy(paymentPlans.id);
    out.push(
      `Payment plan type "${planType}" is not one the product makes (a booking type's name, then "+" and an add-on's name): plans ${idList(plans.map((p) => p.id))}.`,
    );
  }
  return out;
}

/** Stages, statuses and kinds are among the product's own lists (anything else is shown raw). */
async function knownVocabulary(db: DbOrTx): Promise<string[]> {
  const checks: [what: string, table: PgTable, id: AnyPgColumn, column: AnyPgColumn, known: readonly string[]][] = [
    ["application stage", applications, applications.id, applications.stage, applicationStages],
    ["payment plan status", paymentPlans, paymentPlans.id, paymentPlans.status, planStatuses],
    ["payment type", payments, payments.id, payments.type, paymentTypes],
    ["payment status", payments, payments.id, payments.status, paymentStatuses],
    [
      "payment reminder type",
      paymentReminders,
      paymentReminders.id,
      paymentReminders.reminderType,
      paymentReminderTypes,
    ],
    [
      "payment reminder status",
      paymentReminders,
      paymentReminders.id,
      paymentReminders.status,
      paymentReminderStatuses,
    ],
    ["campaign status", emailCampaigns, emailCampaigns.id, emailCampaigns.status, campaignStatuses],
    ["campaign send status", emailSends, emailSends.id, emailSends.status, sendStatuses],
  ];
  const out: string[] = [];
  for (const [what, table, id, column, known] of checks) {
    const rows = await db
      .select({ id, value: column })
      .from(table)
      .where(notInArray(column, [...known]))
      .orderBy(id)
      .limit(maxIdsPerRule + 1);
    if (rows.length === 0) continue;
    const values = [...new Set(rows.map((r) => String(r.value)))].map((v) => `"${v}"`).join(", ");
    const ids = rows.slice(0, maxIdsPerRule).map((r) => String(r.id));
    const more = rows.length > maxIdsPerRule ? " and more" : "";
    out.push(`Unknown ${what} ${values} (the product knows ${known.join(", ")}): rows ${ids.join(", ")}${more}.`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Payment reminders
// ---------------------------------------------------------------------------------------------

/**
 * Every reminder offered for sending can be sent: the payment-reminders feature's own rule
 * (findStuckReminders over reminderSendRefusal, the rule behind the list's Send and POST .../send),
 * and a pending reminder shows its payment's date and amount (pending reminders follow their
 * payment).
 */
async function offeredRemindersCanBeSent(db: DbOrTx, now: Date): Promise<string[]> {
  const stuck = (await findStuckReminders(db, now)).sort((x, y) => x.id.localeCompare(y.id));
  const lines = stuck.map(
    ({ id, reason }) => `Payment reminder ${id} is offered for sending but cannot be sent: ${reason}`,
  );
  const stale = await db
    .select({
      id: paymentReminders.id,
      dueDate: paymentReminders.dueDate,
      amount: paymentReminders.amount,
      paymentDueDate: payments.dueDate,
      paymentAmount: payments.amount,
    })
    .from(paymentReminders)
    .innerJoin(payments, eq(payments.id, paymentReminders.paymentId))
    .where(
      and(
        eq(paymentReminders.status, "pending"),
        sql`(${paymentReminders.dueDate} is distinct from ${payments.dueDate} or ${paymentReminders.amount} is distinct from ${payments.amount})`,
      ),
    )
    .orderBy(paymentReminders.id);
  for (const r of stale) {
    lines.push(
      `Payment reminder ${r.id} (pending) shows ${r.amount ?? "no amount"} due ${r.dueDate ?? "never"} but its payment is ${r.paymentAmount} due ${r.paymentDueDate ?? "never"}.`,
    );
  }
  return capped(lines, "payment reminders offered for sending that cannot be sent");
}

// ---------------------------------------------------------------------------------------------
// Campaigns, templates, users
// ---------------------------------------------------------------------------------------------

/**
 * A campaign's stored counters equal their count over its email_sends rows (the one definition
 * in features/email-campaigns/campaign-counters.ts), and a sent campaign went to someone and has nothing pending.
 */
async function campaignCountersMatchRows(db: DbOrTx): Promise<string[]> {
  const rows = await db.select().from(emailCampaigns).orderBy(emailCampaigns.id);
  const live = await countersFor(
    db,
    rows.map((r) => r.id),
  );
  const lines: string[] = [];
  for (const row of rows) {
    const counted = live.get(row.id) ?? zeroCounters;
    const label = `Campaign "${row.name}" (${row.id})`;
    const wrong = storedCounters.filter((key) => row[key] !== counted[key]);
    if (wrong.length > 0) {
      lines.push(
        `${label} stores ${wrong.map((key) => `${key} ${row[key]}`).join(", ")} but its email_sends rows give ${wrong.map((key) => `${key} ${counted[key]}`).join(", ")}.`,
      );
    }
    if (row.status === "sent" && counted.totalRecipients === 0) {
      lines.push(`${label} is sent but went to no one (it has no email_sends rows).`);
    }
    if (row.status === "sent" && counted.pending > 0) {
      lines.push(`${label} is sent but ${counted.pending} of its messages are still pending.`);
    }
  }
  return capped(lines, "campaign counter problems");
}

/** "Used by N campaigns" on a marketing template counts the campaigns that started from it. */
async function templateCountersMatchCampaigns(db: DbOrTx): Promise<string[]> {
  const templates = await db
    .select({
      id: emailMarketingTemplates.id,
      name: emailMarketingTemplates.name,
      usageCount: emailMarketingTemplates.usageCount,
    })
    .from(emailMarketingTemplates)
    .orderBy(emailMarketingTemplates.id);
  const uses = await db
    .select({ templateId: emailCampaigns.templateId, n: count() })
    .from(emailCampaigns)
    .where(isNotNull(emailCampaigns.templateId))
    .groupBy(emailCampaigns.templateId);
  const used = new Map(uses.map((u) => [u.templateId, Number(u.n)]));
  const lines: string[] = [];
  for (const t of templates) {
    const n = used.get(t.id) ?? 0;
    if (t.usageCount !== n) {
      lines.push(
        `Marketing template "${t.name}" (${t.id}) says it is used by ${t.usageCount} campaign${t.usageCount === 1 ? "" : "s"}, but ${n} campaign${n === 1 ? "" : "s"} started from it.`,
      );
    }
  }
  return capped(lines, "template counter problems");
}

/** Every user has a first name (greetings, the team list and audit trails show it). */
async function usersHaveNames(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`coalesce(btrim(${users.firstName}), '') = ''`)
    .orderBy(users.id);
  if (rows.length === 0) return [];
  return [`${rows.length} user${rows.length === 1 ? "" : "s"} without a first name: ${idList(rows.map((r) => r.id))}.`];
}
