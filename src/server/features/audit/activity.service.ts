import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import { displayName, type PersonLike } from "../../../shared/display/people";
import { formatMoney, toPence } from "../../../shared/finance/money";
import type { ActivityFeed, ActivityItem } from "../../../shared/schemas/dashboard";
import { type TaskStatus, taskStatusLabels } from "../../../shared/schemas/tasks";
import type { Db } from "../../db/client";
import {
  applications,
  auditLogs,
  interviews,
  paymentPlans,
  payments,
  tasks,
  travelComplianceForms,
  users,
} from "../../db/schema";

type Json = Record<string, unknown>;

/**
 * The audit trail told as the Overview's "Recent activity": what happened to applicants, interviews,
 * payments, tasks and the schedule, as sentences with a link to the record. Sign-ins, exports,
 * sensitive reads and user or privacy administration stay in Settings → Audit log (owner only):
 * staff read this feed too.
 */
const feedEntityTypes = [
  "application",
  "interview",
  "payment",
  "payment_plan",
  "place_offer",
  "task",
  "travel_form",
  "retreat_session",
  "vendor_booking",
  "expense",
  "budget_item",
  "vendor_payment",
] as const;
type FeedEntity = (typeof feedEntityTypes)[number];

/** Trail rows that are bookkeeping rather than something a person did to a record. */
const quietActions = ["error", "unchanged", "stripe_amount_mismatch", "stripe_duplicate_payment", "export"];

export const activityLimit = 12;

const dashboard = (tab: string) => `/admin/dashboard?tab=${tab}`;
/** Where an applicant's record opens: the Applications tab with their detail dialog. */
export const applicationHref = (id: string) => `${dashboard("applications")}&application=${encodeURIComponent(id)}`;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const stageLabel = (stage: string) => stage.charAt(0).toUpperCase() + stage.slice(1);

function money(amount: unknown): string | null {
  if (typeof amount !== "string" && typeof amount !== "number") return null;
  try {
    return formatMoney(toPence(amount));
  } catch {
    return null;
  }
}

type Row = {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  oldValues: Json | null;
  newValues: Json | null;
  createdAt: Date;
  actor: { firstName: string | null; lastName: string | null; email: string } | null;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Distinct well-formed uuids (entity ids are text in the trail; a malformed one must not reach a uuid column). */
const uuids = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => typeof v === "string" && uuidPattern.test(v))),
];

type Applicant = { id: string; name: string; exists: boolean };

/** The records about one application, by the entity type their audit rows carry. */
const linkedTables = {
  interview: interviews,
  payment_plan: paymentPlans,
  payment: payments,
  travel_form: travelComplianceForms,
} as const;

/** The application each row is about, found from its values or its record (one query per table). */
async function applicantsFor(db: Db, rows: Row[]): Promise<Map<string, Applicant>> {
  const byRow = new Map<string, string>();
  const ids = (type: string) => uuids(rows.filter((r) => r.entityType === type).map((r) => r.entityId));
  const fromValues = (r: Row) => text(r.newValues?.applicationId) ?? text(r.oldValues?.applicationId);

  const linkedRows = await Promise.all(
    Object.entries(linkedTables).map(async ([type, table]) => {
      const wanted = ids(type);
      const found = wanted.length
        ? await db
            .select({ id: table.id, applicationId: table.applicationId })
            .from(table)
            .where(inArray(table.id, wanted))
        : [];
      return found.map((r) => [`${type}:${r.id}`, r.applicationId] as const);
    }),
  );
  const linked = new Map<string, string | null>(linkedRows.flat());
  for (const r of rows) {
    const applicationId =
      r.entityType === "application"
        ? r.entityId
        : (fromValues(r) ?? linked.get(`${r.entityType}:${r.entityId}`) ?? null);
    if (applicationId) byRow.set(r.id, applicationId);
  }

  const wanted = uuids([...byRow.values()]);
  const found = wanted.length
    ? await db
        .select({
          id: applications.id,
          firstName: applications.firstName,
          lastName: applications.lastName,
          email: applications.email,
        })
        .from(applications)
        .where(inArray(applications.id, wanted))
    : [];
  const people = new Map(found.map((a) => [a.id, displayName(a, "an applicant")]));

  // A deleted application keeps its name in the trail: its delete row's before-values.
  const gone = wanted.filter((id) => !people.has(id));
  const deletions = gone.length
    ? await db
        .select({ entityId: auditLogs.entityId, oldValues: auditLogs.oldValues })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.entityType, "application"),
            eq(auditLogs.action, "delete"),
            inArray(auditLogs.entityId, gone),
          ),
        )
    : [];
  const remembered = new Map(
    deletions.map((d) => [d.entityId, displayName((d.oldValues ?? {}) as PersonLike, "an applicant")]),
  );

  const result = new Map<string, Applicant>();
  for (const r of rows) {
    const id = byRow.get(r.id);
    if (!id) continue;
    const stored = people.get(id);
    result.set(r.id, { id, name: stored ?? remembered.get(id) ?? "an applicant", exists: stored !== undefined });
  }
  return result;
}

async function taskTitles(db: Db, rows: Row[]): Promise<Map<string, string>> {
  const valid = uuids(rows.filter((r) => r.entityType === "task").map((r) => r.entityId));
  const found = valid.length
    ? await db.select({ id: tasks.id, title: tasks.title }).from(tasks).where(inArray(tasks.id, valid))
    : [];
  return new Map(found.map((t) => [t.id, t.title]));
}

const possessive = (name: string) => (name === "an applicant" ? "an applicant's" : `${name}'s`);

/** One trail row as a sentence and a link; null when the row is not worth a line. */
function describe(
  r: Row,
  applicant: Applicant | undefined,
  taskTitle: string | undefined,
): Omit<ActivityItem, "id" | "at"> | null {
  const who = r.actor ? displayName(r.actor, "Someone") : "Retreat HQ";
  const nv = r.newValues ?? {};
  const ov = r.oldValues ?? {};
  const person = applicant?.name ?? "an applicant";
  const recordHref = applicant?.exists ? applicationHref(applicant.id) : null;
  const entity = r.entityType as FeedEntity;

  switch (entity) {
    case "application": {
      const stage = text(nv.stage);
      if (r.action === "create") return { text: `${who} added ${possessive(person)} application`, href: recordHref };
      if (r.action === "delete") return { text: `${who} deleted ${possessive(person)} application`, href: null };
      if (stage)
        return { text: `${who} moved ${possessive(person)} application to ${stageLabel(stage)}`, href: recordHref };
      if (r.action === "update" || r.action === "escalate")
        return { text: `${who} updated ${possessive(person)} application`, href: recordHref };
      return null;
    }
    case "interview": {
      const verbs: Record<string, string> = {
        create: "scheduled an interview with",
        reschedule: "rescheduled the interview with",
        cancel: "cancelled the interview with",
        complete: "completed the interview with",
      };
      const verb = verbs[r.action];
      if (!verb) return null;
      const outcome = r.action === "complete" ? text(nv.outcome) : null;
      return { text: `${who} ${verb} ${person}${outcome ? ` (outcome: ${outcome})` : ""}`, href: recordHref };
    }
    case "payment": {
      const amount = money(nv.amount);
      if (r.action === "create")
        return { text: `${who} recorded a payment${amount ? ` of ${amount}` : ""} from ${person}`, href: recordHref };
      if (r.action === "complete") return { text: `${who} marked a payment from ${person} as paid`, href: recordHref };
      return null;
    }
    case "payment_plan": {
      const verbs: Record<string, string> = { create: "set up", complete: "completed", cancel: "cancelled" };
      const verb = verbs[r.action];
      return verb ? { text: `${who} ${verb} ${possessive(person)} payment plan`, href: recordHref } : null;
    }
    case "place_offer": {
      const lines: Record<string, string> = {
        offer: `${r.actor ? who : "Retreat HQ"} offered a place to ${person}`,
        accept: `${person} accepted the place offered to them`,
        decline: `${person} declined the place offered to them`,
        withdraw: `${who} withdrew the place offered to ${person}`,
        expire: `The place offered to ${person} expired`,
      };
      const line = lines[r.action];
      return line ? { text: line, href: recordHref } : null;
    }
    case "travel_form":
      if (r.action === "travel_form.review")
        return { text: `${who} reviewed ${possessive(person)} travel form`, href: recordHref };
      if (r.action === "travel_form.submit" || r.action === "travel_form.resubmit")
        return { text: `${person} sent their travel form`, href: recordHref };
      return null;
    case "task": {
      const title = text(nv.title) ?? text(ov.title) ?? taskTitle ?? "a task";
      const quoted = `the task "${title}"`;
      const href = taskTitle ? dashboard("tasks") : null;
      if (r.action === "create") return { text: `${who} created ${quoted}`, href };
      if (r.action === "delete") return { text: `${who} deleted ${quoted}`, href: null };
      const status = text(nv.status);
      if (status && status in taskStatusLabels)
        return { text: `${who} moved ${quoted} to ${taskStatusLabels[status as TaskStatus]}`, href };
      return { text: `${who} updated ${quoted}`, href };
    }
    case "retreat_session": {
      const title = text(nv.title) ?? text(ov.title);
      const what = title ? `the session "${title}"` : "a session";
      const verbs: Record<string, string> = { create: "added", update: "changed", delete: "removed" };
      const verb = verbs[r.action];
      return verb
        ? { text: `${who} ${verb} ${what}`, href: r.action === "delete" ? null : dashboard("schedule") }
        : null;
    }
    case "vendor_booking": {
      const verbs: Record<string, string> = {
        create: "booked a vendor",
        update: "updated a vendor booking",
        delete: "removed a vendor booking",
      };
      const verb = verbs[r.action];
      return verb ? { text: `${who} ${verb}`, href: dashboard("schedule") } : null;
    }
    case "expense":
    case "budget_item":
    case "vendor_payment": {
      const noun = { expense: "an expense", budget_item: "a budget item", vendor_payment: "a vendor payment" }[entity];
      const label = text(nv.description) ?? text(ov.description);
      const verbs: Record<string, string> = {
        create: "added",
        update: "updated",
        delete: "deleted",
        approve: "approved",
        reject: "rejected",
        mark_paid: "marked as paid",
      };
      const verb = verbs[r.action];
      return verb ? { text: `${who} ${verb} ${noun}${label ? `: ${label}` : ""}`, href: dashboard("finance") } : null;
    }
    default:
      return null;
  }
}

/** GET /api/admin/dashboard/activity: the latest trail rows worth telling, newest first. */
export async function recentActivity(db: Db, limit = activityLimit): Promise<ActivityFeed> {
  // Read a few more rows than shown: some (an update that changed nothing readable) are skipped.
  const rows: Row[] = (
    await db
      .select({
        log: auditLogs,
        actorFirst: users.firstName,
        actorLast: users.lastName,
        actorEmail: users.email,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(and(inArray(auditLogs.entityType, [...feedEntityTypes]), notInArray(auditLogs.action, quietActions)))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit * 2)
  ).map(({ log, actorFirst, actorLast, actorEmail }) => ({
    id: log.id,
    action: log.action,
    entityType: log.entityType,
    entityId: log.entityId,
    oldValues: log.oldValues,
    newValues: log.newValues,
    createdAt: log.createdAt,
    actor: actorEmail === null ? null : { firstName: actorFirst, lastName: actorLast, email: actorEmail },
  }));
  const [people, titles] = await Promise.all([applicantsFor(db, rows), taskTitles(db, rows)]);
  const items: ActivityItem[] = [];
  for (const r of rows) {
    const line = describe(r, people.get(r.id), r.entityId ? titles.get(r.entityId) : undefined);
    if (line) items.push({ id: r.id, at: r.createdAt.toISOString(), ...line });
    if (items.length === limit) break;
  }
  return { items };
}
