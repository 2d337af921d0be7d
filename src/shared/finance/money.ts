/**
 * Money is stored as numeric(10,2) decimal strings ("1997.00") and computed as integer pence, so
 * no sum, split or percentage ever goes through a float.
 */

/** The largest amount a numeric(10,2) column holds (99,999,999.99), and so the cap on any line. */
export const maxAmountPence = 9_999_999_999;

/**
 * A money figure too large to compute exactly in integer pence. The API refuses inputs that could
 * produce one; it names the problem instead of failing with an unexplained 500.
 */
export class MoneyRangeError extends Error {
  constructor(detail: string) {
    super(`A money figure is too large to compute: ${detail}`);
    this.name = "MoneyRangeError";
  }
}

function checkedPence(pence: number, detail: string | number): number {
  if (!Number.isSafeInteger(pence)) throw new MoneyRangeError(String(detail));
  return pence;
}

/** Sum of pence, refusing (MoneyRangeError) rather than silently losing pennies past 2^53. */
export function addPence(...values: number[]): number {
  return values.reduce((sum, value) => checkedPence(sum + checkedPence(value, value), "sum"), 0);
}

/** pence x a whole count, refusing (MoneyRangeError) a product past 2^53. */
export function multiplyPence(pence: number, times: number): number {
  return checkedPence(checkedPence(pence, pence) * times, `${pence} x ${times}`);
}

/** "1997.00" -> 199700. Throws on anything that is not a plain decimal amount. */
export function toPence(decimal: string | number): number {
  const text = typeof decimal === "number" ? decimal.toFixed(2) : decimal;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`Not a money amount: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const pence = checkedPence(Number(whole) * 100 + Number(fraction.padEnd(2, "0")), text);
  return sign === "-" ? -pence : pence;
}

/** 199700 -> "1997.00", the form the database's numeric(10,2) columns take. */
export function fromPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new MoneyRangeError(`not a whole number of pence: ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Splits an amount into n parts that differ by at most a penny and add up exactly; the earlier
 * parts carry the odd pennies.
 */
export function splitPence(total: number, parts: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`Cannot split ${total}`);
  if (!Number.isInteger(parts) || parts < 1) throw new Error(`Cannot split into ${parts} parts`);
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

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

/** £1,997 for whole pounds, £748.50 otherwise (en-GB grouping, the currency's symbol). */
export function formatMoney(pence: number, currency = "GBP"): string {
  const whole = pence % 100 === 0;
  return formatter(currency, whole ? 0 : 2).format(pence / 100);
}

/**
 * A decimal amount as the API sends it ("1997.00" -> "£1,997", "748.50" -> "£748.50"), through
 * pence (never a float) and formatMoney: the one way money is shown. `empty` stands in when
 * there is no amount; text that is not an amount is shown as it came.
 */
export function formatAmount(decimal: string | null | undefined, currency = "GBP", empty = "–"): string {
  if (decimal === null || decimal === undefined || decimal === "") return empty;
  try {
    return formatMoney(toPence(decimal), currency);
  } catch {
    return decimal;
  }
}
