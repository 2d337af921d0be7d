import { type FormEvent, useEffect, useId, useState } from "react";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { serverMessage } from "../../lib/api-error-message";
import { ApplicationPicker } from "./application-picker";
import { DialogError } from "./dialog-error";
import { staffInputsToIso, staffToday, staffZoneLabel } from "./format";
import { type PickedApplication, useCreateInterview } from "./interview-api";
import { DurationField, defaultDuration, durationError, InterviewerField } from "./interviewer-field";

type Errors = Partial<Record<"applicationId" | "date" | "time" | "duration", string>>;

/** Staff book an interview for an application at a London time. */
export function ScheduleInterviewDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [application, setApplication] = useState<PickedApplication | null>(null);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [duration, setDuration] = useState(defaultDuration);
  const [interviewerId, setInterviewerId] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateInterview();

  useEffect(() => {
    if (!open) return;
    setApplication(null);
    setDate("");
    setTime("");
    setDuration(defaultDuration);
    setInterviewerId("");
    setErrors({});
    setServerError(null);
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!application) next.applicationId = "Choose an application.";
    if (!date) next.date = "Choose a date.";
    if (!time) next.time = "Choose a time.";
    const badDuration = durationError(duration);
    if (badDuration) next.duration = badDuration;
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirstError(event.currentTarget, Object.keys(next));
      return;
    }
    setServerError(null);
    try {
      await create.mutateAsync({
        applicationId: application!.id,
        scheduledAt: staffInputsToIso(date, time),
        duration: Number(duration),
        ...(interviewerId ? { interviewerId } : {}),
      });
      onOpenChange(false);
    } catch (error) {
      setServerError(serverMessage(error) ?? "The interview could not be scheduled. Please try again.");
    }
  }

  const formId = `${id}-form`;
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Schedule interview"
      description={`Times are ${staffZoneLabel} (Europe/London). The applicant is emailed the time and a video link.`}
      footer={
        <FormDialogFooter
          formId={formId}
          pending={create.isPending}
          submitLabel="Schedule interview"
          pendingLabel="Scheduling..."
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={formId} noValidate aria-label="Schedule interview" onSubmit={submit} className="grid gap-4">
        <ApplicationPicker
          id={`${id}-app`}
          value={application}
          onChange={setApplication}
          error={errors.applicationId}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-date`} name="date" label={`Date (${staffZoneLabel})`} required error={errors.date}>
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
          <FormField id={`${id}-time`} name="time" label={`Time (${staffZoneLabel})`} required error={errors.time}>
            {(control) => <Input {...control} type="time" value={time} onChange={(e) => setTime(e.target.value)} />}
          </FormField>
          <DurationField id={`${id}-duration`} value={duration} onChange={setDuration} error={errors.duration} />
          <InterviewerField id={`${id}-interviewer`} value={interviewerId} onChange={setInterviewerId} open={open} />
        </div>
        <DialogError message={serverError} />
      </form>
    </AdminDialog>
  );
}
