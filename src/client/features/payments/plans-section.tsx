import { CheckCircle2, ChevronDown, ChevronRight, Plus } from "lucide-react";
import { Fragment, useState } from "react";
import { formatAmount, toPence } from "../../../shared/finance/money";
import type { PaymentDto, PaymentPlanDto } from "../../../shared/schemas/payments";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { CardHead, type Column, dataRowClass, ListAndTable } from "../../components/ui/data-table";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { useWrite } from "../../lib/use-write";
import { CancelBookingButton } from "../places/cancel-booking-button";
import { formatDay, formatInstant, londonToday, methodLabel, paymentTypeLabel, planTypeLabel } from "./format";
import { paymentsRefresh, plansPath, usePaymentPlans } from "./payments-api";
import { ReceiptLink } from "./receipt-link";
import { StatusBadge } from "./status-badge";

const MarkCompletedDialog = lazyDialog(() => import("./mark-completed-dialog").then((m) => m.MarkCompletedDialog));
const RecordPaymentDialog = lazyDialog(() => import("./record-payment-dialog").then((m) => m.RecordPaymentDialog));

export const canCompletePlan = (plan: PaymentPlanDto) =>
  plan.status === "active" && toPence(plan.remainingAmount) === 0;

/** A pending payment whose London due date has passed shows as overdue. */
export function displayStatus(payment: PaymentDto, today = londonToday()): string {
  return payment.status === "pending" && payment.dueDate && payment.dueDate < today ? "overdue" : payment.status;
}

function PlanPayments({ plan, onMark }: { plan: PaymentPlanDto; onMark: (p: PaymentDto) => void }) {
  const today = londonToday();
  if (plan.payments.length === 0) return <p className="text-sm text-muted-foreground">No payments.</p>;
  return (
    <ul aria-label={`Payments of ${plan.applicantName ?? "this plan"}`} className="grid gap-2">
      {plan.payments.map((p) => (
        <li
          key={p.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-border bg-card px-3 py-2"
        >
          <div className="min-w-0 text-sm">
            <p className="font-medium">
              {p.description ?? paymentTypeLabel(p.type)}{" "}
              <span className="tabular-nums">{formatAmount(p.amount, p.currency)}</span>
            </p>
            <p className="text-muted-foreground">
              {p.status === "completed"
                ? `Paid ${formatInstant(p.paidAt)} · ${methodLabel(p.paymentMethod)}`
                : `Due ${formatDay(p.dueDate)}`}
            </p>
            <ReceiptLink payment={p} withNote />
          </div>
          <div className="flex items-center gap-2">
            <StatusBadge status={displayStatus(p, today)} />
            {p.status === "pending" ? (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Mark ${paymentTypeLabel(p.type).toLowerCase()} of ${formatAmount(p.amount, p.currency)} completed`}
                onClick={() => onMark(p)}
              >
                Mark completed
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function PlanActions({
  plan,
  onRecord,
  onComplete,
  completing,
}: {
  plan: PaymentPlanDto;
  onRecord: () => void;
  onComplete: () => void;
  completing: boolean;
}) {
  const name = plan.applicantName ?? "applicant";
  if (plan.status !== "active") return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canCompletePlan(plan) ? (
        <Button size="sm" aria-label={`Complete plan of ${name}`} disabled={completing} onClick={onComplete}>
          <CheckCircle2 aria-hidden="true" className="size-4" />
          Complete plan
        </Button>
      ) : (
        <Button size="sm" variant="outline" aria-label={`Record payment from ${name}`} onClick={onRecord}>
          <Plus aria-hidden="true" className="size-4" />
          Record payment
        </Button>
      )}
      {plan.applicationId ? <CancelBookingButton applicationId={plan.applicationId} applicantName={name} /> : null}
    </div>
  );
}

function ExpandButton({ plan, open, onToggle }: { plan: PaymentPlanDto; open: boolean; onToggle: () => void }) {
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-expanded={open}
      // Only while open: the row it names exists only then.
      aria-controls={open ? `plan-payments-${plan.id}` : undefined}
      aria-label={`${open ? "Hide" : "Show"} payments of ${plan.applicantName ?? "this plan"}`}
      onClick={onToggle}
    >
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  );
}

const columns: Column[] = [
  { key: "expand", label: <span className="sr-only">Expand</span> },
  "Application",
  "Type",
  "Total",
  "Paid",
  "Remaining",
  "Status",
  "Next due",
  "Actions",
];

/** Every plan, active first: its figures, and its payments on demand. */
export function PlansSection() {
  const { data, isLoading, isError } = usePaymentPlans();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [marking, setMarking] = useState<PaymentDto | null>(null);
  const [recording, setRecording] = useState<{ planId: string | null } | null>(null);
  const complete = useWrite({
    request: (planId: string) => ({ method: "POST", path: `${plansPath}/${planId}/complete` }),
    success: "Payment plan completed",
    failure: "Failed to complete payment plan",
    refresh: paymentsRefresh,
  });
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const plans = data ?? [];
  const activePlans = plans.filter((p) => p.status === "active");
  const actions = (plan: PaymentPlanDto) => (
    <PlanActions
      plan={plan}
      onRecord={() => setRecording({ planId: plan.id })}
      onComplete={() => complete.mutate(plan.id)}
      completing={complete.isPending}
    />
  );
  const status = isLoading ? "Loading payment plans..." : "No payment plans yet: accepting an application creates one.";

  return (
    <SectionCard
      title="Payment plans"
      description="Each accepted application gets a deposit and two instalments. Expand a plan to see and mark its payments."
      action={
        <Button onClick={() => setRecording({ planId: null })} disabled={activePlans.length === 0}>
          <Plus aria-hidden="true" className="size-4" />
          Record payment
        </Button>
      }
      contentClassName="grid gap-3"
      dialogs={
        <>
          {marking ? <MarkCompletedDialog payment={marking} onClose={() => setMarking(null)} /> : null}
          {recording ? (
            <RecordPaymentDialog plans={activePlans} planId={recording.planId} onClose={() => setRecording(null)} />
          ) : null}
        </>
      }
    >
      <LoadStatus error={isError && "Failed to load payment plans."} />
      {/* Phones: one card per plan instead of a table nine columns wide. */}
      <ListAndTable
        label="Payment plans"
        caption="Payment plans, active first"
        columns={columns}
        items={plans}
        status={status}
        from="lg"
        cardClassName="grid gap-3 rounded-md border border-border p-3"
        tableClassName="min-w-[60rem]"
        card={(plan) => (
          <>
            <CardHead
              title={plan.applicantName}
              titleClassName="font-medium break-words"
              subtitle={planTypeLabel(plan.planType)}
              badge={<StatusBadge status={plan.status} />}
            />
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Total</dt>
                <dd className="tabular-nums">{formatAmount(plan.totalAmount, plan.currency)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Paid</dt>
                <dd className="tabular-nums">{formatAmount(plan.paidAmount, plan.currency)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Remaining</dt>
                <dd className="tabular-nums">{formatAmount(plan.remainingAmount, plan.currency)}</dd>
              </div>
              <div className="col-span-3">
                <dt className="text-xs text-muted-foreground">Next due</dt>
                <dd>{formatDay(plan.nextDueDate)}</dd>
              </div>
            </dl>
            {actions(plan)}
            <details className="group">
              <summary className="cursor-pointer rounded-md text-sm font-medium text-primary focus-visible:outline-2 focus-visible:outline-ring">
                Payments ({plan.payments.length})
              </summary>
              <div className="mt-2">
                <PlanPayments plan={plan} onMark={setMarking} />
              </div>
            </details>
          </>
        )}
        row={(plan) => {
          const expanded = open.has(plan.id);
          return (
            <Fragment key={plan.id}>
              <tr className={dataRowClass}>
                <td className="px-1 py-1">
                  <ExpandButton plan={plan} open={expanded} onToggle={() => toggle(plan.id)} />
                </td>
                <th scope="row" className="max-w-[16rem] px-3 py-2 font-medium">
                  <span className="block truncate">{plan.applicantName}</span>
                  <span className="block truncate text-xs font-normal text-muted-foreground">
                    {plan.applicantEmail}
                  </span>
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{planTypeLabel(plan.planType)}</td>
                <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                  {formatAmount(plan.totalAmount, plan.currency)}
                </td>
                <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                  {formatAmount(plan.paidAmount, plan.currency)}
                </td>
                <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                  {formatAmount(plan.remainingAmount, plan.currency)}
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={plan.status} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDay(plan.nextDueDate)}</td>
                <td className="px-3 py-2">{actions(plan)}</td>
              </tr>
              {expanded ? (
                <tr id={`plan-payments-${plan.id}`} className="bg-muted/30">
                  <td colSpan={columns.length} className="px-3 py-3">
                    <PlanPayments plan={plan} onMark={setMarking} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        }}
      />
    </SectionCard>
  );
}
