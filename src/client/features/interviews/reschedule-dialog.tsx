import { type FormEvent, useEffect, useId, useState } from "react";
import type { InterviewItem } from "../../../shared/schemas/interviews";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { serverMessage } from "../../lib/api-error-message";
import { DialogError } from "./dialog-error";
import { formatStaffSlot, personName, staffInputsToIso, staffToday, staffZoneLabel } from "./format";
import { errorToast, useRescheduleInterview } from "./interview-api";

const bothNeeded = "Please select both date and time";

/** A new London date and time for a scheduled interview; the applicant is emailed the change. */
export function RescheduleDialog({ item, onClose }: { item: InterviewItem | null; onClose: () => void }) {
  const id = useId();
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const reschedule = useRescheduleInterview();
  const interviewId = item?.interview.id;

  useEffect(() => {
    if (!interviewId) return;
    setDate("");
    setTime("");
    setProblem(null);
  }, [interviewId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!item) return;
    if (!date || !time) {
      errorToast(bothNeeded);
      // The toast sits outside the modal, where screen readers cannot reach it: say it here too.
      setProblem(bothNeeded);
      return;
    }
    setProblem(null);
    try {
      await reschedule.mutateAsync({ id: item.interview.id, newScheduledAt: staffInputsToIso(date, time) });
      onClose();
    } catch (error) {
      setProblem(serverMessage(error) ?? "The interview could not be rescheduled. Please try again.");
    }
  }

  const formId = `${id}-form`;
  return (
    <AdminDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reschedule interview"
      description={
        item
          ? `${personName(item.application)}, now ${formatStaffSlot(item.interview.scheduledAt, item.interview.duration)} (${staffZoneLabel}).`
          : undefined
      }
      footer={
        <FormDialogFooter
          formId={formId}
          pending={reschedule.isPending}
          submitLabel="Reschedule"
          pendingLabel="Rescheduling..."
          onCancel={onClose}
        />
      }
    >
      <form id={formId} noValidate aria-label="Reschedule interview" onSubmit={submit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-date`} name="date" label={`New date (${staffZoneLabel})`}>
            {(control) => (
              <Input
                {...control}
                type="date"
                min={staffToday()}
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            )}
          </FormField>
          <FormField id={`${id}-time`} name="time" label={`New time (${staffZoneLabel})`}>
            {(control) => <Input {...control} type="time" value={time} onChange={(e) => setTime(e.target.value)} />}
          </FormField>
        </div>
        <DialogError message={problem} />
      </form>
    </AdminDialog>
  );
}
