import type { ReactNode } from "react";
import { Button } from "./button";
import { AdminDialog } from "./dialog";

/**
 * An alert dialog asking to confirm something that cannot be undone (delete, remove, cancel):
 * `keepLabel` closes it, the red `confirmLabel` button does it and reads `pendingLabel` meanwhile.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pendingLabel,
  keepLabel = "Keep it",
  pending,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <AdminDialog
      open
      alert
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {keepLabel}
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children ?? <p className="text-sm text-muted-foreground">This cannot be undone.</p>}
    </AdminDialog>
  );
}

/** The labels of a plain delete confirmation: Cancel, and Delete (Deleting... while it runs). */
export const deleteLabels = { confirmLabel: "Delete", pendingLabel: "Deleting...", keepLabel: "Cancel" } as const;
