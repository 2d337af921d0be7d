import { stringify } from "csv-stringify/sync";
import { type SubjectExport, subjectSections } from "../../../shared/schemas/privacy";
import { csvQuoting, neutraliseCell } from "../../http/csv-cells";

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * The export as one row per field (section, record_id, field, value): every section fits one
 * sheet whatever its columns. RFC 4180 with CRLF and a BOM, formula-looking cells neutralised,
 * as the other CSV exports.
 */
export function subjectCsv(data: SubjectExport): string {
  const rows: string[][] = [];
  for (const section of subjectSections) {
    for (const record of data.sections[section]) {
      const id = cell(record.id);
      for (const [field, value] of Object.entries(record)) {
        if (field === "id") continue;
        rows.push([section, id, field, cell(value)]);
      }
    }
  }
  return stringify(rows, {
    ...csvQuoting,
    bom: true,
    header: true,
    columns: ["section", "record_id", "field", "value"],
    record_delimiter: "windows",
    quoted_match: /[\r\n]/,
    cast: { string: (value) => neutraliseCell(value) },
  });
}

export function subjectFileName(format: "json" | "csv", now = new Date()): string {
  return `personal-data-${now.toISOString().slice(0, 10)}.${format}`;
}
