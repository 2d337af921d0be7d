import { useId, useState } from "react";
import {
  type AdminApplication,
  type ApplicationStageValue,
  notifiableStages,
} from "../../../../shared/schemas/applications-admin";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { AdminDialog } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { WriteError } from "../../../components/ui/write-error";
import { fullName } from "./format";
import { StageBadge } from "./stage-badge";
import { useEscalateApplication } from "./use-application-mutations";

const emailWhat: Record<string, string> = {
  accepted: "an acceptance email",
  waitlist: "a waitlist email",
  declined: "a kind decline email mentioning the priority list for future retreats",
};

/** Confirms a move along the pipeline, with optional notes and (for decisions) an email to the applicant. */
export function StageChangeDialog({
  application,
  stage,
  onClose,
}: {
  application: AdminApplication;
  stage: ApplicationStageValue;
  onClose: () => void;
}) {
  const id = useId();
  const [notes, setNotes] = useState("");
  const [notify, setNotify] = useState(true);
  const escalate = useEscalateApplication();
  const notifiable = (notifiableStages as readonly string[]).includes(stage);
  const name = fullName(application);

  const confirm = () =>
    escalate.mutate({ id: application.id, stage, notes, notify: notifiable && notify }, { onSuccess: onClose });

  return (
    <AdminDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={stage === "declined" ? `Decline ${name}?` : `Move ${name} to ${stage}?`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <StageBadge stage={application.stage} /> <span aria-hidden="true">→</span> <StageBadge stage={stage} />
        </span>
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={stage === "declined" ? "destructive" : "default"}
            onClick={confirm}
            disabled={escalate.isPending}
          >
            {escalate.isPending ? "Updating..." : stage === "declined" ? "Decline application" : `Move to ${stage}`}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            maxLength={5000}
            onChange={(event) => setNotes(event.target.value)}
            aria-describedby={`${id}-notes-hint`}
          />
          <p id={`${id}-notes-hint`} className="text-sm text-muted-foreground">
            Added with today's date to the {application.stage === "interview" ? "interview" : "internal"} notes.
          </p>
        </div>
        {/* The toast behind the modal is hidden from screen readers while it is open, so say it here too. */}
        <WriteError mutation={escalate} fallback="Failed to update application stage" />
        {notifiable ? (
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${id}-notify`}
              checked={notify}
              onCheckedChange={(checked) => setNotify(checked === true)}
              aria-describedby={`${id}-notify-hint`}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-notify`}>Notify applicant</Label>
              <p id={`${id}-notify-hint`} className="text-sm text-muted-foreground">
                Sends {emailWhat[stage]} to {application.email}.
              </p>
            </div>
          </div>
        ) : null}
      </div>
    </AdminDialog>
  );
}
