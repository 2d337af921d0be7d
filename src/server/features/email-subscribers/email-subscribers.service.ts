import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  type AdminSubscriber,
  type SubscriberCreate,
  type SubscriberExportQuery,
  type SubscriberListQuery,
  type SubscriberListResponse,
  type SubscriberTagsResponse,
  type SubscriberUpdate,
  subscriberStatuses,
} from "../../../shared/schemas/email-subscribers";
import type { Db } from "../../db/client";
import { cappedCount, type ListTotal } from "../../db/list-totals";
import {
  type EmailSubscriber,
  emailSubscriberCounts,
  emailSubscribers,
  emailSubscriberTagCounts,
} from "../../db/schema";
import type { Tx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, type AuditEntry, recordAudit } from "../audit/audit.service";

/** Who makes a change and from where (auditContext(request) from the audit service). */

export const entityType = "email_subscriber";
export const duplicateEmailMessage = "A subscriber with this email already exists.";
export const optInRefusedMessage = "Only the subscriber can opt back in, from the preferences link in their emails.";
export const notFoundMessage = "Subscriber not found";
export const staffUnsubscribeReason = "Unsubscribed by staff";

// ---------------------------------------------------------------------------------------------
// Read model
// ---------------------------------------------------------------------------------------------

/** Everything the admin screens read: all but the unsubscribe token (a bearer secret) and metadata. */
const adminColumns = {
  id: emailSubscribers.id,
  email: emailSubscribers.email,
  firstName: emailSubscribers.firstName,
  lastName: emailSubscribers.lastName,
  segment: emailSubscribers.segment,
  source: emailSubscribers.source,
  status: emailSubscribers.status,
  tags: emailSubscribers.tags,
  applicationId: emailSubscribers.applicationId,
  applicationEmails: emailSubscribers.applicationEmails,
  marketingEmails: emailSubscribers.marketingEmails,
  systemNotifications: emailSubscribers.systemNotifications,
  globallyUnsubscribed: emailSubscribers.globallyUnsubscribed,
  subscribedAt: emailSubscribers.subscribedAt,
  preferencesUpdatedAt: emailSubscribers.preferencesUpdatedAt,
  unsubscribedAt: emailSubscribers.unsubscribedAt,
  unsubscribeReason: emailSubscribers.unsubscribeReason,
  lastEmailSent: emailSubscribers.lastEmailSent,
  consentAt: emailSubscribers.consentAt,
  consentIp: emailSubscribers.consentIp,
  bouncedAt: emailSubscribers.bouncedAt,
  complainedAt: emailSubscribers.complainedAt,
};

type AdminRow = { [K in keyof typeof adminColumns]: EmailSubscriber[K] };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toAdminSubscriber(row: AdminRow): AdminSubscriber {
  return {
    ...row,
    subscribedAt: row.subscribedAt.toISOString(),
    preferencesUpdatedAt: iso(row.preferencesUpdatedAt),
    unsubscribedAt: iso(row.unsubscribedAt),
    lastEmailSent: iso(row.lastEmailSent),
    consentAt: iso(row.consentAt),
    bouncedAt: iso(row.bouncedAt),
    complainedAt: iso(row.complainedAt),
  };
}

function pickAdmin(row: EmailSubscriber): AdminRow {
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(adminColumns)) out[key] = row[key as keyof EmailSubscriber];
  return out as AdminRow;
}

// ---------------------------------------------------------------------------------------------
// Filters (shared by the list and the export)
// ---------------------------------------------------------------------------------------------

/*
 * These expressions are exactly those of the prefix indexes in db/schema.ts: lower-cased and
 * compared byte-wise (COLLATE "C"), so `like 'term%'` is an index range scan on every database
 * and a search stays fast at 100,000 subscribers. The full-name expression also answers a
 * first-name search (it starts with the first name).
 */
const emailExpr = sql`(lower(${emailSubscribers.email}) collate "C")`;
const fullNameExpr = sql`(lower(coalesce(${emailSubscribers.firstName}, '') || ' ' || coalesce(${emailSubscribers.lastName}, '')) collate "C")`;
const lastNameExpr = sql`(lower(coalesce(${emailSubscribers.lastName}, '')) collate "C")`;

/** "ada lo" -> "ada lo%", with LIKE's wildcards escaped so "50%" or "a_b" mean those characters. */
export function prefixPattern(term: string): string {
  return `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(query: SubscriberExportQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.segment !== "all") conditions.push(eq(emailSubscribers.segment, query.segment));
  if (query.status !== "all") conditions.push(eq(emailSubscribers.status, query.status));
  if (query.source !== "all") conditions.push(eq(emailSubscribers.source, query.source));
  // @> on the array is what the gin index serves (a = any(tags) would read every row).
  if (query.tag) conditions.push(sql`${emailSubscribers.tags} @> array[${query.tag}]::text[]`);
  const term = query.search.trim().replace(/\s+/g, " ");
  if (term) {
    const pattern = prefixPattern(term);
    conditions.push(
      sql`(${emailExpr} like ${pattern} or ${fullNameExpr} like ${pattern} or ${lastNameExpr} like ${pattern})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first; id breaks ties so pages are stable and the export's cursor is a simple tuple. */
const listOrder = [desc(emailSubscribers.subscribedAt), desc(emailSubscribers.id)];

// ---------------------------------------------------------------------------------------------
// Counts (the summary and the totals)
// ---------------------------------------------------------------------------------------------

/**
 * The counter tables hold one row per group a write statement changed (migration 0019); past this
 * many rows the list folds them into one row per group, so reading them stays a few dozen rows.
 */
export const counterRowsBeforeFold = 500;

type CountGroup = { status: string; segment: string; source: string | null; n: number };

/**
 * Subscribers per (status, segment, source), exact: the sums of the counter rows the triggers on
 * email_subscribers add in the writing transaction, so they commit (or roll back) with the rows.
 */
async function countGroups(db: Db): Promise<CountGroup[]> {
  await foldIfPiledUp(db);
  const result = await db.execute(
    sql`select status, segment, source, sum(n)::int as n from ${emailSubscriberCounts}
        group by status, segment, source having sum(n) <> 0`,
  );
  return (result.rows as CountGroup[]).map((row) => ({ ...row, n: Number(row.n) }));
}

async function foldIfPiledUp(db: Db): Promise<void> {
  const result = await db.execute(
    sql`select (select count(*) from ${emailSubscriberCounts})::int + (select count(*) from ${emailSubscriberTagCounts})::int as n`,
  );
  if (Number((result.rows[0] as { n: number | string } | undefined)?.n ?? 0) > counterRowsBeforeFold) {
    await foldCounters(db);
  }
}

/**
 * One row per group instead of many, in one statement: the rows it deletes are the ones it sums.
 * Writers only ever add rows, so they never wait on this; two folds at once each sum only the
 * rows they deleted.
 */
export async function foldCounters(db: Db): Promise<void> {
  await db.execute(
    sql`with gone as (delete from ${emailSubscriberCounts} returning status, segment, source, n)
        insert into ${emailSubscriberCounts} (status, segment, source, n)
        select status, segment, source, sum(n) from gone group by status, segment, source having sum(n) <> 0`,
  );
  await db.execute(
    sql`with gone as (delete from ${emailSubscriberTagCounts} returning tag, n)
        insert into ${emailSubscriberTagCounts} (tag, n)
        select tag, sum(n) from gone group by tag having sum(n) <> 0`,
  );
}

function summaryOf(groups: CountGroup[]): SubscriberListResponse["summary"] {
  const summary = { total: 0, active: 0, unsubscribed: 0, bounced: 0, complained: 0 };
  for (const { status, n } of groups) {
    summary.total += n;
    if ((subscriberStatuses as readonly string[]).includes(status)) summary[status as keyof typeof summary] += n;
  }
  return summary;
}

/** Subscribers matching the segment, status and source filters (not the search or tag), exact. */
function groupsTotal(groups: CountGroup[], query: SubscriberExportQuery): number {
  return groups
    .filter(
      (g) =>
        (query.segment === "all" || g.segment === query.segment) &&
        (query.status === "all" || g.status === query.status) &&
        (query.source === "all" || g.source === query.source),
    )
    .reduce((sum, g) => sum + g.n, 0);
}

async function tagTotal(db: Db, tag: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${emailSubscriberTagCounts.n}), 0)::int` })
    .from(emailSubscriberTagCounts)
    .where(eq(emailSubscriberTagCounts.tag, tag));
  return Number(row?.n ?? 0);
}

/**
 * The total for the filters: exact from the counters without a search (and, for a tag alone, from
 * the tag's counter); with a search (or a tag beside other filters) exact up to 1,000 matches,
 * beyond that the planner's estimate, flagged (no more than the total without the search).
 */
async function matchTotal(
  db: Db,
  query: SubscriberExportQuery,
  groups: CountGroup[],
  where: SQL | undefined,
): Promise<ListTotal> {
  const unsearched = groupsTotal(groups, query);
  const onlyEquality = !query.search.trim() && !query.tag;
  if (onlyEquality) return { total: unsearched, exact: true };
  const tagAlone = !query.search.trim() && query.segment === "all" && query.status === "all" && query.source === "all";
  if (tagAlone) return { total: await tagTotal(db, query.tag), exact: true };
  const atMost = query.tag ? Math.min(unsearched, await tagTotal(db, query.tag)) : unsearched;
  return cappedCount(db, emailSubscribers, where, atMost);
}

export async function listSubscribers(db: Db, query: SubscriberListQuery): Promise<SubscriberListResponse> {
  const where = filterConditions(query);
  const rows = await db
    .select(adminColumns)
    .from(emailSubscribers)
    .where(where)
    .orderBy(...listOrder)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const groups = await countGroups(db);
  // A short first page holds every match: no count needed.
  const counted =
    query.page === 1 && rows.length < query.pageSize
      ? { total: rows.length, exact: true }
      : await matchTotal(db, query, groups, where);
  return {
    items: rows.map(toAdminSubscriber),
    total: counted.total,
    totalIsEstimate: !counted.exact,
    page: query.page,
    pageSize: query.pageSize,
    summary: summaryOf(groups),
  };
}

/**
 * Every subscriber matching the filters, in the list's order, fetched in batches by keyset (the
 * last row's subscribedAt and id), so memory stays constant and each batch is one indexed query.
 */
export async function* iterateSubscribers(
  db: Db,
  query: SubscriberExportQuery,
  batchSize = 1000,
): AsyncGenerator<AdminSubscriber> {
  const where = filterConditions(query);
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    // The cursor's time travels as Postgres text: a JS Date would drop the microseconds.
    const after: SQL | undefined = cursor
      ? sql`(${emailSubscribers.subscribedAt}, ${emailSubscribers.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows: (AdminRow & { cursorAt: string })[] = await db
      .select({ ...adminColumns, cursorAt: sql<string>`(${emailSubscribers.subscribedAt})::text` })
      .from(emailSubscribers)
      .where(and(where, after))
      .orderBy(...listOrder)
      .limit(batchSize);
    for (const { cursorAt: _, ...row } of rows) yield toAdminSubscriber(row);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

export const maxTagsListed = 200;

export async function listTags(db: Db): Promise<SubscriberTagsResponse> {
  // From the tag counters the triggers keep (migration 0019), not by reading every subscriber.
  await foldIfPiledUp(db);
  const result = await db.execute(
    sql`select tag, sum(n)::int as count from ${emailSubscriberTagCounts}
        group by tag having sum(n) > 0 order by sum(n) desc, tag asc limit ${maxTagsListed}`,
  );
  return {
    tags: (result.rows as { tag: string; count: number | string }[]).map((r) => ({
      tag: r.tag,
      count: Number(r.count),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

async function audit(tx: Tx, actor: Actor, entry: Omit<AuditEntry, keyof Actor | "entityType">): Promise<void> {
  await recordAudit(tx as unknown as Db, { ...actor, entityType, ...entry });
}

async function lockSubscriber(tx: Tx, id: string): Promise<EmailSubscriber> {
  const [row] = await tx.select().from(emailSubscribers).where(eq(emailSubscribers.id, id)).for("update").limit(1);
  if (!row) throw new AppError("not_found", notFoundMessage);
  return row;
}

/** Only the fields that changed, before and after: the trail stays readable. */
function changedFields(before: AdminSubscriber, after: AdminSubscriber) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AdminSubscriber)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      oldValues[key] = before[key];
      newValues[key] = after[key];
    }
  }
  return { oldValues, newValues };
}

/** Staff entry of one contact (source admin_upload); marketing only with the consent staff confirm. */
export async function createSubscriber(
  db: Db,
  input: SubscriberCreate,
  actor: Actor,
  now = new Date(),
): Promise<AdminSubscriber> {
  return db.transaction(async (tx) => {
    const consent = input.marketingConsent;
    // ON CONFLICT (any unique index, including lower(email)) instead of a look-up first: two
    // simultaneous adds of the same address cannot both succeed.
    const [row] = await tx
      .insert(emailSubscribers)
      .values({
        email: input.email,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        segment: input.segment,
        source: "admin_upload",
        tags: input.tags,
        applicationEmails: true,
        marketingEmails: consent,
        systemNotifications: true,
        consentAt: consent ? now : null,
        consentIp: consent ? (actor.ipAddress ?? null) : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("conflict", duplicateEmailMessage);
    const created = toAdminSubscriber(pickAdmin(row));
    await audit(tx, actor, { action: "create", entityId: created.id, newValues: created });
    return created;
  });
}

const preferenceKeys = ["applicationEmails", "marketingEmails", "systemNotifications"] as const;

/**
 * The one place staff edits are decided. Staff may always switch something off or unsubscribe
 * someone; switching anything back on is the person's own choice once they have made one (they
 * saved their preferences, unsubscribed, or their address bounced or complained), so it is
 * refused. A contact who never touched their preferences may be switched on.
 */
export function subscriberChanges(
  current: EmailSubscriber,
  patch: SubscriberUpdate,
  now: Date,
): Partial<typeof emailSubscribers.$inferInsert> {
  const personDecided = current.preferencesUpdatedAt !== null || current.globallyUnsubscribed;
  const optedOut = current.status !== "active" || current.globallyUnsubscribed;
  const switchesOn = preferenceKeys.some((key) => patch[key] === true && !current[key]);
  const resubscribes = patch.unsubscribed === false && optedOut;
  if ((switchesOn && (personDecided || optedOut)) || resubscribes) {
    throw new AppError("conflict", optInRefusedMessage);
  }

  const set: Partial<typeof emailSubscribers.$inferInsert> = {};
  if (patch.firstName !== undefined) set.firstName = patch.firstName || null;
  if (patch.lastName !== undefined) set.lastName = patch.lastName || null;
  if (patch.segment !== undefined) set.segment = patch.segment;
  if (patch.tags !== undefined) set.tags = patch.tags;
  for (const key of preferenceKeys) if (patch[key] !== undefined) set[key] = patch[key];
  if (patch.unsubscribed === true && !current.globallyUnsubscribed) {
    set.globallyUnsubscribed = true;
    set.unsubscribedAt = now;
    set.unsubscribeReason = staffUnsubscribeReason;
    // A bounce or complaint says more about the address than "unsubscribed": keep it.
    if (current.status === "active") set.status = "unsubscribed";
  }
  return set;
}

export async function updateSubscriber(
  db: Db,
  id: string,
  patch: SubscriberUpdate,
  actor: Actor,
  now = new Date(),
): Promise<AdminSubscriber> {
  return db.transaction(async (tx) => {
    const current = await lockSubscriber(tx, id);
    const before = toAdminSubscriber(pickAdmin(current));
    const set = subscriberChanges(current, patch, now);
    if (Object.keys(set).length === 0) return before;
    const [row] = await tx.update(emailSubscribers).set(set).where(eq(emailSubscribers.id, id)).returning();
    const after = toAdminSubscriber(pickAdmin(row!));
    const diff = changedFields(before, after);
    if (Object.keys(diff.newValues).length > 0) {
      await audit(tx, actor, { action: "update", entityId: id, ...diff });
    }
    return after;
  });
}

/** Erasure: the row goes, and with it the per-campaign send records (ON DELETE CASCADE). */
export async function deleteSubscriber(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockSubscriber(tx, id);
    await tx.delete(emailSubscribers).where(eq(emailSubscribers.id, id));
    await audit(tx, actor, { action: "delete", entityId: id, oldValues: toAdminSubscriber(pickAdmin(before)) });
  });
}

/** The export is a read, but who took a copy of the list (and which part) is worth a trail. */
export async function auditExport(db: Db, query: SubscriberExportQuery, actor: Actor): Promise<void> {
  await recordAudit(db, { ...actor, action: "export", entityType, newValues: { filters: query } });
}
