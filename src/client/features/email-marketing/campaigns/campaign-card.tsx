import { useId } from "react";
import type { Campaign } from "../../../../shared/schemas/email-campaigns";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { campaignTypeOptions } from "./campaign-form-dialog";
import { StatusBadge } from "./campaign-status-badge";
import { formatCount, formatDateTime } from "./format";

export type CampaignAction = "edit" | "preview" | "test" | "send" | "duplicate" | "delete" | "cancel" | "recipients";

const actionLabels: Record<CampaignAction, string> = {
  edit: "Edit",
  preview: "Preview",
  test: "Send test",
  send: "Send",
  duplicate: "Duplicate",
  delete: "Delete",
  cancel: "Cancel",
  recipients: "Recipients",
};

/** What each status allows: drafts are editable, going-out campaigns only stoppable, the rest reusable. */
export function actionsFor(status: string): CampaignAction[] {
  switch (status) {
    case "draft":
      return ["edit", "preview", "test", "send", "duplicate", "delete"];
    case "scheduled":
      return ["cancel", "preview"];
    case "sending":
      return ["cancel"];
    case "sent":
    case "cancelled":
      return ["preview", "duplicate", "recipients"];
    default:
      return [];
  }
}

/** The button's accessible name: the visible verb plus the campaign, so it is unique on the page. */
function accessibleName(action: CampaignAction, name: string): string {
  return action === "test" || action === "recipients"
    ? `${actionLabels[action]} of ${name}`
    : `${actionLabels[action]} ${name}`;
}

/** Share of recipients already handled (sent, bounced, failed), 0 to 100. */
export function progressPercent(campaign: Pick<Campaign, "totalRecipients" | "pending">): number {
  if (campaign.totalRecipients <= 0) return 0;
  const done = campaign.totalRecipients - campaign.pending;
  return Math.min(100, Math.max(0, Math.round((done / campaign.totalRecipients) * 100)));
}

const counters: { key: "totalRecipients" | "delivered" | "bounced" | "unsubscribed" | "failed"; label: string }[] = [
  { key: "totalRecipients", label: "Recipients" },
  { key: "delivered", label: "Delivered" },
  { key: "bounced", label: "Bounced" },
  { key: "unsubscribed", label: "Unsubscribed" },
  { key: "failed", label: "Failed" },
];

export function CampaignCard({
  campaign,
  onAction,
}: {
  campaign: Campaign;
  onAction: (action: CampaignAction, campaign: Campaign) => void;
}) {
  const id = useId();
  const percent = progressPercent(campaign);
  const dates = [
    { label: "Created", value: campaign.createdAt },
    { label: campaign.status === "scheduled" ? "Scheduled for" : "Scheduled", value: campaign.scheduledAt },
    { label: "Sent", value: campaign.sentAt },
    { label: "Cancelled", value: campaign.cancelledAt },
  ].filter((entry) => entry.value);
  const type = campaignTypeOptions[campaign.campaignType as keyof typeof campaignTypeOptions]?.title;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" role="article" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-name`} className="text-base font-semibold break-words">
            {campaign.name}
          </h3>
          <p className="text-sm break-words text-muted-foreground">
            <span className="sr-only">Subject: </span>
            {campaign.subject}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {type ? <span className="text-xs text-muted-foreground">{type}</span> : null}
          <StatusBadge status={campaign.status} />
        </div>
      </div>

      {campaign.status === "sending" ? (
        <div className="grid gap-1.5">
          <div className="flex justify-between text-sm">
            <span id={`${id}-progress`}>Sending progress</span>
            <span>
              {campaign.totalRecipients === 0
                ? "Preparing the recipient list..."
                : `${formatCount(campaign.totalRecipients - campaign.pending)} of ${formatCount(campaign.totalRecipients)} (${percent}%)`}
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`${id}-progress ${id}-name`}
            aria-valuemin={0}
            aria-valuemax={100}
            // Unknown until the recipient list exists: an indeterminate bar has no value.
            aria-valuenow={campaign.totalRecipients === 0 ? undefined : percent}
            className="h-2.5 overflow-hidden rounded-full bg-amber-100"
          >
            <div className="h-full rounded-full bg-amber-500 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5">
        {counters.map((counter) => (
          <div key={counter.key} className="flex flex-col">
            <dt className="text-muted-foreground">{counter.label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-counter={counter.key}>
              {formatCount(campaign[counter.key])}
            </dd>
          </div>
        ))}
      </dl>

      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
        {dates.map((entry) => (
          <div key={entry.label} className="flex gap-1">
            <dt>{entry.label}:</dt>
            <dd>{formatDateTime(entry.value)}</dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        {actionsFor(campaign.status).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === "send" ? "default" : action === "delete" || action === "cancel" ? "ghost" : "outline"}
            aria-label={accessibleName(action, campaign.name)}
            onClick={() => onAction(action, campaign)}
          >
            {actionLabels[action]}
          </Button>
        ))}
      </div>
    </Card>
  );
}
