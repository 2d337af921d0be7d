import { useId } from "react";
import { AdminDialog } from "../../components/ui/dialog";
import { BlocksEditor } from "./blocks-editor";
import { staffZoneLabel } from "./format";
import { useAvailability } from "./interview-api";
import { WindowsEditor } from "./windows-editor";

/** The signed-in user's weekly interview windows and blocked times. */
export function AvailabilityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const availability = useAvailability(open);
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="My availability"
      description={`Interviews and booking links keep to your weekly windows and avoid your blocked times. All times are ${staffZoneLabel}.`}
    >
      {availability.isPending ? <p className="text-sm text-muted-foreground">Loading availability…</p> : null}
      {availability.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your availability could not be loaded. Please close this and try again.
        </p>
      ) : null}
      {availability.data ? (
        <div className="grid gap-8">
          <WindowsEditor id={`${id}-windows`} saved={availability.data.windows} />
          <BlocksEditor id={`${id}-blocks`} blocks={availability.data.blocks} />
        </div>
      ) : null}
    </AdminDialog>
  );
}
