import type { AdminApplication } from "../../../../shared/schemas/admin-applications";
import { Button } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { serverMessage } from "../../../lib/api-error-message";
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
    <AdminDialog
      open
      alert
      onOpenChange={(open) => !open && onClose()}
      title="Delete application?"
      description={`This will permanently delete the application from ${fullName(application)} (${application.email}). This action cannot be undone.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(application.id, { onSuccess: onClose })}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          Applications with payments cannot be deleted; decline them instead.
        </p>
        {remove.isError ? (
          // The toast behind the modal is hidden from screen readers while it is open, so say it here too.
          <p role="alert" className="text-sm font-medium text-destructive">
            {serverMessage(remove.error) ?? "Failed to delete application"}
          </p>
        ) : null}
      </div>
    </AdminDialog>
  );
}
