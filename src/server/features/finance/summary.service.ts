import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ExpenseLine } from "../../../shared/finance/budget-totals";
import { fromPence, toPence } from "../../../shared/finance/money";
import { sanctuarySharePercent } from "../../../shared/finance/sanctuary";
import { type FinancialFigures, financialFigures } from "../../../shared/finance/summary";
import { type FinancialSummary, financeMessages } from "../../../shared/schemas/finance";
import type { Db } from "../../db/client";
import { bookingTypes, budgetItems, expenses, type retreats, vendorPayments } from "../../db/schema";
import { AppError } from "../../http/errors";
import { placesTaken } from "../admissions/admissions.service";
import { moneyFigures } from "../payments/index";
import { resolveRetreat } from "../retreats/retreats.service";
import { lineTotalPence } from "./finance-rows";

type RetreatRow = typeof retreats.$inferSelect;

/** People holding a place (decision 008: "taken places"): a couple's application is two guests. */
async function guestCount(db: Db, retreatId: string): Promise<number> {
  return placesTaken(db, retreatId);
}

/**
 * The full price one person pays: the retreat's active solo booking type (a single-occupancy,
 * non-add-on type, "solo" by name first), else the retreat's own price per person.
 */
async function soloPricePence(db: Db, retreat: RetreatRow): Promise<number | null> {
  const [type] = await db
    .select({ basePrice: bookingTypes.basePrice })
    .from(bookingTypes)
    .where(
      and(
        eq(bookingTypes.retreatId, retreat.id),
        eq(bookingTypes.isActive, true),
        eq(bookingTypes.isAddon, false),
        eq(bookingTypes.maxOccupancy, 1),
      ),
    )
    .orderBy(desc(sql`${bookingTypes.name} = 'solo'`), asc(bookingTypes.priority))
    .limit(1);
  const price = type?.basePrice ?? retreat.pricePerPerson;
  return price ? toPence(price) : null;
}

async function vendorPaymentTotals(db: Db, retreatId: string) {
  const rows = await db
    .select({ status: vendorPayments.status, total: sql<string>`sum(${vendorPayments.amount})::numeric(12,2)::text` })
    .from(vendorPayments)
    .where(eq(vendorPayments.retreatId, retreatId))
    .groupBy(vendorPayments.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.total ?? "0";
  return {
    pending: fromPence(toPence(of("pending"))),
    approved: fromPence(toPence(of("approved"))),
    paid: fromPence(toPence(of("paid"))),
  };
}

export type SummaryData = { retreat: RetreatRow; figures: FinancialFigures; soloPricePence: number | null };

/** Every figure of the summary, from the retreat's rows. */
export async function summaryData(db: Db, retreatId?: string): Promise<SummaryData> {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) throw new AppError("not_found", financeMessages.noRetreat);
  const [budgetRows, expenseRows, revenue, guests, soloPrice] = await Promise.all([
    db.select().from(budgetItems).where(eq(budgetItems.retreatId, retreat.id)),
    db.select().from(expenses).where(eq(expenses.retreatId, retreat.id)),
    moneyFigures(db, { retreatId: retreat.id }),
    guestCount(db, retreat.id),
    soloPricePence(db, retreat),
  ]);
  const figures = financialFigures({
    budget: budgetRows.map((b) => ({ category: b.category, budgetedPence: lineTotalPence(b.budgetedAmount, b) })),
    expenses: expenseRows.map(
      (e): ExpenseLine => ({ category: e.category, status: e.status, totalPence: lineTotalPence(e.amount, e) }),
    ),
    receivedPence: revenue.receivedPence,
    // "Revenue due" is the Payments tab's "Outstanding": one figure, one definition.
    duePence: revenue.outstandingPence,
    guests,
    soloPricePence: soloPrice,
  });
  return { retreat, figures, soloPricePence: soloPrice };
}

const money = (pence: number) => fromPence(pence);
const totalsDto = (t: { budgetedPence: number; spentPence: number; pendingPence: number; remainingPence: number }) => ({
  budgeted: money(t.budgetedPence),
  spent: money(t.spentPence),
  pending: money(t.pendingPence),
  remaining: money(t.remainingPence),
});

/** GET /api/admin/financial-summary. */
export async function financialSummary(db: Db, retreatId?: string): Promise<FinancialSummary> {
  const { retreat, figures: f, soloPricePence } = await summaryData(db, retreatId);
  return {
    retreat: { id: retreat.id, name: retreat.name, currency: retreat.currency, capacity: retreat.capacity },
    categories: f.categories.map((c) => ({ category: c.category, ...totalsDto(c) })),
    totals: totalsDto(f.total),
    revenue: {
      received: money(f.revenue.receivedPence),
      due: money(f.revenue.duePence),
      total: money(f.revenue.totalPence),
    },
    costs: money(f.costsPence),
    margin: money(f.marginPence),
    guests: f.guests,
    costPerGuest: f.costPerGuestPence === null ? null : money(f.costPerGuestPence),
    soloPrice: soloPricePence === null ? null : money(soloPricePence),
    breakEvenGuests: f.breakEvenGuests,
    sanctuary: { percent: sanctuarySharePercent, amount: money(f.sanctuaryPence) },
    vendorPayments: await vendorPaymentTotals(db, retreat.id),
  };
}
