import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { WriteError } from "../../components/ui/write-error";

/**
 * The owner's confirmation before the draft goes public. When the public site shows another
 * season now, it says so: publishing makes this season the one the site (and its application
 * form, waitlist and prices) shows.
 */
export function PublishDialog({
  retreatName,
  shownName,
  savesFirst,
  pending,
  mutation,
  onConfirm,
  onClose,
}: {
  retreatName: string;
  /** The season the public site shows now, when it is another one (null: this one, or not known). */
  shownName: string | null;
  /** The form has unsaved edits, which are saved to the draft before publishing. */
  savesFirst: boolean;
  pending: boolean;
  mutation: { isError: boolean; error: unknown };
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AdminDialog
      open
      alert
      onOpenChange={(open) => !open && onClose()}
      title="Publish the public site?"
      description={`Visitors will see this draft of ${retreatName} from their next visit.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={pending} onClick={onConfirm}>
            {pending ? "Publishing..." : savesFirst ? "Save and publish" : "Publish"}
          </Button>
        </>
      }
    >
      <div className="grid gap-3 text-sm">
        <p>It replaces what the public site shows now. You can keep editing the draft and publish again at any time.</p>
        {shownName !== null ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="season-switch">
            The public site shows {shownName} now. Publishing switches it to <strong>{retreatName}</strong>: its dates,
            prices, application form and waitlist.
          </p>
        ) : null}
        {savesFirst ? <p>Your unsaved edits are saved to the draft first.</p> : null}
        <WriteError mutation={mutation} fallback="The site was not published. Please try again." />
      </div>
    </AdminDialog>
  );
}
