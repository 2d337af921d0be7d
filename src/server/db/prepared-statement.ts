import { createHash } from "node:crypto";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SqlExecutor } from "./client";

export type PreparedStatement = {
  /** The statement's text, with $1.. parameters. */
  text: string;
  /** Runs it with the placeholders' values (by name), as a named prepared statement. */
  run<Row>(executor: SqlExecutor, values: Record<string, unknown>): Promise<Row[]>;
};

/**
 * A statement for a hot path, compiled to text once (drizzle's `sql`, with `sql.placeholder(name)`
 * for the values that change per call) and run through the raw executor: no query building per
 * call, and a named prepared statement, parsed and planned once per connection (on PGlite through
 * pglite-named-statements.ts).
 * Placeholder values go to the driver as they are: cast them in the SQL (`${p("at")}::timestamptz`).
 */
export function preparedStatement(name: string, statement: SQL): PreparedStatement {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  // The name follows the text, so a changed text is never run under an old name's plan.
  const statementName = `${name}_${createHash("sha1").update(text).digest("hex").slice(0, 12)}`;
  return {
    text,
    async run<Row>(executor: SqlExecutor, values: Record<string, unknown>) {
      const { rows } = await executor.executeSql(text, fillPlaceholders(params, values), { name: statementName });
      return rows as Row[];
    },
  };
}

/** The SQLSTATE of a database error (node-postgres and PGlite both set `code`), or undefined. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
