import { useEffect, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { interviewDefaults, interviewDurationLimits } from "../../../shared/interview-rules";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useAuth } from "../../lib/use-auth";
import { ApplicationPicker } from "./application-picker";
import { type PickedApplication, useInterviewers } from "./interview-api";

const durationLimits = interviewDurationLimits;
export const defaultDuration = String(interviewDefaults.durationMinutes);

/** The duration and interviewer fields as the API takes them; no interviewer lets the server pick the signed-in user. */
export function durationAndInterviewer({ duration, interviewerId }: { duration: string; interviewerId: string }) {
  return { duration: Number(duration), ...(interviewerId ? { interviewerId } : {}) };
}

/**
 * What the booking fields need of a react-hook-form form holding applicationId, duration and
 * interviewerId (the "Schedule interview" and "Send booking link" forms both fit it as they are).
 */
export interface BookingFieldsForm {
  register: (name: "duration") => UseFormRegisterReturn<"duration">;
  watch: (name: "interviewerId") => string;
  setValue: (name: "applicationId" | "interviewerId", value: string) => void;
  formState: { errors: { applicationId?: { message?: string }; duration?: { message?: string } } };
}

/** The application search; the form holds the picked application's id, the picker shows the application. */
export function ApplicationField({ id, form }: { id: string; form: BookingFieldsForm }) {
  // The dialog's body mounts afresh on each opening, so the picked application starts empty each time.
  const [application, setApplication] = useState<PickedApplication | null>(null);
  return (
    <ApplicationPicker
      id={id}
      value={application}
      onChange={(picked) => {
        setApplication(picked);
        form.setValue("applicationId", picked.id);
      }}
      error={form.formState.errors.applicationId?.message}
    />
  );
}

/**
 * Owner and staff users to pick from; starts on the signed-in user once the list is known
 * (an empty value lets the server pick the signed-in user too).
 */
export function InterviewerField({ id, form, open }: { id: string; form: BookingFieldsForm; open: boolean }) {
  const interviewers = useInterviewers(open);
  const { user } = useAuth();
  const me = user ? String(user.id) : "";
  const list = interviewers.data ?? [];
  const value = form.watch("interviewerId");
  useEffect(() => {
    if (open && value === "" && list.some((i) => i.id === me)) form.setValue("interviewerId", me);
  }, [open, value, list, me, form]);

  return (
    <FormField
      id={id}
      name="interviewerId"
      label="Interviewer"
      hint={interviewers.isError ? "Interviewers could not be loaded: you will be the interviewer." : undefined}
    >
      {(control) => (
        <NativeSelect
          {...control}
          value={value}
          onChange={(event) => form.setValue("interviewerId", event.target.value)}
        >
          {list.some((i) => i.id === me) ? null : <option value="">Me</option>}
          {list.map((i) => (
            <option key={i.id} value={i.id}>
              {i.id === me ? `${i.name} (me)` : i.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

export function DurationField({ id, form }: { id: string; form: BookingFieldsForm }) {
  return (
    <FormField
      id={id}
      name="duration"
      label="Duration (minutes)"
      required
      error={form.formState.errors.duration?.message}
    >
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={durationLimits.min}
          max={durationLimits.max}
          step={5}
          {...form.register("duration")}
        />
      )}
    </FormField>
  );
}
