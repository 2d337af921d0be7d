import { Badge } from "../../../components/ui/badge";

const statusLabels: Record<string, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  logged: "Logged",
  failed: "Failed",
};

const statusClasses: Record<string, string> = {
  queued: "border-blue-200 bg-blue-100 text-blue-800",
  sending: "border-purple-200 bg-purple-100 text-purple-800",
  sent: "border-green-200 bg-green-100 text-green-800",
  logged: "border-gray-300 bg-gray-100 text-gray-800",
  failed: "border-red-200 bg-red-100 text-red-800",
};

export function emailStatusLabel(status: string): string {
  return statusLabels[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** "waitlist_welcome" -> "Waitlist welcome" */
export function kindLabel(kind: string | null): string {
  if (!kind) return "—";
  const words = kind.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const loggedExplanation = "Recorded only — SMTP not configured";

export function EmailStatusBadge({ status }: { status: string }) {
  return (
    <Badge
      data-status={status}
      title={status === "logged" ? loggedExplanation : undefined}
      className={statusClasses[status] ?? statusClasses.logged}
    >
      {emailStatusLabel(status)}
    </Badge>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "3 Jan 2026, 10:04" */
export function formatDateTime(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeFormat.format(date);
}
