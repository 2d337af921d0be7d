/**
 * Words people read for the values the database keeps (plan types, categories): one map, so a
 * screen never shows "deposit_and_balance", "vip" or "logistics" next to "Logistics".
 */
const known: Record<string, string> = {
  // Booking types, as payment plans name them ("couple+vip").
  solo: "Solo",
  couple: "Couple",
  vip: "VIP",
  // How a plan is paid.
  full: "Paid in full",
  deposit_and_balance: "Deposit and balance",
  installments: "Instalments",
  instalments: "Instalments",
  // Marketing template categories.
  follow_up: "Follow-up",
  // Task categories people type.
  general: "General",
  faq: "FAQ",
};

/** "logistics" -> "Logistics", "LOGISTICS" -> "Logistics", "travel_plans" -> "Travel Plans". */
export function titleCase(value: string): string {
  return value
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

/** One value as people read it: a known word from the map, else the value title-cased. */
export function valueLabel(value: string | null | undefined): string {
  const raw = value?.trim() ?? "";
  if (!raw) return "";
  return known[raw.toLowerCase()] ?? titleCase(raw);
}

/** A task, template or expense category: "logistics", "Logistics" and "LOGISTICS" all read "Logistics". */
export const categoryLabel = valueLabel;

/** A payment plan's type: "couple+vip" -> "Couple + VIP", "deposit_and_balance" -> "Deposit and balance". */
export function planTypeLabel(planType: string): string {
  return planType
    .split("+")
    .map((part) => valueLabel(part))
    .filter(Boolean)
    .join(" + ");
}
