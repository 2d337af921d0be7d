import { useQuery } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { useState } from "react";
import { type PaymentReturnState, paymentReturnStates } from "../../../shared/payment-return-states";
import type { CheckoutResponse, PaymentOptions } from "../../../shared/schemas/stripe";
import { Button } from "../../components/ui/button";
import { useWrite } from "../../lib/use-write";
import { checkoutPath, paymentOptionsPath } from "./guests-api";

/** Leaving for Stripe's hosted page; a seam so tests can watch instead of navigating. */
export const navigation = { assign: (url: string) => window.location.assign(url) };

/** "Pay now" for one payment: only shown when the server says online payment (Stripe) is on. */
export function PayNowButton({ paymentId, label }: { paymentId: string; label: string }) {
  const options = useQuery<PaymentOptions>({ queryKey: [paymentOptionsPath] });
  const pay = useWrite<void, CheckoutResponse>({
    request: () => ({ method: "POST", path: checkoutPath(paymentId) }),
    failure: "Payment could not start",
    onSuccess: ({ url }) => navigation.assign(url),
  });
  if (!options.data?.onlinePayments) return null;
  // Stays busy after success: the page is on its way to Stripe.
  const busy = pay.isPending || pay.isSuccess;
  return (
    <Button size="sm" onClick={() => pay.mutate()} disabled={busy} aria-label={`Pay now: ${label}`}>
      <CreditCard aria-hidden="true" className="size-4" />
      {busy ? "Opening payment..." : "Pay now"}
    </Button>
  );
}

const returnMessages: Record<PaymentReturnState, string> = {
  success: "Thank you! Your payment is being confirmed and will disappear from Payments due shortly.",
  cancelled: "Payment cancelled. Nothing was charged.",
  none: "There is nothing to pay right now.",
};

/** What Stripe's return (?payment=success|cancelled) or an emptied pay link means, said once on arrival. */
export function PaymentReturnNotice() {
  const [state] = useState<PaymentReturnState | null>(() => {
    const value = new URLSearchParams(window.location.search).get("payment");
    return (paymentReturnStates as readonly string[]).includes(value ?? "") ? (value as PaymentReturnState) : null;
  });
  if (!state) return null;
  return (
    <p role="status" className="rounded-md border border-border bg-muted px-4 py-3 text-sm">
      {returnMessages[state]}
    </p>
  );
}
