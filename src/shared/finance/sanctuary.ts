/**
 * The public site promises that "a portion of profits goes to a local animal sanctuary"
 * (public-site.md, landing copy) without naming a figure. This is that portion, in one place:
 * change it here and the Finance tab, its CSV and every test follow. It applies to profit
 * (revenue minus costs), never to revenue, and a loss gives the sanctuary nothing rather than a debt.
 */
export const sanctuarySharePercent = 10;

/** The sanctuary's share of a profit, rounded down to the penny; zero for a loss. */
export function sanctuarySharePence(profitPence: number, percent: number = sanctuarySharePercent): number {
  if (!Number.isSafeInteger(profitPence)) throw new Error("profitPence must be whole pence");
  if (profitPence <= 0) return 0;
  // BigInt so a share of any safe profit is exact; non-negative, so division rounds down.
  return Number((BigInt(profitPence) * BigInt(percent)) / 100n);
}
