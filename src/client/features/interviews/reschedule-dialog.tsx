import { useId } from "react";
import { z } from "zod";
import { type InterviewItem, rescheduleInterviewSchema } from "../../../shared/schemas/interviews";
import { FormDialog } from "../../components/ui/dialog";
import { InputField, useSchemaForm } from "../../components/ui/rhf-fields";
import { serverMessage } from "../../lib/api-error-message";
import { DialogError } from "./dialog-error";
import { formatStaffSlot, personName, staffInputsToIso, staffToday, staffZoneLabel } from "./format";
import { errorToast, useRescheduleInterview } from "./interview-api";

const bothNeeded = "Please select both date and time";

/**
 * The London date and time as typed, sent as the API's instant (rescheduleInterviewSchema). Missing
 * either is one message about the form (errors.root), not one under each field.
 */
const formSchema = z
  .object({ date: z.string(), time: z.string() })
  .refine(({ date, time }) => date !== "" && time !== "", { path: ["root"], message: bothNeeded })
  .transform(({ date, time }) => ({ newScheduledAt: staffInputsToIso(date, time) }))
  .pipe(rescheduleInterviewSchema);

/** A new London date and time for a scheduled interview; the applicant is emailed the change. */
export function RescheduleDialog({ item, onClose }: { item: InterviewItem | null; onClose: () => void }) {
  // Mounted per interview, so each one starts from empty inputs.
  return item ? <RescheduleForm key={item.interview.id} item={item} onClose={onClose} /> : null;
}

function RescheduleForm({ item, onClose }: { item: InterviewItem; onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const form = useSchemaForm(formSchema, { date: "", time: "" }, { reValidateMode: "onSubmit" });
  const reschedule = useRescheduleInterview();

  const submit = form.handleSubmit(
    ({ newScheduledAt }) => reschedule.mutate({ id: item.interview.id, newScheduledAt }, { onSuccess: onClose }),
    // The toast sits outside the modal, where screen readers cannot reach it: the dialog says it too.
    () => errorToast(bothNeeded),
  );

  const problem =
    form.formState.errors.root?.message ??
    (reschedule.isError
      ? (serverMessage(reschedule.error) ?? "The interview could not be rescheduled. Please try again.")
      : null);

  return (
    <FormDialog
      onClose={onClose}
      title="Reschedule interview"
      description={`${personName(item.application)}, now ${formatStaffSlot(item.interview.scheduledAt, item.interview.duration)} (${staffZoneLabel}).`}
      formId={formId}
      onSubmit={submit}
      pending={reschedule.isPending}
      submitLabel="Reschedule"
      pendingLabel="Rescheduling..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField form={form} name="date" label={`New date (${staffZoneLabel})`} type="date" min={staffToday()} />
        <InputField form={form} name="time" label={`New time (${staffZoneLabel})`} type="time" />
      </div>
      <DialogError message={problem} />
    </FormDialog>
  );
}
