import { BeingBuiltPanel } from "../dashboard/being-built-panel";

/** Placeholder until the Payments tab is built. */
export function PaymentsTab() {
  return <BeingBuiltPanel title="Payments" />;
}
