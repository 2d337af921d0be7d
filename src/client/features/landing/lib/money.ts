/**
 * Money on the landing page. Prices arrive as decimal strings ("1997.00") from the booking types;
 * they are turned into integer pence so that per-day and instalment sums never use floats. The
 * rules themselves live in src/shared/finance, shared with the payment plans staff see.
 */
import { formatMoney, splitPence } from "../../../../shared/finance/money";

export { formatMoney, toPence } from "../../../../shared/finance/money";

/** Whole pounds given as a number in the content files (flight costs, fees), same format. */
export function formatPounds(pounds: number, currency = "GBP"): string {
  return formatMoney(Math.round(pounds * 100), currency);
}

/** The price of one day, rounded to whole pounds the way the brochure quotes it (£1,997 / 10 -> £200). */
export function perDayPence(totalPence: number, days: number): number {
  if (days <= 0) throw new Error("days must be positive");
  return Math.round(totalPence / days / 100) * 100;
}

/**
 * The balance after the deposit, split into `count` payments the way payment plans split it
 * (src/shared/finance/payment-plan.ts), so the page and the plan never disagree by a penny.
 */
export function instalmentsPence(totalPence: number, depositPence: number, count: number): number[] {
  return splitPence(Math.max(0, totalPence - depositPence), count);
}
