import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { interviewOutcomes } from "../../../shared/interview-rules";
import { completeInterviewSchema, type InterviewItem } from "../../../shared/schemas/interviews";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { serverMessage } from "../../lib/api-error-message";
import { DialogError } from "./dialog-error";
import { outcomeLabels, personName, ratingLabels } from "./format";
import { errorToast, useCompleteInterview } from "./interview-api";

/** The form as shown (rating from a select, advance only with an outcome), sent as the API's body. */
const formSchema = z
  .object({ outcome: z.enum(interviewOutcomes), rating: z.string(), feedback: z.string(), advance: z.boolean() })
  .transform(
    ({ outcome, rating, feedback, advance }): z.input<typeof completeInterviewSchema> => ({
      outcome,
      rating: Number(rating),
      feedback: feedback.trim(),
      advance: outcome !== "pending" && advance,
    }),
  )
  .pipe(completeInterviewSchema);
type FormInput = z.input<typeof formSchema>;

const blank: FormInput = { outcome: "pending", rating: "5", feedback: "", advance: false };

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
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: blank,
  });
  const outcome = form.watch("outcome");
  const complete = useCompleteInterview();

  useEffect(() => {
    if (!open) return;
    form.reset(blank);
    setServerError(null);
  }, [open, form]);

  const submit = form.handleSubmit(async (body) => {
    if (!item) {
      errorToast("No interview selected");
      // The toast sits outside the modal, where screen readers cannot reach it: say it here too.
      setServerError("No interview selected");
      return;
    }
    setServerError(null);
    try {
      await complete.mutateAsync({ id: item.interview.id, body });
      onClose();
    } catch (error) {
      setServerError(serverMessage(error) ?? "The interview could not be completed. Please try again.");
    }
  });

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
              <NativeSelect {...control} {...form.register("outcome")}>
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
              <NativeSelect {...control} {...form.register("rating")}>
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
          {(control) => <Textarea {...control} rows={4} maxLength={5000} {...form.register("feedback")} />}
        </FormField>
        <div className="grid gap-1">
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="advance"
              render={({ field }) => (
                <input
                  id={`${id}-advance`}
                  type="checkbox"
                  className="size-5 accent-primary disabled:opacity-50"
                  checked={outcome !== "pending" && field.value}
                  disabled={outcome === "pending"}
                  aria-describedby={`${id}-advance-hint`}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              )}
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
