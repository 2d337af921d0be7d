import { type FormEvent, useEffect, useId, useState } from "react";
import { type InterviewItem, interviewOutcomes } from "../../../shared/schemas/interviews";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { serverMessage } from "../../lib/api-error-message";
import { DialogError } from "./dialog-error";
import { personName } from "./format";
import { errorToast, useCompleteInterview } from "./interview-api";

type Outcome = (typeof interviewOutcomes)[number];
export const outcomeLabels: Record<Outcome, string> = {
  accepted: "Accepted",
  declined: "Declined",
  pending: "Pending",
};
export const ratingLabels = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

/** Spec section 5: outcome defaults to pending, rating 1 to 5 defaults to 5. */
export function CompleteDialog({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: InterviewItem | null;
  onClose: () => void;
}) {
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>("pending");
  const [rating, setRating] = useState("5");
  const [feedback, setFeedback] = useState("");
  const [advance, setAdvance] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const complete = useCompleteInterview();

  useEffect(() => {
    if (!open) return;
    setOutcome("pending");
    setRating("5");
    setFeedback("");
    setAdvance(false);
    setServerError(null);
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!item) {
      errorToast("No interview selected");
      // The toast sits outside the modal, where screen readers cannot reach it: say it here too.
      setServerError("No interview selected");
      return;
    }
    setServerError(null);
    try {
      await complete.mutateAsync({
        id: item.interview.id,
        body: { outcome, rating: Number(rating), feedback: feedback.trim(), advance: outcome !== "pending" && advance },
      });
      onClose();
    } catch (error) {
      setServerError(serverMessage(error) ?? "The interview could not be completed. Please try again.");
    }
  }

  const formId = `${id}-form`;
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Complete interview"
      description={item ? `Record how the interview with ${personName(item.application)} went.` : undefined}
      footer={
        <FormDialogFooter
          formId={formId}
          pending={complete.isPending}
          submitLabel="Complete interview"
          onCancel={onClose}
        />
      }
    >
      <form id={formId} noValidate aria-label="Complete interview" onSubmit={submit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-outcome`} name="outcome" label="Outcome">
            {(control) => (
              <NativeSelect {...control} value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)}>
                {interviewOutcomes.map((o) => (
                  <option key={o} value={o}>
                    {outcomeLabels[o]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-rating`} name="rating" label="Rating (1 to 5)">
            {(control) => (
              <NativeSelect {...control} value={rating} onChange={(e) => setRating(e.target.value)}>
                {[5, 4, 3, 2, 1].map((r) => (
                  <option key={r} value={r}>
                    {r} – {ratingLabels[r - 1]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <FormField id={`${id}-feedback`} name="feedback" label="Feedback">
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              maxLength={5000}
              value={feedback}
              onChange={(e) => setFeedback(e.target.value)}
            />
          )}
        </FormField>
        <div className="grid gap-1">
          <div className="flex items-center gap-3">
            <input
              id={`${id}-advance`}
              type="checkbox"
              className="size-5 accent-primary disabled:opacity-50"
              checked={outcome !== "pending" && advance}
              disabled={outcome === "pending"}
              aria-describedby={`${id}-advance-hint`}
              onChange={(e) => setAdvance(e.target.checked)}
            />
            <label htmlFor={`${id}-advance`} className="text-sm font-medium">
              Also move the application to the outcome's stage
            </label>
          </div>
          <p id={`${id}-advance-hint`} className="pl-8 text-sm text-muted-foreground">
            {outcome === "pending"
              ? "Choose Accepted or Declined to move the application too."
              : `The application moves to ${outcomeLabels[outcome]}.`}
          </p>
        </div>
        <DialogError message={serverError} />
      </form>
    </AdminDialog>
  );
}
