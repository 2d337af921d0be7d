import { lazy, Suspense } from "react";

// Its own chunk: the charting library loads only when someone opens Finance.
const FinancePanel = lazy(() => import("./finance-panel"));

/** The Finance tab (owner and staff): budgets, expenses, vendor payments and the financial summary. */
export function FinanceTab() {
  return (
    <Suspense fallback={<p className="text-muted-foreground">Loading finance...</p>}>
      <FinancePanel />
    </Suspense>
  );
}
