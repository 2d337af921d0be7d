import type { InterviewItem } from "../../../shared/schemas/interviews";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { formatStaffSlot, personName, staffZoneLabel } from "./format";
import { useCancelInterview } from "./interview-api";

export function CancelInterviewDialog({ item, onClose }: { item: InterviewItem | null; onClose: () => void }) {
  const cancel = useCancelInterview();
  return (
    <AdminDialog
      alert
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Cancel interview?"
      description={
        item
          ? `The interview with ${personName(item.application)} on ${formatStaffSlot(item.interview.scheduledAt, item.interview.duration)} (${staffZoneLabel}) will be cancelled and the applicant emailed.`
          : undefined
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep interview
          </Button>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => item && cancel.mutate(item.interview.id, { onSuccess: onClose })}
          >
            {cancel.isPending ? "Cancelling..." : "Cancel interview"}
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">This cannot be undone; schedule a new interview if plans change.</p>
    </AdminDialog>
  );
}
