import { useId } from "react";
import { useController } from "react-hook-form";
import { z } from "zod";
import {
  type AdminApplication,
  type ApplicationStageValue,
  type EscalateBody,
  escalateBodySchema,
  notifiableStages,
} from "../../../../shared/schemas/applications-admin";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormDialog } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { TextareaField, useSchemaForm } from "../../../components/ui/rhf-fields";
import { WriteError } from "../../../components/ui/write-error";
import { fullName } from "./format";
import { StageBadge } from "./stage-badge";
import { useEscalateApplication } from "./use-application-mutations";

const emailWhat: Record<string, string> = {
  accepted: "an acceptance email",
  waitlist: "a waitlist email",
  declined: "a kind decline email mentioning the priority list for future retreats",
};

/** The notes as typed (blank ones left out) and the notify box, checked by the API's own rules (escalateBodySchema). */
const formSchema = z
  .object({ notes: z.string(), notify: z.boolean() })
  .transform(({ notes, notify }): EscalateBody => ({ ...(notes.trim() ? { notes: notes.trim() } : {}), notify }))
  .pipe(escalateBodySchema);

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
  const formId = `${id}-form`;
  const form = useSchemaForm(formSchema, { notes: "", notify: true });
  const { field: notify } = useController({ control: form.control, name: "notify" });
  const escalate = useEscalateApplication();
  const notifiable = (notifiableStages as readonly string[]).includes(stage);
  const name = fullName(application);

  const confirm = form.handleSubmit(({ notes, notify }) =>
    escalate.mutate({ id: application.id, stage, notes, notify: notifiable && notify }, { onSuccess: onClose }),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={stage === "declined" ? `Decline ${name}?` : `Move ${name} to ${stage}?`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <StageBadge stage={application.stage} /> <span aria-hidden="true">→</span> <StageBadge stage={stage} />
        </span>
      }
      formId={formId}
      onSubmit={confirm}
      pending={escalate.isPending}
      submitLabel={stage === "declined" ? "Decline application" : `Move to ${stage}`}
      pendingLabel="Updating..."
      destructive={stage === "declined"}
      className="flex flex-col gap-4"
    >
      <TextareaField
        form={form}
        name="notes"
        label="Notes (optional)"
        maxLength={5000}
        hint={`Added with today's date to the ${application.stage === "interview" ? "interview" : "internal"} notes.`}
      />
      {/* The toast behind the modal is hidden from screen readers while it is open, so say it here too. */}
      <WriteError mutation={escalate} fallback="Failed to update application stage" />
      {notifiable ? (
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${formId}-notify`}
            ref={notify.ref}
            checked={notify.value}
            onCheckedChange={(checked) => notify.onChange(checked === true)}
            aria-describedby={`${formId}-notify-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${formId}-notify`}>Notify applicant</Label>
            <p id={`${formId}-notify-hint`} className="text-sm text-muted-foreground">
              Sends {emailWhat[stage]} to {application.email}.
            </p>
          </div>
        </div>
      ) : null}
    </FormDialog>
  );
}
