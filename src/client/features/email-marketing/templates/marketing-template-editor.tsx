import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { categoryLabel } from "../../../../shared/display/labels";
import {
  type MarketingTemplate,
  type MarketingTemplateInput,
  type MarketingTemplateValues,
  marketingTemplateCategories,
  marketingTemplateInputSchema,
  marketingVariables,
} from "../../../../shared/schemas/email-templates";
import { Button } from "../../../components/ui/button";
import { FormField, focusFirstError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Switch } from "../../../components/ui/switch";
import { FormAlert } from "../../../components/ui/write-error";
import { serverMessage } from "../../../lib/api-error-message";
import { EditorLayout } from "./editor-layout";
import { EmailPreview } from "./email-preview";
import { fieldErrorsForSave, placeSaveErrors } from "./server-field-errors";
import { SubjectBodyFields } from "./subject-body-fields";
import { useLivePreview } from "./use-email-preview";
import { useSaveMarketingTemplate } from "./use-template-mutations";
import { useInsertTarget, VariableList } from "./variable-list";

const fieldNames = marketingTemplateInputSchema.keyof().options;

function initialValues(template: MarketingTemplate | null): MarketingTemplateInput {
  const category = (marketingTemplateCategories as readonly string[]).includes(template?.category ?? "")
    ? (template?.category as MarketingTemplateInput["category"])
    : "general";
  return {
    name: template?.name ?? "",
    description: template?.description ?? "",
    category,
    subject: template?.subject ?? "",
    content: template?.content ?? "",
    isActive: template?.isActive ?? true,
  };
}

/** Create or edit a campaign starting point, previewed as a campaign (kind "marketing"). */
export function MarketingTemplateEditor({
  template,
  onClose,
}: {
  /** null: a new template. */
  template: MarketingTemplate | null;
  onClose: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveMarketingTemplate();
  const target = useInsertTarget<"subject" | "content">("content");
  const form = useForm<MarketingTemplateInput, unknown, MarketingTemplateValues>({
    resolver: zodResolver(marketingTemplateInputSchema),
    defaultValues: initialValues(template),
  });
  const errors = form.formState.errors;
  const [subject, content] = useWatch({ control: form.control, name: ["subject", "content"] });
  const preview = useLivePreview({ kind: "marketing", subject: subject ?? "", body: content ?? "" });

  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      save.mutate(
        { id: template?.id ?? null, values },
        {
          onSuccess: onClose,
          onError: (error) => {
            // Unknown {{ variables }} and the like come back naming the field; show them there.
            const fields = fieldErrorsForSave(
              error,
              { subject: values.subject, content: values.content },
              { body: "content" },
            );
            if (!placeSaveErrors(form, fieldNames, fields, formRef.current)) {
              setFormError(serverMessage(error) ?? "The template could not be saved. Please try again.");
            }
          },
        },
      );
    },
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  const setText = (name: "subject" | "content", next: string) =>
    form.setValue(name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  return (
    <EditorLayout
      title={template ? `Edit "${template.name}"` : "New marketing template"}
      description="A starting point for campaigns: choosing it in a new campaign copies its subject and content."
      onBack={onClose}
      preview={<EmailPreview email={preview.data} isLoading={preview.isFetching} error={preview.error} />}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-name`} name="name" label="Name" required error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register("name")} />}
          </FormField>
          <FormField id={`${id}-category`} name="category" label="Category" error={errors.category?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register("category")}>
                {marketingTemplateCategories.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabel(category)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <FormField
          id={`${id}-description`}
          name="description"
          label="Description"
          hint="Only staff see it."
          error={errors.description?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register("description")} />}
        </FormField>
        <SubjectBodyFields
          id={id}
          form={form}
          target={target}
          body={{
            name: "content",
            label: "Content",
            hint: "Markdown with {{ variables }}. Every campaign gets an unsubscribe footer automatically.",
            rows: 14,
          }}
        />
        <VariableList
          variables={marketingVariables}
          onInsert={(token) => target.insert(token, setText)}
          headingId={`${id}-variables`}
        />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <div className="flex items-center gap-3" data-field="isActive">
              <Switch
                id={`${id}-active`}
                checked={field.value !== false}
                onCheckedChange={field.onChange}
                aria-describedby={`${id}-active-hint`}
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-active`}>Active</Label>
                <p id={`${id}-active-hint`} className="text-sm text-muted-foreground">
                  Only active templates are offered when starting a campaign.
                </p>
              </div>
            </div>
          )}
        />
        <FormAlert>{formError}</FormAlert>
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save template"}
          </Button>
        </div>
      </form>
    </EditorLayout>
  );
}
