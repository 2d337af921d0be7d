import { stringify } from "csv-stringify/sync";
import { asc, eq } from "drizzle-orm";
import { costMultiplier } from "../../../shared/finance/cost-models";
import { fromPence } from "../../../shared/finance/money";
import { sanctuarySharePercent } from "../../../shared/finance/sanctuary";
import { costModelLabels, type ExpenseCategory, expenseCategoryLabels } from "../../../shared/schemas/finance";
import type { Db } from "../../db/client";
import { expenses } from "../../db/schema";
import { csvQuoting, neutraliseCell } from "../../http/csv-cells";
import { lineTotalPence } from "./finance-rows";
import { summaryData } from "./summary.service";

const header = [
  "Section",
  "Item",
  "Category",
  "Status",
  "Date",
  "Budgeted",
  "Spent",
  "Pending",
  "Remaining",
  "Amount",
  "Note",
];

/** A CSV row: text cells are neutralised against formula injection; money cells are our own digits. */
type Row = {
  section: string;
  item: string;
  category?: string;
  status?: string;
  date?: string | null;
  budgeted?: number;
  spent?: number;
  pending?: number;
  remaining?: number;
  amount?: number | string;
  note?: string | null;
};

const money = (pence: number | undefined) => (pence === undefined ? "" : fromPence(pence));
const categoryLabel = (category: string) => expenseCategoryLabels[category as ExpenseCategory] ?? category;

function cells(row: Row): string[] {
  const text = (value: string | null | undefined) => neutraliseCell(value ?? "");
  return [
    text(row.section),
    text(row.item),
    text(row.category),
    text(row.status),
    text(row.date),
    money(row.budgeted),
    money(row.spent),
    money(row.pending),
    money(row.remaining),
    typeof row.amount === "number" ? fromPence(row.amount) : text(row.amount),
    text(row.note),
  ];
}

/** "Per person: 25.00 x 15" — how an expense's total was reached. */
function basis(e: typeof expenses.$inferSelect): string {
  const label = costModelLabels[e.costModel as keyof typeof costModelLabels] ?? e.costModel;
  if (e.costModel === "total") return label;
  try {
    return `${label}: ${e.amount} x ${costMultiplier({ ...e, costModel: e.costModel as "per_person" })}`;
  } catch {
    return label;
  }
}

export function summaryCsvFileName(retreatName: string, now = new Date()): string {
  const slug =
    retreatName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "retreat";
  return `financial-summary-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The summary as an RFC 4180 CSV (CRLF, quoted where needed, UTF-8 BOM for spreadsheets):
 * budget against actual per category, the headline figures, then every expense with its total.
 * Small by nature (one retreat), so it is built in memory.
 */
export async function financialSummaryCsv(db: Db, retreatId?: string): Promise<{ fileName: string; csv: string }> {
  const { retreat, figures: f, soloPricePence } = await summaryData(db, retreatId);
  const expenseRows = await db
    .select()
    .from(expenses)
    .where(eq(expenses.retreatId, retreat.id))
    .orderBy(asc(expenses.expenseDate), asc(expenses.createdAt));
  const rows: Row[] = [
    ...f.categories.map((c) => ({
      section: "Budget",
      item: categoryLabel(c.category),
      category: c.category,
      budgeted: c.budgetedPence,
      spent: c.spentPence,
      pending: c.pendingPence,
      remaining: c.remainingPence,
    })),
    {
      section: "Budget",
      item: "Total",
      budgeted: f.total.budgetedPence,
      spent: f.total.spentPence,
      pending: f.total.pendingPence,
      remaining: f.total.remainingPence,
    },
    { section: "Summary", item: "Revenue received", amount: f.revenue.receivedPence },
    { section: "Summary", item: "Revenue due", amount: f.revenue.duePence },
    { section: "Summary", item: "Revenue total", amount: f.revenue.totalPence },
    { section: "Summary", item: "Costs", amount: f.costsPence, note: "Spent plus pending expenses" },
    { section: "Summary", item: "Margin", amount: f.marginPence, note: "Revenue total minus costs" },
    { section: "Summary", item: "Guests", amount: String(f.guests), note: "People in stages accepted and payment" },
    {
      section: "Summary",
      item: "Cost per guest",
      amount: f.costPerGuestPence ?? "",
      note: "Spent divided by guests",
    },
    { section: "Summary", item: "Solo price per person", amount: soloPricePence ?? "" },
    {
      section: "Summary",
      item: "Break-even guests",
      amount: f.breakEvenGuests === null ? "" : String(f.breakEvenGuests),
      note: "Costs divided by the solo price, rounded up",
    },
    {
      section: "Summary",
      item: "Animal sanctuary share",
      amount: f.sanctuaryPence,
      note: `${sanctuarySharePercent}% of profit (margin), nothing for a loss`,
    },
    ...expenseRows.map((e) => ({
      section: "Expense",
      item: e.description,
      category: e.category,
      status: e.status,
      date: e.expenseDate,
      amount: lineTotalPence(e.amount, e),
      note: [basis(e), e.rejectionReason ? `Rejected: ${e.rejectionReason}` : null].filter(Boolean).join("; "),
    })),
  ];
  const csv = stringify([header, ...rows.map(cells)], {
    ...csvQuoting,
    bom: true,
    record_delimiter: "windows",
    // csv-stringify only quotes the record delimiter itself (CRLF); RFC 4180 wants any line break quoted.
    quoted_match: /[\r\n]/,
  });
  return { fileName: summaryCsvFileName(retreat.name), csv };
}
