import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useState } from "react";
import { businessTimeZone } from "../../../shared/constants";
import { formatAmount } from "../../../shared/finance/money";
import {
  type PaymentReminder,
  type PaymentReminderList,
  type PaymentReminderStatus,
  paymentReminderStatuses,
  paymentReminderStatusLabels,
  reminderSentMessage,
  reminderTimingLabel,
} from "../../../shared/schemas/payment-reminders";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FilterChips } from "../../components/ui/filter-chips";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { serverMessage } from "../../lib/api-error-message";
import { useWrite } from "../../lib/use-write";
import { seasonUrl, useSeason } from "../admin-shell/use-season";
import { paymentRemindersPath } from "./payments-api";

type Filter = "all" | PaymentReminderStatus;
const filters: readonly Filter[] = ["all", ...paymentReminderStatuses];

/** The query key is the URL (the default query function fetches the key): the season's reminders. */
export function remindersUrl(filter: Filter, retreatId?: string): string {
  return seasonUrl(paymentRemindersPath, retreatId, filter === "all" ? {} : { status: filter });
}

const statusClasses: Record<string, string> = {
  pending: "border-blue-200 bg-blue-100 text-blue-800",
  sent: "border-green-200 bg-green-100 text-green-800",
  failed: "border-red-200 bg-red-100 text-red-800",
  overdue: "border-amber-200 bg-amber-100 text-amber-900",
  cancelled: "border-gray-300 bg-gray-100 text-gray-700",
};

function statusLabel(status: string): string {
  return paymentReminderStatusLabels[status as PaymentReminderStatus] ?? status;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge className={statusClasses[status] ?? "border-gray-300 bg-gray-100 text-gray-800"}>
      {statusLabel(status)}
    </Badge>
  );
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});
// Reminders go out at 09:00 UK time: show times as the business sees them, whatever the viewer's zone.
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: businessTimeZone,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function formatDay(day: string | null): string {
  return day ? dayFormat.format(new Date(`${day}T00:00:00Z`)) : "no date";
}

function formatTime(iso: string | null): string {
  return iso ? timeFormat.format(new Date(iso)) : "";
}

/**
 * When it went or goes out, in words that stay true as time passes: a pending reminder whose time
 * has come is due now (the next run sends it), never "Goes out" on a date already gone; one that
 * will not go out says why (the server's reason).
 */
export function whenLine(r: PaymentReminder, now: Date = new Date()): string {
  if (r.status === "sent" && r.sentAt) return `Sent ${formatTime(r.sentAt)}`;
  if (r.status === "overdue") return "Not sent: the due date passed first";
  if (r.blockedReason) return r.blockedReason;
  if (r.status === "pending" && r.scheduledFor) {
    return new Date(r.scheduledFor) > now
      ? `Goes out ${formatTime(r.scheduledFor)}`
      : `Due now (was set for ${formatTime(r.scheduledFor)})`;
  }
  return r.scheduledFor ? `Was due out ${formatTime(r.scheduledFor)}` : "";
}

function useSendReminder() {
  return useWrite<PaymentReminder, PaymentReminder>({
    request: (reminder) => ({ method: "POST", path: `${paymentRemindersPath}/${reminder.id}/send` }),
    success: reminderSentMessage,
    failure: "Failed to send reminder",
    // A failure may have changed the status too (pending to failed): refresh either way.
    refresh: [paymentRemindersPath],
    refreshOnError: true,
    holdUntilRefreshed: true,
  });
}

function ReminderRow({
  reminder,
  onSend,
  sending,
}: {
  reminder: PaymentReminder;
  onSend: () => void;
  sending: boolean;
}) {
  const who = reminder.applicationName ?? "Unknown applicant";
  // The server's send rule decides: Send is offered exactly where POST .../send would send.
  const sendable = reminder.canSend;
  const when = whenLine(reminder);
  return (
    <li
      aria-label={`${who}, ${reminderTimingLabel(reminder)}`}
      className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3"
    >
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium break-words">{who}</p>
        <p className="text-sm text-muted-foreground">
          {[
            reminder.paymentDescription,
            formatAmount(reminder.amount, reminder.currency),
            `due ${formatDay(reminder.dueDate)}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <p className="text-sm text-muted-foreground">
          {reminderTimingLabel(reminder)}
          {when ? ` · ${when}` : ""}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <StatusBadge status={reminder.status} />
        {sendable ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onSend}
            disabled={sending}
            aria-label={`Send reminder to ${who}`}
          >
            <Send aria-hidden="true" className="size-4" />
            {sending ? "Sending..." : "Send"}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The Payments tab's reminders: what went out, what is waiting, and "send now". */
export function RemindersSection() {
  const [filter, setFilter] = useState<Filter>("all");
  const season = useSeason();
  const list = useQuery<PaymentReminderList>({
    queryKey: [remindersUrl(filter, season.retreatId)],
    enabled: !season.isLoading,
    placeholderData: keepPreviousData,
    // The worker plans and sends reminders moments after a plan or payment changes, elsewhere
    // in the back office: a list cached on an earlier visit to the tab would hide them.
    refetchOnMount: "always",
  });
  const send = useSendReminder();
  const counts = list.data?.counts;
  const items = list.data?.items ?? [];

  return (
    <SectionCard
      title="Payment reminders"
      description="Emailed before each deposit and instalment falls due, and once when one is overdue, at 09:00 UK time."
      contentClassName="grid gap-4"
    >
      <FilterChips
        legend="Filter reminders by status"
        options={filters}
        value={filter}
        onChange={setFilter}
        label={(f) => (f === "all" ? "All" : statusLabel(f))}
        count={(f) => counts?.[f]}
        rowClassName="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap"
      />

      <LoadStatus
        className=""
        error={list.isError && (serverMessage(list.error) ?? "Could not load the payment reminders.")}
        loading={list.isLoading && "Loading reminders..."}
        empty={
          list.data &&
          items.length === 0 &&
          (filter === "all"
            ? "No reminders yet: they appear once a payment plan exists."
            : "No reminders with this status.")
        }
      />
      {items.length > 0 ? (
        <ul aria-label="Payment reminders" className="divide-y divide-border">
          {items.map((r) => (
            <ReminderRow
              key={r.id}
              reminder={r}
              sending={send.isPending && send.variables?.id === r.id}
              onSend={() => send.mutate(r)}
            />
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}
