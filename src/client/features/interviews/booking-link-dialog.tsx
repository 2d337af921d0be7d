import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { type BookingLinkForm, bookingLinkDays, bookingLinkFormSchema } from "../../../shared/schemas/interviews";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { focusFirstError } from "../../components/ui/form-field";
import { serverMessage } from "../../lib/api-error-message";
import { ApplicationPicker } from "./application-picker";
import { DialogError } from "./dialog-error";
import { type PickedApplication, useSendBookingLink } from "./interview-api";
import { DurationField, defaultDuration, durationAndInterviewer, InterviewerField } from "./interviewer-field";

const blank: BookingLinkForm = { applicationId: "", duration: defaultDuration, interviewerId: "" };

/** Emails the applicant a link to pick a free slot in the interviewer's availability themselves. */
export function BookingLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The picked application as the picker shows it; the form holds its id.
  const [application, setApplication] = useState<PickedApplication | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<BookingLinkForm>({
    resolver: zodResolver(bookingLinkFormSchema),
    defaultValues: blank,
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const send = useSendBookingLink();

  useEffect(() => {
    if (!open) return;
    setApplication(null);
    form.reset(blank);
    setServerError(null);
  }, [open, form]);

  const submit = form.handleSubmit(
    async ({ applicationId, ...rest }) => {
      setServerError(null);
      try {
        await send.mutateAsync({ applicationId, ...durationAndInterviewer(rest) });
        onOpenChange(false);
      } catch (error) {
        setServerError(serverMessage(error) ?? "The booking link could not be sent. Please try again.");
      }
    },
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

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
      <form
        id={formId}
        ref={formRef}
        noValidate
        aria-label="Send booking link"
        onSubmit={submit}
        className="grid gap-4"
      >
        <ApplicationPicker
          id={`${id}-app`}
          value={application}
          onChange={(picked) => {
            setApplication(picked);
            form.setValue("applicationId", picked.id);
          }}
          error={errors.applicationId?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="interviewerId"
            render={({ field }) => (
              <InterviewerField id={`${id}-interviewer`} value={field.value} onChange={field.onChange} open={open} />
            )}
          />
          <Controller
            control={form.control}
            name="duration"
            render={({ field }) => (
              <DurationField
                id={`${id}-duration`}
                value={field.value}
                onChange={field.onChange}
                error={errors.duration?.message}
              />
            )}
          />
        </div>
        <DialogError message={serverError} />
      </form>
    </AdminDialog>
  );
}
