import type { CampaignStatus } from "../../../../shared/schemas/email-campaigns";
import { cn } from "../../../lib/cn";

/** draft grey, scheduled blue, sending amber, sent green, cancelled red; 800 text shades for 4.5:1. */
const statusClasses: Record<string, string> = {
  draft: "border-gray-300 bg-gray-100 text-gray-800",
  scheduled: "border-blue-200 bg-blue-100 text-blue-800",
  sending: "border-amber-200 bg-amber-100 text-amber-900",
  sent: "border-green-200 bg-green-100 text-green-800",
  cancelled: "border-red-200 bg-red-100 text-red-800",
  // Per-recipient statuses share the palette.
  pending: "border-gray-300 bg-gray-100 text-gray-800",
  failed: "border-red-200 bg-red-100 text-red-800",
  bounced: "border-orange-200 bg-orange-100 text-orange-900",
};

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function StatusBadge({ status }: { status: CampaignStatus | string }) {
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        statusClasses[status] ?? statusClasses.draft,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
