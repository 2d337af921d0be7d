import type { AdminSubscriber } from "../../../../shared/schemas/email-subscribers";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { WriteError } from "../../../components/ui/write-error";
import { useDeleteSubscriber } from "./use-subscriber-mutations";

export function DeleteSubscriberDialog({ subscriber, onClose }: { subscriber: AdminSubscriber; onClose: () => void }) {
  const remove = useDeleteSubscriber();
  return (
    <ConfirmDialog
      title={`Delete ${subscriber.email}?`}
      description="This removes the contact and their campaign history. This cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      keepLabel="Cancel"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(subscriber, { onSuccess: onClose })}
      onClose={onClose}
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          To stop emailing someone but keep the record, unsubscribe them from the Edit dialog instead.
        </p>
        <WriteError mutation={remove} fallback="Failed to delete subscriber" />
      </div>
    </ConfirmDialog>
  );
}
