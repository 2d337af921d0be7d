/**
 * Money on the landing page. Prices arrive as decimal strings ("1997.00") from the booking types;
 * they are turned into integer pence so that per-day and instalment sums never use floats.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, found);
  }
  return found;
}

/** "1997.00" -> 199700. Throws on anything that is not a plain decimal amount. */
export function toPence(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a money amount: ${decimal}`);
  const [, sign, whole, fraction = ""] = match;
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" ? -pence : pence;
}

/** £1,997 for whole pounds, £748.50 otherwise (en-GB grouping, the currency's symbol). */
export function formatMoney(pence: number, currency = "GBP"): string {
  const whole = pence % 100 === 0;
  return formatter(currency, whole ? 0 : 2).format(pence / 100);
}

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
 * The balance after the deposit, split into `count` equal payments. Any odd penny goes on the
 * last payment so the parts always add up to the total.
 */
export function instalmentsPence(totalPence: number, depositPence: number, count: number): number[] {
  const balance = Math.max(0, totalPence - depositPence);
  const part = Math.floor(balance / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? balance - part * (count - 1) : part));
}
