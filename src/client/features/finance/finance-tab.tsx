import { BeingBuiltPanel } from "../dashboard/being-built-panel";

/** Placeholder until the Finance tab is built. */
export function FinanceTab() {
  return <BeingBuiltPanel title="Finance" />;
}
