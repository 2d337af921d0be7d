import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { applicationStages } from "../../../shared/constants";
import {
  type AdminApplication,
  type AdminApplicationCreate,
  type AdminApplicationUpdate,
  type ApplicationExportQuery,
  type ApplicationListQuery,
  type ApplicationListResponse,
  type ApplicationSortField,
  type ApplicationStageValue,
  notifiableStages,
  type SortOrder,
  stageTransitionError,
} from "../../../shared/schemas/applications-admin";
import type { Db } from "../../db/client";
import { retreatRowOr404 } from "../../db/current-retreat";
import { cappedCount } from "../../db/list-totals";
import { type Application, applications, emailSubscribers, paymentPlans, payments, retreats } from "../../db/schema";
import type { DbOrTx, Tx } from "../../db/types";
import { EmailSecrets, type LinkSettings } from "../../email/hidden-links";
import { queueEmail } from "../../email/outbox";
import { AppError } from "../../http/errors";
import { acceptIntoRetreat, applyStageChange, moveStage, stageWrite } from "../admissions/admissions.service";
import { type Actor, type AuditEntry, recordAudit } from "../audit/audit.service";
import { getCurrentRetreat } from "../retreats/retreats.service";
import { renderStageEmail, type StageEmailKind } from "./applications.stage-emails";

/** Who makes a change and from where (auditContext(request) from the audit service). */

const entityType = "application";

// ---------------------------------------------------------------------------------------------
// Read model
// ---------------------------------------------------------------------------------------------

/** The columns the admin screens read: everything but medical and mobility notes and score reasons. */
const adminColumns = {
  id: applications.id,
  retreatId: applications.retreatId,
  applicationType: applications.applicationType,
  firstName: applications.firstName,
  lastName: applications.lastName,
  email: applications.email,
  phone: applications.phone,
  city: applications.city,
  country: applications.country,
  stage: applications.stage,
  score: applications.score,
  submittedAt: applications.submittedAt,
  motivations: applications.motivations,
  advocacyInvolvement: applications.advocacyInvolvement,
  roomPreference: applications.roomPreference,
  internalNotes: applications.internalNotes,
  interviewNotes: applications.interviewNotes,
  instagramHandle: applications.instagramHandle,
  linkedinUrl: applications.linkedinUrl,
  websiteUrl: applications.websiteUrl,
  partnerFirstName: applications.partnerFirstName,
  partnerLastName: applications.partnerLastName,
  partnerEmail: applications.partnerEmail,
  partnerPhone: applications.partnerPhone,
  partnerCity: applications.partnerCity,
  partnerCountry: applications.partnerCountry,
  wantsVipUpgrade: applications.wantsVipUpgrade,
  additionalInfo: applications.additionalInfo,
  dietaryNotes: applications.dietaryNotes,
  keepOnPriorityList: applications.keepOnPriorityList,
};

type AdminRow = Omit<AdminApplication, "submittedAt"> & { submittedAt: Date };

export function toAdminApplication(row: AdminRow): AdminApplication {
  return { ...row, submittedAt: row.submittedAt.toISOString() };
}

function pickAdmin(row: Application): AdminRow {
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(adminColumns)) out[key] = row[key as keyof Application];
  return out as AdminRow;
}

// ---------------------------------------------------------------------------------------------
// Filtering and sorting (shared by the list and the export)
// ---------------------------------------------------------------------------------------------

/*
 * Search and sort keys are lower-cased and compared byte-wise (COLLATE "C") on every database, so
 * one plain btree index per key serves both `like 'prefix%'` and ORDER BY (see the README's
 * "Back office" section for the indexes). Byte order sorts accented letters after z.
 */
const nameExpr = sql`(lower(coalesce(${applications.firstName}, '') || ' ' || coalesce(${applications.lastName}, '')) collate "C")`;
const lastNameExpr = sql`(lower(coalesce(${applications.lastName}, '')) collate "C")`;
const emailExpr = sql`(lower(${applications.email}) collate "C")`;
const countryExpr = sql`(lower(coalesce(${applications.country}, '')) collate "C")`;
/** Stages sort in pipeline order (new ... payment, then waitlist, declined), not alphabetically. */
const stageOrderExpr = sql`coalesce(array_position(array[${sql.raw(
  applicationStages.map((s) => `'${s}'`).join(", "),
)}]::text[], ${applications.stage}), 99)`;

/** Each sort key, and the type its cursor value is cast back to (the cursor travels as text). */
const sortKeys: Record<ApplicationSortField, { expr: SQL; cast: SQL }> = {
  submittedAt: { expr: sql`${applications.submittedAt}`, cast: sql`timestamptz` },
  name: { expr: nameExpr, cast: sql`text` },
  email: { expr: emailExpr, cast: sql`text` },
  country: { expr: countryExpr, cast: sql`text` },
  stage: { expr: stageOrderExpr, cast: sql`integer` },
  score: { expr: sql`${applications.score}`, cast: sql`integer` },
};

/** "ada lo" -> "ada lo%", with LIKE's wildcards escaped so "50%" or "a_b" mean those characters. */
function prefixPattern(term: string): string {
  return `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search matches the start of the full name, the surname, the email or the country: prefix
 * matches can use an index, so a search stays fast at 100,000 applications, where a substring
 * match would read every row.
 */
function filterConditions(query: ApplicationExportQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.retreatId) conditions.push(eq(applications.retreatId, query.retreatId));
  if (query.stage !== "all") conditions.push(eq(applications.stage, query.stage));
  const term = query.search.trim().replace(/\s+/g, " ");
  if (term) {
    const pattern = prefixPattern(term);
    conditions.push(
      sql`(${nameExpr} like ${pattern} or ${lastNameExpr} like ${pattern} or ${emailExpr} like ${pattern} or ${countryExpr} like ${pattern})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

function orderBy(sort: ApplicationSortField, order: SortOrder): SQL[] {
  const direction = order === "asc" ? asc : desc;
  // id breaks ties in the same direction, so pages are stable and the cursor is a simple tuple.
  return [direction(sortKeys[sort].expr), direction(applications.id)];
}

export { exactCountLimit } from "../../db/list-totals";

/** A retreatId (the season switcher's season) must name a retreat: 404 rather than an empty list. */
export async function assertListedRetreat(db: Db, query: Pick<ApplicationExportQuery, "retreatId">): Promise<void> {
  if (query.retreatId) await retreatRowOr404(db, query.retreatId);
}

export async function listApplications(db: Db, query: ApplicationListQuery): Promise<ApplicationListResponse> {
  await assertListedRetreat(db, query);
  const where = filterConditions(query);
  const rows = await db
    .select(adminColumns)
    .from(applications)
    .where(where)
    .orderBy(...orderBy(query.sort, query.order))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // A short first page holds every match: no count query needed.
  const counted =
    query.page === 1 && rows.length < query.pageSize
      ? { total: rows.length, exact: true }
      : await cappedCount(db, applications, where);
  return {
    items: rows.map(toAdminApplication),
    total: counted.total,
    totalIsEstimate: !counted.exact,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Every row matching the filters, in the list's order, fetched in batches by keyset (the last
 * row's sort key and id), so memory stays constant and each batch is one indexed query.
 */
export async function* iterateApplications(
  db: Db,
  query: ApplicationExportQuery,
  batchSize = 1000,
): AsyncGenerator<AdminApplication> {
  const key = sortKeys[query.sort];
  const where = filterConditions(query);
  const comparator = query.order === "asc" ? sql`>` : sql`<`;
  let cursor: { key: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${key.expr}, ${applications.id}) ${comparator} (${cursor.key}::${key.cast}, ${cursor.id}::uuid)`
      : undefined;
    const rows: (AdminRow & { sortKey: string })[] = await db
      .select({ ...adminColumns, sortKey: sql<string>`(${key.expr})::text` })
      .from(applications)
      .where(and(where, after))
      .orderBy(...orderBy(query.sort, query.order))
      .limit(batchSize);
    for (const { sortKey: _, ...row } of rows) yield toAdminApplication(row);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { key: last.sortKey, id: last.id };
  }
}

export async function getApplication(db: Db, id: string): Promise<AdminApplication> {
  const [row] = await db.select(adminColumns).from(applications).where(eq(applications.id, id)).limit(1);
  if (!row) throw new AppError("not_found", "Application not found");
  return toAdminApplication(row);
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

async function lockApplication(tx: Tx, id: string): Promise<Application> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for("update").limit(1);
  if (!row) throw new AppError("not_found", "Application not found");
  return row;
}

async function audit(tx: Tx, actor: Actor, entry: Omit<AuditEntry, keyof Actor | "entityType">): Promise<void> {
  await recordAudit(tx as unknown as Db, { ...actor, entityType, ...entry });
}

/** Only the fields that changed, before and after: the trail stays readable. */
function changedFields(
  before: AdminRow,
  after: AdminRow,
): { old: Record<string, unknown>; new: Record<string, unknown> } {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AdminRow)[]) {
    const a = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const b = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (a !== b) {
      oldValues[key] = a;
      newValues[key] = b;
    }
  }
  return { old: oldValues, new: newValues };
}

/** Staff entry of an application (same rules as the public form); goes to the current retreat by default. */
export async function createApplication(
  db: Db,
  input: AdminApplicationCreate,
  actor: Actor,
): Promise<AdminApplication> {
  let retreatId = input.retreatId;
  if (retreatId) {
    const [exists] = await db.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, retreatId)).limit(1);
    if (!exists)
      throw new AppError("bad_request", "Retreat not found", [{ path: "retreatId", message: "Retreat not found" }]);
  } else {
    const current = await getCurrentRetreat(db);
    if (!current) throw new AppError("conflict", "No active retreat found. Open a retreat before adding applications.");
    retreatId = current.id;
  }
  const { retreatId: _, roomPreference, ...fields } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({ ...fields, roomPreference: roomPreference ?? null, email: fields.email, retreatId })
      .returning();
    const created = pickAdmin(row!);
    await audit(tx, actor, { action: "create", entityId: created.id, newValues: toAdminApplication(created) });
    // Entered straight into accepted: it takes a place and gets its payment plan like any acceptance.
    if (row!.stage === "accepted") await acceptIntoRetreat(tx, row!, actor);
    return toAdminApplication(created);
  });
}

export type UpdateResult = {
  application: AdminApplication;
  /** email_logs rows queued in the transaction (a released place offered on); dispatch after commit. */
  emailLogIds: string[];
};

export async function updateApplication(
  db: Db,
  id: string,
  patch: AdminApplicationUpdate,
  actor: Actor,
  links: LinkSettings,
): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    const locked = await lockApplication(tx, id);
    const before = pickAdmin(locked);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(defined).length === 0) return { application: toAdminApplication(before), emailLogIds: [] };
    const set = typeof defined.stage === "string" ? { ...defined, ...stageWrite(defined.stage) } : defined;
    const [row] = await tx.update(applications).set(set).where(eq(applications.id, id)).returning();
    const after = pickAdmin(row!);
    const { emailLogIds } = await applyStageChange(tx, locked, row!, actor, links);
    const diff = changedFields(before, after);
    if (Object.keys(diff.new).length > 0) {
      await audit(tx, actor, { action: "update", entityId: id, oldValues: diff.old, newValues: diff.new });
    }
    return { application: toAdminApplication(after), emailLogIds };
  });
}

export const hasPaymentsMessage = "This application has payments and cannot be deleted.";

export async function deleteApplication(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockApplication(tx, id);
    // Payments and payment plans are money records (ON DELETE RESTRICT); say why instead of failing.
    const [paid] = await tx.select({ n: count() }).from(payments).where(eq(payments.applicationId, id));
    const [planned] = await tx.select({ n: count() }).from(paymentPlans).where(eq(paymentPlans.applicationId, id));
    if ((paid?.n ?? 0) > 0 || (planned?.n ?? 0) > 0) throw new AppError("conflict", hasPaymentsMessage);
    await tx.delete(applications).where(eq(applications.id, id));
    await audit(tx, actor, { action: "delete", entityId: id, oldValues: toAdminApplication(pickAdmin(before)) });
  });
}

/** "[2026-05-10 09:30 UTC] Moved from new to screening: the note" */
function noteEntry(from: string, to: string, notes: string, at: Date): string {
  const stamp = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `[${stamp}] Moved from ${from} to ${to}: ${notes}`;
}

function appendNote(existing: string | null, entry: string): string {
  return existing?.trim() ? `${existing.trimEnd()}\n\n${entry}` : entry;
}

export type EscalateOptions = LinkSettings & {
  notes?: string;
  notify: boolean;
  /** The acceptance email's deposit pay link (stripe/pay-link.ts); "" or unset without Stripe. */
  payUrlFor?: (applicationId: string, secrets: EmailSecrets) => string;
};

export type EscalateResult = {
  application: AdminApplication;
  /** email_logs rows queued in the transaction; hand them to dispatchEmails after commit. */
  emailLogIds: string[];
};

/**
 * Moves an application along the pipeline (spec section 4), refusing any other move with 409.
 * Notes go to the interview notes when leaving the interview stage, else to the internal notes.
 */
export async function escalateApplication(
  db: Db,
  id: string,
  to: ApplicationStageValue,
  options: EscalateOptions,
  actor: Actor,
): Promise<EscalateResult> {
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, id);
    const refusal = stageTransitionError(row.stage, to);
    if (refusal) throw new AppError("conflict", refusal);

    const set: Partial<Application> = { stage: to };
    const notes = options.notes?.trim();
    if (notes) {
      const entry = noteEntry(row.stage, to, notes, new Date());
      if (row.stage === "interview") set.interviewNotes = appendNote(row.interviewNotes, entry);
      else set.internalNotes = appendNote(row.internalNotes, entry);
    }
    // Into accepted takes a place (409 when full); out of it cancels the plan and frees the place.
    const moved = await moveStage(tx, { application: row, to, actor, links: options, set });
    const updated = moved.application;
    const after = pickAdmin(updated);
    const emailLogIds: string[] = [...moved.emailLogIds];
    if (options.notify && (notifiableStages as readonly string[]).includes(to)) {
      const emailLogId = await queueStageEmail(tx, updated, to as StageEmailKind, options);
      if (emailLogId) emailLogIds.push(emailLogId);
    }
    const diff = changedFields(pickAdmin(row), after);
    await audit(tx, actor, {
      action: "escalate",
      entityId: id,
      oldValues: diff.old,
      newValues: { ...diff.new, notified: emailLogIds.length > 0 },
    });
    return { application: toAdminApplication(after), emailLogIds };
  });
}

/**
 * Queues the stage email unless the applicant has switched application emails off (or
 * unsubscribed from everything) in their email preferences. Returns the email_logs id or null.
 */
async function queueStageEmail(tx: Tx, app: Application, kind: StageEmailKind, options: EscalateOptions) {
  const [subscriber] = await tx
    .select({ applicationEmails: emailSubscribers.applicationEmails, off: emailSubscribers.globallyUnsubscribed })
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = ${app.email.toLowerCase()}`)
    .limit(1);
  if (subscriber && (!subscriber.applicationEmails || subscriber.off)) return null;
  const [retreat] = app.retreatId
    ? await tx.select({ name: retreats.name }).from(retreats).where(eq(retreats.id, app.retreatId)).limit(1)
    : [];
  const secrets = new EmailSecrets(options.cipher);
  const email = await renderStageEmail(
    tx as DbOrTx,
    kind,
    {
      firstName: app.firstName?.trim() || "there",
      retreatName: retreat?.name ?? "our retreat",
      publicUrl: options.publicUrl,
      payUrl: kind === "accepted" ? (options.payUrlFor?.(app.id, secrets) ?? "") : "",
    },
    app.retreatId,
  );
  // Switched off by staff in the email templates: the move stands, unannounced.
  if (!email) return null;
  const name = [app.firstName, app.lastName].filter(Boolean).join(" ");
  return queueEmail(tx as DbOrTx, { to: app.email, name, email, secrets });
}
