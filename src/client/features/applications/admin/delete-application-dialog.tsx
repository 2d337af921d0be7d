import type { AdminApplication } from "../../../../shared/schemas/applications-admin";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { WriteError } from "../../../components/ui/write-error";
import { fullName } from "./format";
import { useDeleteApplication } from "./use-application-mutations";

export function DeleteApplicationDialog({
  application,
  onClose,
}: {
  application: AdminApplication;
  onClose: () => void;
}) {
  const remove = useDeleteApplication();
  return (
    <ConfirmDialog
      title="Delete application?"
      description={`This will permanently delete the application from ${fullName(application)} (${application.email}). This action cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      keepLabel="Cancel"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(application.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          Applications with payments cannot be deleted; decline them instead.
        </p>
        {/* The toast behind the modal is hidden from screen readers while it is open, so say it here too. */}
        <WriteError mutation={remove} fallback="Failed to delete application" />
      </div>
    </ConfirmDialog>
  );
}
