import { BeingBuiltPanel } from "../dashboard/being-built-panel";

/** Placeholder until the Interviews tab is built. */
export function InterviewsTab() {
  return <BeingBuiltPanel title="Interviews" />;
}
