import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import {
  type Campaign,
  type CampaignInput,
  type CampaignType,
  type CampaignValues,
  campaignInputSchema,
  campaignTypes,
} from "../../../../shared/schemas/email-campaigns";
import {
  type MarketingTemplate,
  marketingTemplateListSchema,
  marketingVariables,
} from "../../../../shared/schemas/email-templates";
import { type SubscriberSegment, subscriberSegments } from "../../../../shared/subscriber-values";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormDialog } from "../../../components/ui/dialog";
import { FieldGroup, FormField, focusFirstError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { RadioCard, RadioGroup } from "../../../components/ui/radio-group";
import { FormAlert } from "../../../components/ui/write-error";
import { serverMessage } from "../../../lib/api-error-message";
import { marketingTemplatesPath, templatePreviewPath } from "../email-marketing-api";
import { fieldErrorsForSave, placeSaveErrors } from "../templates/server-field-errors";
import { SubjectBodyFields } from "../templates/subject-body-fields";
import { useInsertTarget, VariableList } from "../templates/variable-list";
import { CampaignPreviewDialog } from "./campaign-preview-dialog";
import { subscriberCount } from "./format";
import { TagPicker } from "./tag-picker";
import { useAudienceCount } from "./use-audience";
import { useSaveCampaign } from "./use-campaign-mutations";

export const campaignTypeOptions: Record<CampaignType, { title: string; description: string }> = {
  marketing: { title: "Marketing", description: "Only subscribers who agreed to marketing emails." },
  application: {
    title: "Application updates",
    description: "Subscribers who keep application emails on (news about their application).",
  },
  system: { title: "System notices", description: "Subscribers who keep system notifications on (service messages)." },
};

export const segmentLabels: Record<SubscriberSegment, string> = {
  general: "General (newsletter only)",
  waitlist: "Waitlist",
  applicant: "Applicants",
  approved: "Approved",
  rejected: "Rejected",
};

const formFields = campaignInputSchema.keyof().options;

/**
 * A stored address the form's own rule accepts, else "" ("use the default"). The server stores the
 * EMAIL_FROM address when the field was left empty, and a development default such as
 * hello@localhost would otherwise make the draft impossible to save again.
 */
function optionalAddress(value: string | null): string {
  if (!value) return "";
  return campaignInputSchema.shape.fromEmail.safeParse(value).success ? value : "";
}

function initialValues(campaign: Campaign | null): CampaignInput {
  if (!campaign) {
    return {
      name: "",
      subject: "",
      content: "",
      campaignType: "marketing",
      targetSegments: [],
      targetTags: [],
      fromName: "Retreat HQ",
      fromEmail: "",
      replyTo: "",
      templateId: null,
    };
  }
  return {
    name: campaign.name,
    subject: campaign.subject,
    content: campaign.content,
    campaignType: (campaignTypes as readonly string[]).includes(campaign.campaignType)
      ? (campaign.campaignType as CampaignType)
      : "marketing",
    targetSegments: campaign.targetSegments.filter((s): s is SubscriberSegment =>
      (subscriberSegments as readonly string[]).includes(s),
    ),
    targetTags: campaign.targetTags,
    fromName: campaign.fromName,
    fromEmail: optionalAddress(campaign.fromEmail),
    replyTo: optionalAddress(campaign.replyTo),
    templateId: campaign.templateId,
  };
}

/** New campaign (a draft) or edit a draft: content, targeting with a live audience count, sender. */
export function CampaignFormDialog({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const target = useInsertTarget<"subject" | "content">("content");
  const [preview, setPreview] = useState<{ subject: string; body: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveCampaign();
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  // The message sits at the end of a scrolling dialog: bring it into view (role=alert reads it out).
  useEffect(() => {
    if (formError) formErrorRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [formError]);
  const form = useForm<CampaignInput, unknown, CampaignValues>({
    resolver: zodResolver(campaignInputSchema),
    defaultValues: initialValues(campaign),
  });
  const errors = form.formState.errors;
  const [campaignType, targetSegments, targetTags, templateId] = useWatch({
    control: form.control,
    name: ["campaignType", "targetSegments", "targetTags", "templateId"],
  });
  const audience = useAudienceCount({
    campaignType: campaignType ?? "marketing",
    targetSegments: targetSegments ?? [],
    targetTags: targetTags ?? [],
  });
  const templates = useQuery({
    queryKey: [marketingTemplatesPath],
    select: (data: unknown) => marketingTemplateListSchema.parse(data).items,
  });
  const templateChoices = (templates.data ?? []).filter((t) => t.isActive || t.id === templateId);

  const startFrom = (template: MarketingTemplate | undefined) => {
    if (!template) {
      form.setValue("templateId", null, { shouldDirty: true });
      return;
    }
    form.setValue("templateId", template.id, { shouldDirty: true });
    form.setValue("subject", template.subject, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue("content", template.content, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const insertVariable = (token: string) =>
    target.insert(token, (name, next) =>
      form.setValue(name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    );

  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      save.mutate(
        { id: campaign?.id ?? null, values },
        {
          onSuccess: onClose,
          onError: (error) => {
            // Unknown {{ variables }} and the like come back naming the field; show them there.
            const fields = fieldErrorsForSave(
              error,
              { subject: values.subject, content: values.content },
              { body: "content" },
            );
            if (!placeSaveErrors(form, formFields, fields, formRef.current)) {
              setFormError(serverMessage(error) ?? "The campaign could not be saved. Please try again.");
            }
          },
        },
      );
    },
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  const text = (
    name: "name" | "fromName" | "fromEmail" | "replyTo",
    label: string,
    options: { required?: boolean; type?: string; placeholder?: string; hint?: string } = {},
  ) => (
    <FormField
      id={`${id}-${name}`}
      name={name}
      label={label}
      required={options.required}
      hint={options.hint}
      error={errors[name]?.message}
    >
      {(control) => (
        <Input
          {...control}
          type={options.type ?? "text"}
          autoComplete="off"
          placeholder={options.placeholder}
          {...form.register(name)}
        />
      )}
    </FormField>
  );

  return (
    <FormDialog
      size="lg"
      title={campaign ? "Edit campaign" : "New campaign"}
      description="Campaigns are saved as drafts. Send or schedule them from the list."
      onClose={onClose}
      formId={`${id}-form`}
      formRef={formRef}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={campaign ? "Save changes" : "Create draft"}
      className="grid gap-5"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-template`}>Start from template</Label>
        <NativeSelect
          id={`${id}-template`}
          value={templateId ?? ""}
          aria-describedby={`${id}-template-hint`}
          onChange={(event) => startFrom(templateChoices.find((t) => t.id === event.target.value))}
        >
          <option value="">No template</option>
          {templateChoices.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id}-template-hint`} className="text-sm text-muted-foreground">
          Choosing a template replaces the subject and content with the template's.
        </p>
      </div>
      {text("name", "Name", { required: true, hint: "Only staff see the name." })}
      <SubjectBodyFields
        id={id}
        form={form}
        target={target}
        body={{
          name: "content",
          label: "Content",
          hint: "Markdown: **bold**, [link](https://…), blank lines between paragraphs. Variables are filled in for each subscriber.",
          rows: 12,
        }}
      />
      <VariableList variables={marketingVariables} onInsert={insertVariable} headingId={`${id}-variables`} />
      <div>
        <Button
          variant="outline"
          onClick={() => {
            const { subject, content } = form.getValues();
            setPreview({ subject: subject ?? "", body: content ?? "" });
          }}
        >
          Preview
        </Button>
      </div>

      <Controller
        control={form.control}
        name="campaignType"
        render={({ field }) => (
          <FieldGroup
            id={`${id}-type`}
            name="campaignType"
            label="Campaign type"
            hint="Decides which consent a subscriber needs. Unsubscribed people never receive campaigns."
            error={errors.campaignType?.message}
          >
            {(control) => (
              <RadioGroup {...control} value={field.value} onValueChange={field.onChange} className="sm:grid-cols-3">
                {campaignTypes.map((type) => (
                  <RadioCard
                    key={type}
                    id={`${id}-type-${type}`}
                    value={type}
                    title={campaignTypeOptions[type].title}
                    description={campaignTypeOptions[type].description}
                  />
                ))}
              </RadioGroup>
            )}
          </FieldGroup>
        )}
      />

      <Controller
        control={form.control}
        name="targetSegments"
        render={({ field }) => {
          const chosen = field.value ?? [];
          return (
            <fieldset className="grid gap-2" data-field="targetSegments">
              <legend className="mb-2 text-sm font-medium leading-none">Target segments</legend>
              <p className="-mt-1 text-sm text-muted-foreground">None checked: every segment.</p>
              <div className="flex flex-wrap gap-x-5 gap-y-3">
                {subscriberSegments.map((segment) => (
                  <div key={segment} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-segment-${segment}`}
                      checked={chosen.includes(segment)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true ? [...chosen, segment] : chosen.filter((value) => value !== segment),
                        )
                      }
                    />
                    <Label htmlFor={`${id}-segment-${segment}`}>{segmentLabels[segment]}</Label>
                  </div>
                ))}
              </div>
            </fieldset>
          );
        }}
      />

      <Controller
        control={form.control}
        name="targetTags"
        render={({ field }) => (
          <TagPicker
            id={`${id}-tags`}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.targetTags?.message}
          />
        )}
      />

      <p
        aria-live="polite"
        className="rounded-md border border-border bg-secondary px-4 py-3 text-sm font-medium"
        data-testid="audience-count"
      >
        {audience.isError
          ? "The audience could not be counted."
          : audience.data
            ? `This campaign will reach ${subscriberCount(audience.data.count)}`
            : "Counting subscribers..."}
      </p>

      <div className="grid gap-4 sm:grid-cols-3">
        {text("fromName", "From name", { required: true })}
        {text("fromEmail", "From email", { type: "email", placeholder: "Default sender address" })}
        {text("replyTo", "Reply-to", { type: "email", placeholder: "Same as from email" })}
      </div>

      <FormAlert ref={formErrorRef}>{formError}</FormAlert>
      {preview ? (
        <CampaignPreviewDialog
          title="Preview"
          url={templatePreviewPath}
          input={{ kind: "marketing", ...preview }}
          onClose={() => setPreview(null)}
        />
      ) : null}
    </FormDialog>
  );
}
