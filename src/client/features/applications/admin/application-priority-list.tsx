import { useId, useState } from "react";
import { Checkbox } from "../../../components/ui/checkbox";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../lib/use-toast";
import { useUpdateApplication } from "./use-application-mutations";

/**
 * The applicant's wish to hear about future retreats: a declined application is then kept
 * instead of being anonymised after the retention period. Saved (and audited) as it is ticked.
 */
export function ApplicationPriorityList({ application }: { application: { id: string; keepOnPriorityList: boolean } }) {
  const id = useId();
  const [checked, setChecked] = useState(application.keepOnPriorityList);
  const update = useUpdateApplication();

  const change = (next: boolean) => {
    setChecked(next);
    update.mutate(
      { id: application.id, patch: { keepOnPriorityList: next } },
      {
        onSuccess: () =>
          toast({
            title: next ? "Kept on the priority list" : "Removed from the priority list",
          }),
        onError: () => setChecked(!next),
      },
    );
  };

  return (
    <div className="flex items-start gap-3 md:col-span-2">
      <Checkbox
        id={id}
        checked={checked}
        disabled={update.isPending}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(value) => change(value === true)}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>Applicant asked to stay on the priority list</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          A declined application is otherwise anonymised after the retention period.
        </p>
      </div>
    </div>
  );
}
