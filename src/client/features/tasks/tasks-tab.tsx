import { BeingBuiltPanel } from "../dashboard/being-built-panel";

/** Placeholder: the Tasks tab is being built. */
export function TasksTab() {
  return <BeingBuiltPanel title="Tasks" />;
}
