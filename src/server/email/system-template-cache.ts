import { type SQL, sql } from "drizzle-orm";
import type { SystemTemplateKey } from "../../shared/schemas/email-templates";
import { perDatabase } from "../db/per-database";
import { emailTemplates } from "../db/schema";
import type { DbOrTx } from "../db/types";
import { type SystemTemplateRow, systemTemplateRow } from "./system-templates";

/**
 * The email_templates row a public form's confirmation uses, kept per process so a submission
 * renders its email without a round trip (decision 020, addendum). It is never trusted blindly:
 * the submission's own statement checks, with `stillAppliesSql`, that the row applying at that
 * moment is still the one rendered from, and stores nothing otherwise; the caller then forgets
 * the entry and takes the general path, which reads the row again. So an edit made by any process
 * (or by hand in the database) is seen by the next submission, in every process. Kept per database
 * handle: two apps in one process (tests, which share modules across files) each have their own.
 */
const rowsOf: (db: DbOrTx) => Map<string, SystemTemplateRow> = perDatabase(() => new Map());
const maxEntries = 100;

const entryKey = (key: SystemTemplateKey, scopeKey: string) => `${key}|${scopeKey}`;

export async function cachedSystemTemplateRow(
  db: DbOrTx,
  key: SystemTemplateKey,
  /** Names the scope in the cache: "current" for the current retreat, else the retreat's id. */
  scopeKey: string,
  scope: { retreatId: string | SQL<string | null> },
): Promise<SystemTemplateRow> {
  const rows = rowsOf(db);
  const k = entryKey(key, scopeKey);
  if (rows.has(k)) return rows.get(k)!;
  const row = await systemTemplateRow(db, key, scope);
  if (rows.size >= maxEntries) rows.clear();
  rows.set(k, row);
  return row;
}

export function forgetCachedSystemTemplateRow(db: DbOrTx, key: SystemTemplateKey, scopeKey: string): void {
  rowsOf(db).delete(entryKey(key, scopeKey));
}

/** The values `stillAppliesSql`'s placeholders take for a row (prefix + n, subject, body, active). */
export function stillAppliesValues(prefix: string, row: SystemTemplateRow): Record<string, unknown> {
  return {
    [`${prefix}n`]: row ? 1 : 0,
    [`${prefix}subject`]: row?.subject ?? null,
    [`${prefix}body`]: row?.body ?? null,
    [`${prefix}active`]: row?.isActive ?? null,
  };
}

/**
 * A boolean SQL expression: the row that applies now to message `key` in `retreatId`'s scope (the
 * same choice as systemTemplateRow) is the one given by the placeholders (see stillAppliesValues),
 * or there is still none.
 */
export function stillAppliesSql(key: SystemTemplateKey, retreatId: SQL, prefix: string): SQL {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  return sql`(select count(*) = ${p("n")}::int
      and count(*) filter (where applies.subject = ${p("subject")}::text and applies.body = ${p("body")}::text
        and applies.is_active = ${p("active")}::boolean) = ${p("n")}::int
    from (select ${emailTemplates.subject} as subject, ${emailTemplates.body} as body, ${emailTemplates.isActive} as is_active
      from ${emailTemplates}
      where ${emailTemplates.name} = ${key}
        and (${emailTemplates.retreatId} is null or ${emailTemplates.retreatId} = ${retreatId})
      order by ${emailTemplates.retreatId} is null
      limit 1) as applies)`;
}
