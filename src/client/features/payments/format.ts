import { businessTimeZone } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const instantFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** "2026-05-10" -> "10 May 2026" (a calendar day: no time zone may shift it). */
export function formatDay(day: string | null): string {
  if (!day) return "—";
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** An ISO timestamp as a local date. */
export function formatInstant(iso: string | null): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : instantFormat.format(date);
}

/** "couple+vip" -> "Couple + VIP", "deposit_and_balance" -> "Deposit and balance" (one label map, shared). */
export { planTypeLabel } from "../../../shared/display/labels";
/** One label map for payment types, shared with the server's receipts. */
export { paymentMethodLabel as methodLabel, paymentTypeLabel } from "../../../shared/schemas/payments";

/** Today's date in London, where the books are kept: "YYYY-MM-DD". */
export const londonToday = (now = new Date()) => todayIn(businessTimeZone, now);
