import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { bookingLinkDays } from "../../../shared/interview-rules";
import { type BookingLinkForm, bookingLinkFormSchema } from "../../../shared/schemas/interviews";
import { FormDialog } from "../../components/ui/dialog";
import { focusFirstError } from "../../components/ui/form-field";
import { serverMessage } from "../../lib/api-error-message";
import { DialogError } from "./dialog-error";
import { useSendBookingLink } from "./interview-api";
import {
  ApplicationField,
  DurationField,
  defaultDuration,
  durationAndInterviewer,
  InterviewerField,
} from "./interviewer-field";

const blank: BookingLinkForm = { applicationId: "", duration: defaultDuration, interviewerId: "" };

/** Emails the applicant a link to pick a free slot in the interviewer's availability themselves. */
export function BookingLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return open ? <BookingLinkFormDialog onClose={() => onOpenChange(false)} /> : null;
}

function BookingLinkFormDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<BookingLinkForm>({
    resolver: zodResolver(bookingLinkFormSchema),
    defaultValues: blank,
    shouldFocusError: false,
  });
  const send = useSendBookingLink();

  const submit = form.handleSubmit(
    async ({ applicationId, ...rest }) => {
      setServerError(null);
      try {
        await send.mutateAsync({ applicationId, ...durationAndInterviewer(rest) });
        onClose();
      } catch (error) {
        setServerError(serverMessage(error) ?? "The booking link could not be sent. Please try again.");
      }
    },
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  return (
    <FormDialog
      size="lg"
      title="Send booking link"
      description={`The applicant gets an email with a link to choose a free time in the interviewer's availability over the next ${bookingLinkDays} days.`}
      onClose={onClose}
      formId={`${id}-form`}
      formRef={formRef}
      onSubmit={submit}
      pending={send.isPending}
      submitLabel="Send booking link"
      pendingLabel="Sending..."
    >
      <ApplicationField id={`${id}-app`} form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InterviewerField id={`${id}-interviewer`} form={form} open />
        <DurationField id={`${id}-duration`} form={form} />
      </div>
      <DialogError message={serverError} />
    </FormDialog>
  );
}
