import { useId, useState } from "react";
import type { Campaign, CampaignType } from "../../../../shared/schemas/email-campaigns";
import type { SubscriberSegment } from "../../../../shared/schemas/email-subscribers";
import { hasMergeFields, withSampleValues } from "../../../../shared/schemas/email-templates";
import { Button } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { FieldError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { RadioCard, RadioGroup } from "../../../components/ui/radio-group";
import { formatDateTime, localTimeZone, subscriberCount } from "./format";
import { localDateTimeToIso, todayInputValue } from "./local-date-time";
import { useAudienceCount } from "./use-audience";
import { useSendCampaign } from "./use-campaign-mutations";

type When = "now" | "schedule";

/** Send a draft now or at a local date and time, after confirming how many people it reaches. */
export function SendCampaignDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const id = useId();
  const send = useSendCampaign();
  const [when, setWhen] = useState<When>("now");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("09:00");
  const [problem, setProblem] = useState<string | null>(null);
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

  const confirm = () => {
    if (when === "now") {
      send.mutate({ id: campaign.id }, { onSuccess: onClose });
      return;
    }
    if (!scheduledAt) {
      setProblem("Choose a date and time.");
      return;
    }
    if (new Date(scheduledAt).getTime() <= Date.now()) {
      setProblem("Choose a time in the future.");
      return;
    }
    setProblem(null);
    send.mutate({ id: campaign.id, scheduledAt }, { onSuccess: onClose });
  };

  return (
    <AdminDialog
      open
      alert
      onOpenChange={(open) => !open && onClose()}
      title={`Send "${campaign.name}"`}
      description={
        hasMergeFields(campaign.subject)
          ? `Subject, with sample values: ${withSampleValues(campaign.subject)}. Each subscriber sees their own name and links.`
          : `Subject: ${campaign.subject}`
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={send.isPending || count === 0} onClick={confirm}>
            {send.isPending ? "Sending..." : when === "now" ? "Send now" : "Schedule"}
          </Button>
        </>
      }
    >
      <div className="grid gap-5">
        <RadioGroup
          aria-label="When to send"
          value={when}
          onValueChange={(value) => {
            setWhen(value as When);
            setProblem(null);
          }}
          className="sm:grid-cols-2"
        >
          <RadioCard id={`${id}-now`} value="now" title="Send now" description="Sending starts straight away." />
          <RadioCard id={`${id}-schedule`} value="schedule" title="Schedule" description="Pick when sending starts." />
        </RadioGroup>
        {when === "schedule" ? (
          <fieldset className="grid gap-3" data-field="scheduledAt">
            <legend className="mb-2 text-sm font-medium leading-none">Send at ({localTimeZone()} time)</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-date`}>Date</Label>
                <Input
                  id={`${id}-date`}
                  type="date"
                  min={todayInputValue()}
                  value={date}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-problem` : undefined}
                  onChange={(event) => setDate(event.target.value)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-time`}>Time</Label>
                <Input
                  id={`${id}-time`}
                  type="time"
                  value={time}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-problem` : undefined}
                  onChange={(event) => setTime(event.target.value)}
                />
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
      </div>
    </AdminDialog>
  );
}
