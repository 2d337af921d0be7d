import { randomBytes, randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { limits } from "../../../shared/schemas/common";
import {
  maxTagsPerSubscriber,
  type SubscriberImportResult,
  type SubscriberSegment,
  type subscriberImportSchema,
  subscriberSegments,
  tagSchema,
} from "../../../shared/schemas/email-subscribers";
import type { Db } from "../../db/client";
import { emailSubscribers } from "../../db/schema";
import type { Tx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { type CsvRow, parseSubscriberCsv } from "./email-subscribers.csv";
import { entityType } from "./email-subscribers.service";

export type SubscriberImport = z.output<typeof subscriberImportSchema>;

export const maxImportErrors = 200;
export const importPreviewRows = 20;
/** Addresses per look-up (bound parameters, well under Postgres' 65,535). */
const lookupBatchSize = 1000;
/** Rows checked between turns of the event loop, so a 50,000-row file never holds other requests up. */
const rowsPerTurn = 500;
/** Rows per INSERT or UPDATE, sent as one JSON parameter. */
const writeBatchSize = 1000;

const emailCheck = z.string().max(limits.email).pipe(z.email());

/** A row that passed every check, ready to be matched against the list. */
type ValidRow = {
  line: number;
  email: string;
  key: string;
  firstName: string;
  lastName: string;
  segment: SubscriberSegment;
  tags: string[];
};

type Existing = {
  id: string;
  key: string;
  firstName: string | null;
  lastName: string | null;
  tags: string[];
  status: string;
  globallyUnsubscribed: boolean;
};

type Outcome =
  | { action: "create" | "update" | "unchanged" | "skip_unsubscribed" | "duplicate"; message?: string }
  | { action: "error"; message: string };

/** Checks one row; returns the first problem as a message the person can act on. */
function validateRow(row: CsvRow, input: SubscriberImport): ValidRow | string {
  const prefix = `Line ${row.line}:`;
  if (!row.email) return `${prefix} the email address is missing`;
  if (!emailCheck.safeParse(row.email).success) return `${prefix} "${row.email}" is not a valid email address`;
  if (row.firstName.length > limits.name) return `${prefix} the first name is longer than ${limits.name} characters`;
  if (row.lastName.length > limits.name) return `${prefix} the last name is longer than ${limits.name} characters`;
  let segment = input.segment;
  if (row.segment) {
    const value = row.segment.toLowerCase();
    if (!(subscriberSegments as readonly string[]).includes(value)) {
      return `${prefix} "${row.segment}" is not a segment (use ${subscriberSegments.join(", ")})`;
    }
    segment = value as SubscriberSegment;
  }
  const tags = new Set(input.tags);
  for (const raw of row.tags.split(/[;|]/)) {
    if (!raw.trim()) continue;
    const tag = tagSchema.safeParse(raw);
    if (!tag.success)
      return `${prefix} "${raw.trim()}" is not a valid tag (${tag.error.issues[0]?.message ?? "invalid"})`;
    tags.add(tag.data);
  }
  if (tags.size > maxTagsPerSubscriber) return `${prefix} more than ${maxTagsPerSubscriber} tags`;
  return {
    line: row.line,
    email: row.email,
    key: row.email.toLowerCase(),
    firstName: row.firstName,
    lastName: row.lastName,
    segment,
    tags: [...tags],
  };
}

/** What an import of an existing, still-subscribed contact changes: missing names and new tags only. */
function mergeExisting(existing: Existing, row: ValidRow) {
  const firstName = existing.firstName || row.firstName || null;
  const lastName = existing.lastName || row.lastName || null;
  const tags = [...existing.tags, ...row.tags.filter((tag) => !existing.tags.includes(tag))];
  const changed =
    firstName !== existing.firstName || lastName !== existing.lastName || tags.length !== existing.tags.length;
  return { firstName, lastName, tags, changed };
}

type Change = { id: string; firstName: string | null; lastName: string | null; tags: string[] };

const isOptedOut = (s: Existing) => s.status !== "active" || s.globallyUnsubscribed;

async function findExisting(db: Db | Tx, keys: string[], lock: boolean): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  for (let i = 0; i < keys.length; i += lookupBatchSize) {
    // lower(email) IN (...) is what the unique lower(email) index answers.
    const query = db
      .select({
        id: emailSubscribers.id,
        key: sql<string>`lower(${emailSubscribers.email})`,
        firstName: emailSubscribers.firstName,
        lastName: emailSubscribers.lastName,
        tags: emailSubscribers.tags,
        status: emailSubscribers.status,
        globallyUnsubscribed: emailSubscribers.globallyUnsubscribed,
      })
      .from(emailSubscribers)
      .where(inArray(sql`lower(${emailSubscribers.email})`, keys.slice(i, i + lookupBatchSize)));
    // Locked for the write, so someone unsubscribing mid-import is seen before we touch their row.
    const rows = lock ? await query.for("update") : await query;
    for (const row of rows) found.set(row.key, row);
    // The embedded database answers through promises alone: without a turn here a 50,000-row
    // file's look-ups would hold every other request up until the last one.
    await nextTurn();
  }
  return found;
}

/**
 * Names and tags of existing contacts, many rows per UPDATE, only while they are still
 * subscribed. The rows travel as one JSON parameter: a statement with thousands of bound
 * parameters is several times slower to plan on PGlite.
 */
async function updateExisting(tx: Tx, changes: Change[]): Promise<void> {
  for (let i = 0; i < changes.length; i += writeBatchSize) {
    const batch = changes.slice(i, i + writeBatchSize).map((c) => ({
      id: c.id,
      first_name: c.firstName,
      last_name: c.lastName,
      tags: c.tags,
    }));
    await tx.execute(sql`
      update ${emailSubscribers} as s
      set first_name = v.first_name, last_name = v.last_name, tags = v.tags, updated_at = now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, first_name text, last_name text, tags text[])
      where s.id = v.id and s.status = 'active' and not s.globally_unsubscribed`);
    await nextTurn();
  }
}

/** What the file would do to the list as it is now. */
type Plan = {
  outcomes: Map<number, Outcome>;
  errors: { line: number; message: string }[];
  toCreate: ValidRow[];
  toUpdate: Change[];
  unchanged: number;
  skippedUnsubscribed: number;
};

async function planAgainstList(
  conn: Db | Tx,
  unique: ValidRow[],
  checked: { outcomes: Map<number, Outcome>; errors: { line: number; message: string }[] },
  lock: boolean,
): Promise<Plan> {
  const existing = await findExisting(
    conn,
    unique.map((r) => r.key),
    lock,
  );
  const plan: Plan = {
    outcomes: new Map(checked.outcomes),
    errors: [...checked.errors],
    toCreate: [],
    toUpdate: [],
    unchanged: 0,
    skippedUnsubscribed: 0,
  };
  for (const [index, row] of unique.entries()) {
    if (index > 0 && index % rowsPerTurn === 0) await nextTurn();
    const current = existing.get(row.key);
    if (!current) {
      plan.toCreate.push(row);
      plan.outcomes.set(row.line, { action: "create" });
      continue;
    }
    if (isOptedOut(current)) {
      plan.skippedUnsubscribed += 1;
      const as = current.status === "active" ? "unsubscribed" : current.status;
      plan.outcomes.set(row.line, { action: "skip_unsubscribed", message: `On the list as ${as}; left unchanged` });
      continue;
    }
    const merged = mergeExisting(current, row);
    if (merged.tags.length > maxTagsPerSubscriber) {
      const message = `Line ${row.line}: the contact would have more than ${maxTagsPerSubscriber} tags`;
      plan.errors.push({ line: row.line, message });
      plan.outcomes.set(row.line, { action: "error", message });
    } else if (merged.changed) {
      plan.toUpdate.push({ id: current.id, firstName: merged.firstName, lastName: merged.lastName, tags: merged.tags });
      plan.outcomes.set(row.line, { action: "update", message: "Already on the list: names or tags added" });
    } else {
      plan.unchanged += 1;
      plan.outcomes.set(row.line, { action: "unchanged", message: "Already on the list: nothing to add" });
    }
  }
  return plan;
}

/** A sign-up through a public form landed between the look-up and the insert: plan again. */
class ImportRaceError extends Error {}

async function insertNew(tx: Tx, rows: ValidRow[], input: SubscriberImport, now: Date): Promise<void> {
  const consentAt = input.marketingConsent ? now.toISOString() : null;
  for (let i = 0; i < rows.length; i += writeBatchSize) {
    const batch = rows.slice(i, i + writeBatchSize).map((row) => ({
      // Made here rather than by the column defaults: gen_random_uuid() three times a row is a
      // third of the insert's time on PGlite. Same shape as the default token (64 hex characters).
      id: randomUUID(),
      unsubscribe_token: randomBytes(32).toString("hex"),
      email: row.email,
      first_name: row.firstName || null,
      last_name: row.lastName || null,
      segment: row.segment,
      tags: row.tags,
    }));
    const inserted = await tx.execute(sql`
      insert into ${emailSubscribers} (id, unsubscribe_token, email, first_name, last_name, segment, tags, source,
        application_emails, marketing_emails, system_notifications, consent_at)
      select v.id, v.unsubscribe_token, v.email, v.first_name, v.last_name, v.segment, v.tags, 'admin_upload',
        true, ${input.marketingConsent}::boolean, true, ${consentAt}::timestamptz
      from json_to_recordset(${JSON.stringify(batch)}::json)
        as v(id uuid, unsubscribe_token text, email text, first_name text, last_name text, segment text, tags text[])
      on conflict do nothing
      returning id`);
    // Never overwrite a row that appeared since the look-up (ON CONFLICT covers the lower(email) index).
    if (inserted.rows.length !== batch.length) throw new ImportRaceError();
    await nextTurn();
  }
}

/**
 * Imports (or, with dryRun, previews) a CSV of contacts. Never re-subscribes anyone: a contact
 * already on the list keeps their status, preferences and segment; only missing names and new
 * tags are added, and someone who unsubscribed, bounced or complained is left exactly as they
 * are. A real import is one transaction with its audit row: every row goes in, or none does.
 */
export async function importSubscribers(
  db: Db,
  input: SubscriberImport,
  actor: Actor,
  now = new Date(),
): Promise<SubscriberImportResult> {
  const { rows } = await parseSubscriberCsv(input.csv);

  const checked = { outcomes: new Map<number, Outcome>(), errors: [] as { line: number; message: string }[] };
  const unique: ValidRow[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % rowsPerTurn === 0) await nextTurn();
    const valid = validateRow(row, input);
    if (typeof valid === "string") {
      checked.errors.push({ line: row.line, message: valid });
      checked.outcomes.set(row.line, { action: "error", message: valid });
    } else if (seen.has(valid.key)) {
      duplicates += 1;
      checked.outcomes.set(row.line, { action: "duplicate", message: "Repeats an address earlier in the file" });
    } else {
      seen.add(valid.key);
      unique.push(valid);
    }
  }

  const summarise = (plan: Plan): SubscriberImportResult => ({
    dryRun: input.dryRun,
    totalRows: rows.length,
    created: plan.toCreate.length,
    updated: plan.toUpdate.length,
    unchanged: plan.unchanged,
    skippedUnsubscribed: plan.skippedUnsubscribed,
    duplicates,
    invalid: plan.errors.length,
    errors: plan.errors.sort((a, b) => a.line - b.line).slice(0, maxImportErrors),
    preview: rows.slice(0, importPreviewRows).map((row) => {
      const outcome = plan.outcomes.get(row.line)!;
      return {
        line: row.line,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        action: outcome.action,
        ...(outcome.message ? { message: outcome.message } : {}),
      };
    }),
  });

  if (input.dryRun) return summarise(await planAgainstList(db, unique, checked, false));

  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const plan = await planAgainstList(tx, unique, checked, true);
        await insertNew(tx, plan.toCreate, input, now);
        await updateExisting(tx, plan.toUpdate);
        const result = summarise(plan);
        const { errors: _, preview: __, dryRun: ___, ...counts } = result;
        await recordAudit(tx as unknown as Db, {
          ...actor,
          action: "import",
          entityType,
          newValues: { ...counts, segment: input.segment, tags: input.tags, marketingConsent: input.marketingConsent },
        });
        return result;
      });
    } catch (error) {
      if (!(error instanceof ImportRaceError)) throw error;
      if (attempt >= 3) throw new AppError("conflict", "The list changed while importing. Please try again.");
    }
  }
}
