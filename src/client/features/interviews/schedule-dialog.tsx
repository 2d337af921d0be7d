import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { type ScheduleInterviewForm, scheduleInterviewFormSchema } from "../../../shared/schemas/interviews";
import { FormDialog } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { serverMessage } from "../../lib/api-error-message";
import { DialogError } from "./dialog-error";
import { staffInputsToIso, staffToday, staffZoneLabel } from "./format";
import { useCreateInterview } from "./interview-api";
import {
  ApplicationField,
  DurationField,
  defaultDuration,
  durationAndInterviewer,
  InterviewerField,
} from "./interviewer-field";

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
  return open ? <ScheduleInterviewFormDialog onClose={() => onOpenChange(false)} /> : null;
}

function ScheduleInterviewFormDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ScheduleInterviewForm>({
    resolver: zodResolver(scheduleInterviewFormSchema),
    defaultValues: blank,
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const create = useCreateInterview();

  const submit = form.handleSubmit(
    async ({ applicationId, date, time, ...rest }) => {
      setServerError(null);
      try {
        await create.mutateAsync({
          applicationId,
          scheduledAt: staffInputsToIso(date, time),
          ...durationAndInterviewer(rest),
        });
        onClose();
      } catch (error) {
        setServerError(serverMessage(error) ?? "The interview could not be scheduled. Please try again.");
      }
    },
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  return (
    <FormDialog
      size="lg"
      title="Schedule interview"
      description={`Times are ${staffZoneLabel} (Europe/London). The applicant is emailed the time and a video link.`}
      onClose={onClose}
      formId={`${id}-form`}
      formRef={formRef}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Schedule interview"
      pendingLabel="Scheduling..."
    >
      <ApplicationField id={`${id}-app`} form={form} />
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
        <DurationField id={`${id}-duration`} form={form} />
        <InterviewerField id={`${id}-interviewer`} form={form} open />
      </div>
      <DialogError message={serverError} />
    </FormDialog>
  );
}
