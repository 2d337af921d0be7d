import type { AdminSubscriber } from "../../../../shared/schemas/email-subscribers";
import { Button } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { WriteError } from "./subscriber-fields";
import { useDeleteSubscriber } from "./use-subscriber-mutations";

export function DeleteSubscriberDialog({ subscriber, onClose }: { subscriber: AdminSubscriber; onClose: () => void }) {
  const remove = useDeleteSubscriber();
  return (
    <AdminDialog
      open
      alert
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${subscriber.email}?`}
      description="This removes the contact and their campaign history. This cannot be undone."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(subscriber, { onSuccess: onClose })}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          To stop emailing someone but keep the record, unsubscribe them from the Edit dialog instead.
        </p>
        <WriteError mutation={remove} fallback="Failed to delete subscriber" />
      </div>
    </AdminDialog>
  );
}
