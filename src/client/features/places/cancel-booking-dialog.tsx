import { type ReactNode, useEffect, useId, useState } from "react";
import { useController, useWatch } from "react-hook-form";
import { z } from "zod";
import { formatAmount } from "../../../shared/finance/money";
import {
  type CancelBookingInput,
  cancelBookingSchema,
  moneyAmountSchema,
  refundRuleLabels,
} from "../../../shared/schemas/places";
import { Checkbox } from "../../components/ui/checkbox";
import { FormDialog } from "../../components/ui/dialog";
import { Label } from "../../components/ui/label";
import { focusInvalid, InputField, TextareaField, useSchemaForm } from "../../components/ui/rhf-fields";
import { WriteError } from "../../components/ui/write-error";
import { serverMessage } from "../../lib/api-error-message";
import { toast } from "../../lib/use-toast";
import { londonToday } from "./format";
import { refundQuoteUrl, useCancelBooking, useRefundQuote } from "./places-api";

/** The quote is asked again once typing pauses this long. */
const quoteDebounceMs = 300;

type Fields = { reason: string; cancelledOn: string; guarantee: boolean; travelCosts: string };

/** The form as the API's body: the travel costs go under the guarantee, and only with it. */
function toCancelBody(f: Fields): CancelBookingInput {
  return {
    reason: f.reason,
    cancelledOn: f.cancelledOn,
    ...(f.guarantee ? { guarantee: { travelCosts: f.travelCosts.trim() } } : {}),
  };
}

/**
 * The inputs as typed, checked by the API's own rules (cancelBookingSchema) on their way to the
 * API; the body's guarantee.travelCosts is reported on the form's travelCosts field.
 */
const formSchema = z
  .object({ reason: z.string(), cancelledOn: z.string(), guarantee: z.boolean(), travelCosts: z.string() })
  .transform((fields, ctx) => {
    const parsed = cancelBookingSchema.safeParse(toCancelBody(fields));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = issue.path.at(-1) === "travelCosts" ? "travelCosts" : issue.path[0];
      ctx.addIssue({ code: "custom", message: issue.message, path: field === undefined ? [] : [field] });
    }
    return z.NEVER;
  });

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

/**
 * Reason, date and the 48-hour guarantee, with the policy's refund worked out live by the server.
 * Mounted when it opens, so every opening starts from a blank reason and today's date.
 */
export function CancelBookingDialog({
  applicationId,
  applicantName,
  onClose,
}: {
  applicationId: string;
  applicantName: string;
  onClose: () => void;
}) {
  const id = useId();
  const formId = `${id}-form`;
  const form = useSchemaForm(
    formSchema,
    { reason: "", cancelledOn: londonToday(), guarantee: false, travelCosts: "0" },
    { reValidateMode: "onSubmit" },
  );
  const cancel = useCancelBooking(applicationId);

  const { field: guaranteeField } = useController({ control: form.control, name: "guarantee" });
  const guarantee = guaranteeField.value;
  const [cancelledOn, travelCosts] = useWatch({ control: form.control, name: ["cancelledOn", "travelCosts"] });
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(cancelledOn);
  const validCosts = !guarantee || moneyAmountSchema.safeParse(travelCosts).success;
  const quoteUrl = useDebounced(
    validDate && validCosts ? refundQuoteUrl(applicationId, { cancelledOn, guarantee, travelCosts }) : null,
    quoteDebounceMs,
  );

  // What was typed, as before: the server trims it the same way the check did.
  const submit = form.handleSubmit(
    () =>
      cancel.mutate(toCancelBody(form.getValues()), {
        onSuccess: (result) => {
          const refund = formatAmount(result.quote.refund, result.quote.currency);
          toast({
            title: "Booking cancelled",
            description: [
              result.refundPaymentId
                ? `Refund of ${refund} recorded as pending.`
                : "No refund is due under the policy.",
              result.offersMade > 0 ? "The place has been offered to the waitlist." : null,
            ]
              .filter(Boolean)
              .join(" "),
          });
          onClose();
        },
      }),
    focusInvalid(formId),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={`Cancel ${applicantName}'s booking`}
      description="The application moves to declined, its payment plan is cancelled and the place is offered to the waitlist."
      formId={formId}
      formLabel="Cancel booking"
      onSubmit={submit}
      pending={cancel.isPending}
      submitLabel="Cancel booking"
      pendingLabel="Cancelling..."
      cancelLabel="Keep booking"
      destructive
    >
      <TextareaField form={form} name="reason" label="Reason" required rows={3} />
      <InputField
        form={form}
        name="cancelledOn"
        label="Cancellation date"
        hint="The day the guest cancelled; the policy counts the days from it to the retreat's start."
        type="date"
      />
      <div className="flex items-start gap-3" data-field="guarantee">
        <Checkbox
          id={`${formId}-guarantee`}
          ref={guaranteeField.ref}
          checked={guarantee}
          onBlur={guaranteeField.onBlur}
          onCheckedChange={(checked) => guaranteeField.onChange(checked === true)}
          aria-describedby={`${formId}-guarantee-hint`}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${formId}-guarantee`}>48-hour guarantee</Label>
          <p id={`${formId}-guarantee-hint`} className="text-sm text-muted-foreground">
            Unsatisfied within 48 hours of arrival: everything paid is refunded minus travel costs already incurred.
          </p>
        </div>
      </div>
      {guarantee ? (
        <InputField form={form} name="travelCosts" label="Travel costs incurred (£)" required inputMode="decimal" />
      ) : null}
      <RefundQuotePanel url={quoteUrl} />
      <WriteError
        mutation={cancel}
        fallback="The booking could not be cancelled. Please try again."
        className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2"
      />
    </FormDialog>
  );
}
