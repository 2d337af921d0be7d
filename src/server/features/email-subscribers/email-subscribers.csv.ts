import { setImmediate as nextTurn } from "node:timers/promises";
import { CsvError, parse } from "csv-parse";
import { maxImportRows } from "../../../shared/schemas/email-subscribers";
import { AppError } from "../../http/errors";

export type ImportColumn = "email" | "firstName" | "lastName" | "tags" | "segment";

/** Header spellings people use, compared without case, spaces, hyphens or underscores. */
const headerAliases: Record<string, ImportColumn> = {
  email: "email",
  emailaddress: "email",
  firstname: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  surname: "lastName",
  familyname: "lastName",
  tags: "tags",
  tag: "tags",
  segment: "segment",
};

export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_-]+/g, "");
}

/**
 * The delimiter the file uses, read from its header line: spreadsheets in many European locales
 * save "CSV" with semicolons. The character that appears most often outside quotes wins; a
 * single-column file has none and is read with commas.
 */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const char of text.replace(/^\uFEFF/, "")) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).reduce((a, b) => (counts[b] > counts[a] ? b : a));
  return counts[best] > 0 ? best : ",";
}

/** Column index of each known column (the first one when a heading repeats); unknown columns are ignored. */
export function findColumns(header: readonly string[]): Partial<Record<ImportColumn, number>> {
  const found: Partial<Record<ImportColumn, number>> = {};
  header.forEach((name, index) => {
    const column = headerAliases[normaliseHeader(name)];
    if (column && found[column] === undefined) found[column] = index;
  });
  return found;
}

export type CsvRow = {
  /** The row number a spreadsheet shows (the header is line 1). */
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The tags cell as written, not yet split or checked. */
  tags: string;
  segment: string;
};

export type ParsedCsv = { rows: CsvRow[]; columns: Partial<Record<ImportColumn, number>> };

export const noEmailColumnMessage = "The file needs an email column.";
export const tooManyRowsMessage = `The file has more than ${maxImportRows.toLocaleString("en-GB")} rows. Split it into several files.`;

/** Characters handed to the parser between turns of the event loop (about 5 ms of work each). */
const parseChunkChars = 64 * 1024;

/** Where to cut a chunk so a UTF-16 surrogate pair stays whole. */
function chunkEnd(text: string, start: number): number {
  const end = Math.min(text.length, start + parseChunkChars);
  const last = text.charCodeAt(end - 1);
  return end < text.length && last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/**
 * The file's records, parsed a chunk at a time with a turn of the event loop between chunks: a
 * 5 MB upload parsed in one go held every other request up for a few hundred milliseconds.
 */
async function readRecords(text: string): Promise<string[][]> {
  const parser = parse({
    bom: true,
    delimiter: detectDelimiter(text),
    relax_column_count: true,
    // A stray quote inside an unquoted cell (Tom "TJ" Jones) is kept as text rather than refused.
    relax_quotes: true,
    skip_empty_lines: false,
  });
  const records: string[][] = [];
  let failure: unknown = null;
  parser.on("readable", () => {
    for (let record = parser.read(); record !== null; record = parser.read()) records.push(record);
  });
  parser.on("error", (error) => {
    failure = error;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("end", resolve);
    parser.on("error", () => resolve());
  });
  for (let start = 0; start < text.length && !failure; ) {
    const end = chunkEnd(text, start);
    parser.write(text.slice(start, end));
    start = end;
    await nextTurn();
  }
  if (!failure) parser.end();
  await ended;
  if (failure) throw failure;
  return records;
}

/**
 * Reads an uploaded subscriber list: UTF-8 with or without a BOM, comma, semicolon or tab
 * separated, LF or CRLF line ends, quoted fields with line breaks. Blank lines are skipped but
 * still counted, so line numbers match what the person sees in their spreadsheet.
 */
export async function parseSubscriberCsv(text: string): Promise<ParsedCsv> {
  let records: string[][];
  try {
    records = await readRecords(text);
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new AppError(
        "bad_request",
        `The file could not be read as CSV${line ? ` (near line ${line})` : ""}: ${error.message.split(":")[0]}.`,
      );
    }
    throw error;
  }
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex === -1) throw new AppError("bad_request", "The file is empty");
  const columns = findColumns(records[headerIndex]!);
  if (columns.email === undefined) throw new AppError("bad_request", noEmailColumnMessage);

  const cell = (record: string[], column: ImportColumn) => {
    const index = columns[column];
    return index === undefined ? "" : (record[index] ?? "").trim();
  };
  const rows: CsvRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i += 1) {
    const record = records[i]!;
    if (isBlank(record)) continue;
    if (rows.length === maxImportRows) throw new AppError("bad_request", tooManyRowsMessage);
    rows.push({
      line: i + 1,
      email: cell(record, "email"),
      firstName: cell(record, "firstName"),
      lastName: cell(record, "lastName"),
      tags: cell(record, "tags"),
      segment: cell(record, "segment"),
    });
  }
  return { rows, columns };
}

function isBlank(record: readonly string[]): boolean {
  return record.every((value) => value.trim() === "");
}
