import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { formatAmount } from "../../../shared/finance/money";
import { cancelBookingSchema, moneyAmountSchema, refundRuleLabels } from "../../../shared/schemas/places";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { AdminDialog } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { serverMessage } from "../../lib/api-error-message";
import { toast } from "../../lib/use-toast";
import { londonToday } from "./format";
import { refundQuoteUrl, useCancelBooking, useRefundQuote } from "./places-api";

/** The quote is asked again once typing pauses this long. */
const quoteDebounceMs = 300;

type Errors = Partial<Record<"reason" | "cancelledOn" | "travelCosts", string>>;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const handle = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(handle);
  }, [value, ms]);
  return settled;
}

function RefundQuotePanel({ url }: { url: string | null }) {
  const quote = useRefundQuote(url);
  let body: ReactNode;
  if (!url) body = <p className="text-muted-foreground">Enter a valid date and amount to see the refund.</p>;
  else if (quote.isPending) body = <p className="text-muted-foreground">Working out the refund…</p>;
  else if (quote.isError)
    body = <p className="text-destructive">{serverMessage(quote.error) ?? "The refund could not be worked out."}</p>;
  else {
    const q = quote.data;
    body = (
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Paid so far</dt>
        <dd className="text-right font-medium tabular-nums">{formatAmount(q.paid, q.currency)}</dd>
        <dt className="text-muted-foreground">Refund</dt>
        <dd className="text-right text-base font-semibold tabular-nums" data-testid="refund-amount">
          {formatAmount(q.refund, q.currency)}
        </dd>
        <dd className="col-span-2 text-muted-foreground">
          {refundRuleLabels[q.rule]} ({Math.abs(q.daysBefore)} {Math.abs(q.daysBefore) === 1 ? "day" : "days"}{" "}
          {q.daysBefore < 0 ? "after the start" : "before the retreat"}).
        </dd>
      </dl>
    );
  }
  return (
    <section
      aria-labelledby="refund-quote-title"
      className="grid gap-2 rounded-md border border-border bg-background p-3 text-sm"
    >
      <h3 id="refund-quote-title" className="font-semibold">
        Refund under the cancellation policy
      </h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}

/** Reason, date and the 48-hour guarantee, with the policy's refund worked out live by the server. */
export function CancelBookingDialog({
  applicationId,
  applicantName,
  open,
  onOpenChange,
}: {
  applicationId: string;
  applicantName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [cancelledOn, setCancelledOn] = useState(londonToday());
  const [guarantee, setGuarantee] = useState(false);
  const [travelCosts, setTravelCosts] = useState("0");
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const cancel = useCancelBooking(applicationId);

  useEffect(() => {
    if (!open) return;
    setReason("");
    setCancelledOn(londonToday());
    setGuarantee(false);
    setTravelCosts("0");
    setErrors({});
    setServerError(null);
  }, [open]);

  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(cancelledOn);
  const validCosts = !guarantee || moneyAmountSchema.safeParse(travelCosts).success;
  const quoteUrl = useDebounced(
    open && validDate && validCosts ? refundQuoteUrl(applicationId, { cancelledOn, guarantee, travelCosts }) : null,
    quoteDebounceMs,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = {
      reason,
      cancelledOn,
      ...(guarantee ? { guarantee: { travelCosts: travelCosts.trim() } } : {}),
    };
    const parsed = cancelBookingSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.at(-1) === "travelCosts" ? "travelCosts" : (issue.path[0] as keyof Errors);
        next[field] ??= issue.message;
      }
      setErrors(next);
      focusFirstError(form, Object.keys(next));
      return;
    }
    setErrors({});
    setServerError(null);
    try {
      const result = await cancel.mutateAsync(input);
      const refund = formatAmount(result.quote.refund, result.quote.currency);
      toast({
        title: "Booking cancelled",
        description: [
          result.refundPaymentId ? `Refund of ${refund} recorded as pending.` : "No refund is due under the policy.",
          result.offersMade > 0 ? "The place has been offered to the waitlist." : null,
        ]
          .filter(Boolean)
          .join(" "),
      });
      onOpenChange(false);
    } catch (failure) {
      setServerError(serverMessage(failure) ?? "The booking could not be cancelled. Please try again.");
    }
  }

  const formId = `${id}-form`;
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel ${applicantName}'s booking`}
      description="The application moves to declined, its payment plan is cancelled and the place is offered to the waitlist."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep booking
          </Button>
          <Button type="submit" form={formId} variant="destructive" disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling..." : "Cancel booking"}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate aria-label="Cancel booking" onSubmit={submit} className="grid gap-4">
        <FormField id={`${id}-reason`} name="reason" label="Reason" required error={errors.reason}>
          {(control) => <Textarea {...control} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </FormField>
        <FormField
          id={`${id}-date`}
          name="cancelledOn"
          label="Cancellation date"
          hint="The day the guest cancelled; the policy counts the days from it to the retreat's start."
          error={errors.cancelledOn}
        >
          {(control) => (
            <Input {...control} type="date" value={cancelledOn} onChange={(e) => setCancelledOn(e.target.value)} />
          )}
        </FormField>
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-guarantee`}
            checked={guarantee}
            onCheckedChange={(checked) => setGuarantee(checked === true)}
            aria-describedby={`${id}-guarantee-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-guarantee`}>48-hour guarantee</Label>
            <p id={`${id}-guarantee-hint`} className="text-sm text-muted-foreground">
              Unsatisfied within 48 hours of arrival: everything paid is refunded minus travel costs already incurred.
            </p>
          </div>
        </div>
        {guarantee ? (
          <FormField
            id={`${id}-travel`}
            name="travelCosts"
            label="Travel costs incurred (£)"
            required
            error={errors.travelCosts}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={travelCosts}
                onChange={(e) => setTravelCosts(e.target.value)}
              />
            )}
          </FormField>
        ) : null}
        <RefundQuotePanel url={quoteUrl} />
        {serverError ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            {serverError}
          </p>
        ) : null}
      </form>
    </AdminDialog>
  );
}
