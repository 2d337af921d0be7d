import { Badge } from "../../../components/ui/badge";

const segmentLabels: Record<string, string> = {
  general: "General",
  waitlist: "Waitlist",
  applicant: "Applicant",
  approved: "Approved",
  rejected: "Rejected",
};

const sourceLabels: Record<string, string> = {
  waitlist_form: "Waitlist form",
  application_form: "Application form",
  admin_upload: "Added by staff",
};

const statusLabels: Record<string, string> = {
  active: "Active",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
};

function titleCase(value: string): string {
  const words = value.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function segmentLabel(segment: string): string {
  return segmentLabels[segment] ?? titleCase(segment);
}

export function sourceLabel(source: string | null): string {
  if (!source) return "Unknown";
  return sourceLabels[source] ?? titleCase(source);
}

export function subscriberStatusLabel(status: string): string {
  return statusLabels[status] ?? titleCase(status);
}

/** Text colours are the 800 shades on 100 backgrounds for 4.5:1 contrast. */
const statusClasses: Record<string, string> = {
  active: "border-green-200 bg-green-100 text-green-800",
  unsubscribed: "border-gray-300 bg-gray-100 text-gray-800",
  bounced: "border-orange-200 bg-orange-100 text-orange-800",
  complained: "border-red-200 bg-red-100 text-red-800",
};

export function SubscriberStatusBadge({ status }: { status: string }) {
  return (
    <Badge data-status={status} className={statusClasses[status] ?? statusClasses.unsubscribed}>
      {subscriberStatusLabel(status)}
    </Badge>
  );
}

export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag} className="rounded bg-muted px-1.5 py-0.5 text-xs text-foreground">
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** "Ada Lovelace", or null when neither name is known. */
export function subscriberName(subscriber: { firstName: string | null; lastName: string | null }): string | null {
  return [subscriber.firstName, subscriber.lastName].filter((part) => part?.trim()).join(" ") || null;
}
