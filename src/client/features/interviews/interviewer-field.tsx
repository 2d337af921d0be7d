import { useEffect } from "react";
import { interviewDefaults, interviewDurationLimits } from "../../../shared/schemas/interviews";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useAuth } from "../../lib/use-auth";
import { useInterviewers } from "./interview-api";

const durationLimits = interviewDurationLimits;
export const defaultDuration = String(interviewDefaults.durationMinutes);

/** The duration and interviewer fields as the API takes them; no interviewer lets the server pick the signed-in user. */
export function durationAndInterviewer({ duration, interviewerId }: { duration: string; interviewerId: string }) {
  return { duration: Number(duration), ...(interviewerId ? { interviewerId } : {}) };
}

/**
 * Owner and staff users to pick from; starts on the signed-in user once the list is known
 * (an empty value lets the server pick the signed-in user too).
 */
export function InterviewerField({
  id,
  value,
  onChange,
  open,
}: {
  id: string;
  value: string;
  onChange: (interviewerId: string) => void;
  open: boolean;
}) {
  const interviewers = useInterviewers(open);
  const { user } = useAuth();
  const me = user ? String(user.id) : "";
  const list = interviewers.data ?? [];
  useEffect(() => {
    if (open && value === "" && list.some((i) => i.id === me)) onChange(me);
  }, [open, value, list, me, onChange]);

  return (
    <FormField
      id={id}
      name="interviewerId"
      label="Interviewer"
      hint={interviewers.isError ? "Interviewers could not be loaded: you will be the interviewer." : undefined}
    >
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(event) => onChange(event.target.value)}>
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

export function DurationField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
}) {
  return (
    <FormField id={id} name="duration" label="Duration (minutes)" required error={error}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={durationLimits.min}
          max={durationLimits.max}
          step={5}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
