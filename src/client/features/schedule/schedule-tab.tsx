import { BeingBuiltPanel } from "../dashboard/being-built-panel";

/** Placeholder: the Schedule tab is being built. */
export function ScheduleTab() {
  return <BeingBuiltPanel title="Schedule" />;
}
