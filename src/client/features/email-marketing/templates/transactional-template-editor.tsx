import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import {
  type TransactionalTemplate,
  type TransactionalTemplateUpdate,
  transactionalTemplateUpdateSchema,
} from "../../../../shared/schemas/email-templates";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormField, focusFirstError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { Textarea } from "../../../components/ui/textarea";
import { serverMessage } from "../../../lib/api-error-message";
import { EditorLayout } from "./editor-layout";
import { EmailPreview } from "./email-preview";
import { fieldErrorsForSave } from "./server-field-errors";
import { useLivePreview } from "./use-email-preview";
import { useResetTransactionalTemplate, useUpdateTransactionalTemplate } from "./use-template-mutations";
import { useInsertTarget, VariableList } from "./variable-list";

const fieldNames = ["subject", "body", "isActive"];

/** Edit one of the product's own emails, with the variables it may use and a live preview. */
export function TransactionalTemplateEditor({
  template,
  onClose,
}: {
  template: TransactionalTemplate;
  onClose: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [isDefault, setIsDefault] = useState(template.isDefault);
  const update = useUpdateTransactionalTemplate();
  const reset = useResetTransactionalTemplate();
  const target = useInsertTarget<"subject" | "body">("body");
  const form = useForm<TransactionalTemplateUpdate>({
    resolver: zodResolver(transactionalTemplateUpdateSchema),
    defaultValues: { subject: template.subject, body: template.body, isActive: template.isActive },
  });
  const errors = form.formState.errors;
  const [subject, body] = useWatch({ control: form.control, name: ["subject", "body"] });
  const preview = useLivePreview({ kind: template.name, subject: subject ?? "", body: body ?? "" });

  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      update.mutate(
        { id: template.id, values },
        {
          onSuccess: onClose,
          onError: (error) => {
            const fields = fieldErrorsForSave(error, { subject: values.subject, body: values.body });
            let placed = false;
            for (const [name, message] of fields) {
              if (!fieldNames.includes(name)) continue;
              form.setError(name as keyof TransactionalTemplateUpdate, { type: "server", message });
              placed = true;
            }
            if (placed) focusFirstError(formRef.current, fields.keys());
            else setFormError(serverMessage(error) ?? "The template could not be saved. Please try again.");
          },
        },
      );
    },
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  const doReset = () =>
    reset.mutate(template.id, {
      onSuccess: (saved) => {
        setConfirmReset(false);
        if (!saved) {
          onClose();
          return;
        }
        form.reset({ subject: saved.subject, body: saved.body, isActive: saved.isActive });
        setIsDefault(true);
      },
      onError: () => setConfirmReset(false),
    });

  const subjectReg = form.register("subject");
  const bodyReg = form.register("body");
  const setText = (name: "subject" | "body", next: string) =>
    form.setValue(name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  return (
    <EditorLayout
      title={`Edit "${template.title}"`}
      description={template.description}
      onBack={onClose}
      preview={<EmailPreview email={preview.data} isLoading={preview.isFetching} error={preview.error} />}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-5">
        <FormField id={`${id}-subject`} name="subject" label="Subject" required error={errors.subject?.message}>
          {(control) => (
            <Input {...control} autoComplete="off" {...subjectReg} {...target.bind("subject", subjectReg.ref)} />
          )}
        </FormField>
        <FormField
          id={`${id}-body`}
          name="body"
          label="Body"
          required
          hint="Markdown with {{ variables }}. Values are escaped when the email is sent."
          error={errors.body?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={16}
              className="font-mono text-sm"
              {...bodyReg}
              {...target.bind("body", bodyReg.ref)}
            />
          )}
        </FormField>
        <VariableList
          variables={template.variables}
          onInsert={(token) => target.insert(token, setText)}
          headingId={`${id}-variables`}
          fields="subject or body"
        />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <div className="flex items-center gap-3" data-field="isActive">
              <Switch
                id={`${id}-active`}
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby={`${id}-active-hint`}
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-active`}>Send this email</Label>
                <p id={`${id}-active-hint`} className="text-sm text-muted-foreground">
                  When off, the product does not send this message at all.
                </p>
              </div>
            </div>
          )}
        />
        {formError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
          <Button variant="ghost" disabled={isDefault || reset.isPending} onClick={() => setConfirmReset(true)}>
            Reset to default
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save template"}
            </Button>
          </div>
        </div>
      </form>
      {confirmReset ? (
        <ConfirmDialog
          title="Reset to default?"
          description={`"${template.title}" goes back to the built-in subject and body. Your edits are lost.`}
          confirmLabel="Reset to default"
          pendingLabel="Resetting..."
          keepLabel="Keep my version"
          pending={reset.isPending}
          onConfirm={doReset}
          onClose={() => setConfirmReset(false)}
        />
      ) : null}
    </EditorLayout>
  );
}
