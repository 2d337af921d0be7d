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
