const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** "1997.30" -> "£1,997.30". Display only: sums are done by the database, never in floats. */
export function formatMoney(decimal: string): string {
  const value = Number(decimal);
  return Number.isFinite(value) ? gbp.format(value) : decimal;
}
