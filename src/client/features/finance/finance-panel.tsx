import { Download } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { financePaths } from "../../../shared/schemas/finance";
import { lazyDialog } from "../../components/lazy-dialog";
import { buttonVariants } from "../../components/ui/button";
import { useSeason } from "../admin-shell/use-season";
import { BudgetSection } from "./budget-section";
import { ExpensesSection } from "./expenses-section";
import { useFinancialSummary, withRetreat } from "./finance-api";
import { SummaryCards } from "./summary-cards";
import { VendorPaymentsSection } from "./vendor-payments-section";

const BudgetDialog = lazyDialog(() => import("./budget-dialog").then((m) => m.BudgetDialog));
const ExpenseDialog = lazyDialog(() => import("./expense-dialog").then((m) => m.ExpenseDialog));
const VendorPaymentDialog = lazyDialog(() => import("./vendor-payment-dialog").then((m) => m.VendorPaymentDialog));

// The charting library is the heaviest part of the admin (decision 021): its own chunk, fetched when
// the summary is shown, so the figures, lists and buttons are usable before it arrives.
const FinanceCharts = lazy(() => import("./finance-charts"));

type Dialog = "expense" | "budget" | "vendorPayment" | null;

/** The Finance tab: figures and charts from the real rows, then budget, expenses and vendor payments. */
export default function FinancePanel() {
  const season = useSeason();
  const retreatId = season.retreatId;
  const summary = useFinancialSummary(retreatId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const currency = summary.data?.retreat.currency ?? season.retreat?.currency ?? "GBP";
  const close = () => setDialog(null);

  if (season.isLoading) return <p className="text-muted-foreground">Loading finance...</p>;
  if (!retreatId) {
    return (
      <p role="alert" className="text-destructive">
        There is no current retreat, so there are no finances to show.
      </p>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Finance</h2>
          <p className="text-sm text-muted-foreground">{season.retreat?.name ?? summary.data?.retreat.name}</p>
        </div>
        <a
          href={withRetreat(financePaths.summaryCsv, retreatId)}
          download
          className={buttonVariants({ variant: "outline" })}
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
      <section aria-label="Financial summary" className="grid gap-4">
        {summary.isPending ? <p className="text-sm text-muted-foreground">Loading the summary...</p> : null}
        {summary.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the financial summary.
          </p>
        ) : null}
        {summary.data ? (
          <>
            <SummaryCards summary={summary.data} />
            <Suspense
              fallback={
                <p data-deferred className="min-h-64 text-sm text-muted-foreground">
                  Loading the charts...
                </p>
              }
            >
              <FinanceCharts summary={summary.data} />
            </Suspense>
          </>
        ) : null}
      </section>
      <BudgetSection retreatId={retreatId} currency={currency} onAdd={() => setDialog("budget")} />
      <ExpensesSection retreatId={retreatId} currency={currency} onAdd={() => setDialog("expense")} />
      <VendorPaymentsSection retreatId={retreatId} currency={currency} onAdd={() => setDialog("vendorPayment")} />
      {dialog === "expense" ? <ExpenseDialog retreatId={retreatId} currency={currency} onClose={close} /> : null}
      {dialog === "budget" ? (
        <BudgetDialog item={null} retreatId={retreatId} currency={currency} onClose={close} />
      ) : null}
      {dialog === "vendorPayment" ? (
        <VendorPaymentDialog retreatId={retreatId} currency={currency} onClose={close} />
      ) : null}
    </div>
  );
}
