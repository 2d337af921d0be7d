import { type FormEvent, useEffect, useId, useState } from "react";
import { bookingLinkDays } from "../../../shared/schemas/interviews";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { focusFirstError } from "../../components/ui/form-field";
import { serverMessage } from "../../lib/api-error-message";
import { ApplicationPicker } from "./application-picker";
import { DialogError } from "./dialog-error";
import { type PickedApplication, useSendBookingLink } from "./interview-api";
import { DurationField, defaultDuration, durationError, InterviewerField } from "./interviewer-field";

type Errors = Partial<Record<"applicationId" | "duration", string>>;

/** Emails the applicant a link to pick a free slot in the interviewer's availability themselves. */
export function BookingLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [application, setApplication] = useState<PickedApplication | null>(null);
  const [duration, setDuration] = useState(defaultDuration);
  const [interviewerId, setInterviewerId] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const send = useSendBookingLink();

  useEffect(() => {
    if (!open) return;
    setApplication(null);
    setDuration(defaultDuration);
    setInterviewerId("");
    setErrors({});
    setServerError(null);
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!application) next.applicationId = "Choose an application.";
    const badDuration = durationError(duration);
    if (badDuration) next.duration = badDuration;
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirstError(event.currentTarget, Object.keys(next));
      return;
    }
    setServerError(null);
    try {
      await send.mutateAsync({
        applicationId: application!.id,
        duration: Number(duration),
        ...(interviewerId ? { interviewerId } : {}),
      });
      onOpenChange(false);
    } catch (error) {
      setServerError(serverMessage(error) ?? "The booking link could not be sent. Please try again.");
    }
  }

  const formId = `${id}-form`;
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Send booking link"
      description={`The applicant gets an email with a link to choose a free time in the interviewer's availability over the next ${bookingLinkDays} days.`}
      footer={
        <FormDialogFooter
          formId={formId}
          pending={send.isPending}
          submitLabel="Send booking link"
          pendingLabel="Sending..."
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={formId} noValidate aria-label="Send booking link" onSubmit={submit} className="grid gap-4">
        <ApplicationPicker
          id={`${id}-app`}
          value={application}
          onChange={setApplication}
          error={errors.applicationId}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InterviewerField id={`${id}-interviewer`} value={interviewerId} onChange={setInterviewerId} open={open} />
          <DurationField id={`${id}-duration`} value={duration} onChange={setDuration} error={errors.duration} />
        </div>
        <DialogError message={serverError} />
      </form>
    </AdminDialog>
  );
}
