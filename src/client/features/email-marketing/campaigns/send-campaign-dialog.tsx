import { useId } from "react";
import { useController, useWatch } from "react-hook-form";
import { z } from "zod";
import {
  type Campaign,
  type CampaignType,
  campaignSendRequestSchema,
} from "../../../../shared/schemas/email-campaigns";
import type { SubscriberSegment } from "../../../../shared/schemas/email-subscribers";
import { hasMergeFields, withSampleValues } from "../../../../shared/schemas/email-templates";
import { FormDialog } from "../../../components/ui/dialog";
import { FieldError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { RadioCard, RadioGroup } from "../../../components/ui/radio-group";
import { useSchemaForm } from "../../../components/ui/rhf-fields";
import { formatDateTime, localTimeZone, subscriberCount } from "./format";
import { localDateTimeToIso, todayInputValue } from "./local-date-time";
import { useAudienceCount } from "./use-audience";
import { useSendCampaign } from "./use-campaign-mutations";

const whens = ["now", "schedule"] as const;

/**
 * Now, or a local date and time in the future, as the API's body (campaignSendRequestSchema). A
 * missing or past time is one message under both inputs, kept on the date.
 */
const formSchema = z
  .object({ when: z.enum(whens), date: z.string(), time: z.string() })
  .transform(({ when, date, time }, ctx) => {
    if (when === "now") return {};
    const scheduledAt = localDateTimeToIso(date, time);
    const problem = !scheduledAt
      ? "Choose a date and time."
      : new Date(scheduledAt).getTime() <= Date.now()
        ? "Choose a time in the future."
        : null;
    if (problem) {
      ctx.addIssue({ code: "custom", path: ["date"], message: problem });
      return z.NEVER;
    }
    return { scheduledAt };
  })
  .pipe(campaignSendRequestSchema);

/** Send a draft now or at a local date and time, after confirming how many people it reaches. */
export function SendCampaignDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const send = useSendCampaign();
  const form = useSchemaForm(formSchema, { when: "now", date: "", time: "09:00" }, { reValidateMode: "onSubmit" });
  const { field: whenField } = useController({ control: form.control, name: "when" });
  const when = whenField.value;
  const [date, time] = useWatch({ control: form.control, name: ["date", "time"] });
  const problem = form.formState.errors.date?.message;
  const audience = useAudienceCount(
    {
      campaignType: campaign.campaignType as CampaignType,
      targetSegments: campaign.targetSegments as SubscriberSegment[],
      targetTags: campaign.targetTags,
    },
    false,
  );
  const count = audience.data?.count;
  const scheduledAt = when === "schedule" ? localDateTimeToIso(date, time) : null;
  const invalid = {
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": problem ? `${id}-problem` : undefined,
  } as const;

  return (
    <FormDialog
      alert
      onClose={onClose}
      title={`Send "${campaign.name}"`}
      description={
        hasMergeFields(campaign.subject)
          ? `Subject, with sample values: ${withSampleValues(campaign.subject)}. Each subscriber sees their own name and links.`
          : `Subject: ${campaign.subject}`
      }
      formId={formId}
      onSubmit={form.handleSubmit((body) => send.mutate({ id: campaign.id, ...body }, { onSuccess: onClose }))}
      pending={send.isPending}
      submitLabel={when === "now" ? "Send now" : "Schedule"}
      pendingLabel="Sending..."
      disabled={count === 0}
      className="grid gap-5"
    >
      <RadioGroup
        aria-label="When to send"
        value={when}
        onValueChange={(value) => {
          whenField.onChange(value);
          form.clearErrors();
        }}
        className="sm:grid-cols-2"
      >
        <RadioCard id={`${id}-now`} value="now" title="Send now" description="Sending starts straight away." />
        <RadioCard id={`${id}-schedule`} value="schedule" title="Schedule" description="Pick when sending starts." />
      </RadioGroup>
      {when === "schedule" ? (
        <fieldset className="grid gap-3" data-field="date">
          <legend className="mb-2 text-sm font-medium leading-none">Send at ({localTimeZone()} time)</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-date`}>Date</Label>
              <Input id={`${id}-date`} type="date" min={todayInputValue()} {...invalid} {...form.register("date")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-time`}>Time</Label>
              <Input id={`${id}-time`} type="time" {...invalid} {...form.register("time")} />
            </div>
          </div>
          {problem ? <FieldError id={`${id}-problem`}>{problem}</FieldError> : null}
        </fieldset>
      ) : null}
      <p aria-live="polite" className="rounded-md border border-border bg-secondary px-4 py-3 text-sm font-medium">
        {audience.isError
          ? "The audience could not be counted; the server checks it again when sending."
          : count === undefined
            ? "Counting subscribers..."
            : count === 0
              ? "Nobody matches this campaign's targeting and consent, so it cannot be sent."
              : `Send to ${subscriberCount(count)}?`}
        {scheduledAt && count ? ` Sending starts ${formatDateTime(scheduledAt)}.` : null}
      </p>
    </FormDialog>
  );
}
