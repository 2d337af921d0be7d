import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";

// Every CSV the product writes (applications, subscribers, finance, privacy exports) goes through these.

/**
 * Spreadsheets run a cell that starts with = + - @ (or tab / carriage return, which some strip
 * first) as a formula: a single quote in front makes it plain text (OWASP CSV injection). A
 * spreadsheet that splits on ; (or mis-parses , tab or a line break) starts a new cell after such
 * a separator inside a field, so a trigger there is neutralised too. Every writer also quotes
 * every field (csvQuoting), so the separator itself stays inside the cell.
 */
export function neutraliseCell(value: string): string {
  return value.replace(/(?<=^|[;,\t\r\n])(?=[=+\-@\t\r])/g, "'");
}

/** Quote every field: a separator inside a cell must never end it, whatever the reader's list separator. */
export const csvQuoting = { quoted: true, quoted_empty: true } as const;

/**
 * Rows as an RFC 4180 CSV stream (CRLF records, every field quoted, fields with line breaks
 * quoted, quotes doubled, formula-looking cells neutralised, booleans as yes/no) with a UTF-8 BOM
 * so spreadsheet apps read accents right. Written with back-pressure: memory stays flat at any
 * size when the rows come from a batched iterator.
 */
export function csvStream<Row extends object>(
  rows: AsyncIterable<Row>,
  columns: readonly (readonly [keyof Row & string, string])[],
): Readable {
  const csv = stringify({
    ...csvQuoting,
    bom: true,
    header: true,
    record_delimiter: "windows",
    // csv-stringify only quotes the record delimiter itself (CRLF); RFC 4180 wants any line break quoted.
    quoted_match: /[\r\n]/,
    columns: columns.map(([key, header]) => ({ key, header })),
    cast: {
      string: (value) => neutraliseCell(value),
      boolean: (value) => (value ? "yes" : "no"),
    },
  });
  // pipeline (not pipe) so a database error mid-export destroys the response instead of hanging it.
  return pipeline(Readable.from(rows), csv, () => {}) as unknown as Readable;
}
