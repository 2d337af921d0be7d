import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { type ScheduleInterviewForm, scheduleInterviewFormSchema } from "../../../shared/schemas/interviews";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { serverMessage } from "../../lib/api-error-message";
import { ApplicationPicker } from "./application-picker";
import { DialogError } from "./dialog-error";
import { staffInputsToIso, staffToday, staffZoneLabel } from "./format";
import { type PickedApplication, useCreateInterview } from "./interview-api";
import { DurationField, defaultDuration, durationAndInterviewer, InterviewerField } from "./interviewer-field";

const blank: ScheduleInterviewForm = {
  applicationId: "",
  date: "",
  time: "",
  duration: defaultDuration,
  interviewerId: "",
};

/** Staff book an interview for an application at a London time. */
export function ScheduleInterviewDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The picked application as the picker shows it; the form holds its id.
  const [application, setApplication] = useState<PickedApplication | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ScheduleInterviewForm>({
    resolver: zodResolver(scheduleInterviewFormSchema),
    defaultValues: blank,
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const create = useCreateInterview();

  useEffect(() => {
    if (!open) return;
    setApplication(null);
    form.reset(blank);
    setServerError(null);
  }, [open, form]);

  const submit = form.handleSubmit(
    async ({ applicationId, date, time, ...rest }) => {
      setServerError(null);
      try {
        await create.mutateAsync({
          applicationId,
          scheduledAt: staffInputsToIso(date, time),
          ...durationAndInterviewer(rest),
        });
        onOpenChange(false);
      } catch (error) {
        setServerError(serverMessage(error) ?? "The interview could not be scheduled. Please try again.");
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
      <form
        id={formId}
        ref={formRef}
        noValidate
        aria-label="Schedule interview"
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
          <FormField
            id={`${id}-date`}
            name="date"
            label={`Date (${staffZoneLabel})`}
            required
            error={errors.date?.message}
          >
            {(control) => <Input {...control} type="date" min={staffToday()} {...form.register("date")} />}
          </FormField>
          <FormField
            id={`${id}-time`}
            name="time"
            label={`Time (${staffZoneLabel})`}
            required
            error={errors.time?.message}
          >
            {(control) => <Input {...control} type="time" {...form.register("time")} />}
          </FormField>
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
          <Controller
            control={form.control}
            name="interviewerId"
            render={({ field }) => (
              <InterviewerField id={`${id}-interviewer`} value={field.value} onChange={field.onChange} open={open} />
            )}
          />
        </div>
        <DialogError message={serverError} />
      </form>
    </AdminDialog>
  );
}
