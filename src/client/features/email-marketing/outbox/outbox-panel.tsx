import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Eye, RotateCw } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { type EmailLog, type EmailLogListResponse, emailLogStatuses } from "../../../../shared/schemas/email-outbox";
import { lazyDialog } from "../../../components/lazy-dialog";
import { CardHead, type Column, dataRowClass, ListAndTable, PagedList } from "../../../components/ui/data-table";
import { FilterChips } from "../../../components/ui/filter-chips";
import { IconAction, IconActionProvider } from "../../../components/ui/icon-action";
import { SearchInput } from "../../../components/ui/search-input";
import { useDebouncedSearch } from "../../admin-shell/use-debounced-search";
import { EmailStatusBadge, emailStatusLabel, formatDateTime, kindLabel } from "./email-status";
import {
  canRetry,
  defaultOutboxFilters,
  isInFlight,
  type OutboxFilters,
  outboxListUrl,
  outboxPollMs,
} from "./outbox-query";
import { useRetryEmail } from "./use-retry-email";

const MessageDialog = lazyDialog(() => import("./message-dialog").then((m) => m.MessageDialog));

const chipStatuses = ["all", ...emailLogStatuses] as const;
const columns: Column[] = [
  "Recipient",
  "Subject",
  "Kind",
  "Status",
  "Sent / created",
  "Error",
  { key: "Actions", label: "Actions", className: "text-right" },
];

function RowActions({ log, onView }: { log: EmailLog; onView: (log: EmailLog) => void }) {
  const retry = useRetryEmail();
  const what = `message to ${log.recipientEmail}`;
  return (
    <div className="flex items-center gap-0.5 md:justify-end">
      <IconAction label={`View ${what}`} onClick={() => onView(log)}>
        <Eye aria-hidden="true" className="size-4" />
      </IconAction>
      {canRetry(log) ? (
        <IconAction label={`Retry ${what}`} disabled={retry.isPending} onClick={() => retry.mutate(log)}>
          <RotateCw aria-hidden="true" className="size-4" />
        </IconAction>
      ) : null}
    </div>
  );
}

function StatusChips({
  counts,
  value,
  onChange,
}: {
  counts: Record<string, number> | undefined;
  value: OutboxFilters["status"];
  onChange: (status: OutboxFilters["status"]) => void;
}) {
  // The server sends "all"; summing the known statuses is the fallback (never every key, "all" included).
  const total = counts
    ? (counts.all ?? emailLogStatuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0))
    : undefined;
  return (
    <FilterChips
      legend="Filter by status"
      options={chipStatuses}
      value={value}
      onChange={onChange}
      label={(status) => (status === "all" ? "All" : emailStatusLabel(status))}
      count={(status) => (status === "all" ? total : (counts?.[status] ?? (counts ? 0 : undefined)))}
    >
      <p className="text-sm text-muted-foreground">
        “Logged” means recorded only — SMTP not configured, so the message was stored but not sent.
      </p>
    </FilterChips>
  );
}

function OutboxTable({
  items,
  status,
  onView,
}: {
  items: EmailLog[];
  status: ReactNode;
  onView: (log: EmailLog) => void;
}) {
  return (
    <IconActionProvider>
      <ListAndTable
        label="Messages"
        caption="Outgoing emails, newest first"
        columns={columns}
        items={items}
        status={status}
        card={(log) => (
          <>
            <CardHead
              title={log.subject || "(no subject)"}
              titleClassName="truncate font-medium"
              subtitle={log.recipientEmail}
              subtitleClassName="truncate text-sm text-muted-foreground"
              badge={<EmailStatusBadge status={log.status} />}
            />
            <p className="mt-1 text-sm text-muted-foreground">
              {[kindLabel(log.kind), formatDateTime(log.sentAt ?? log.createdAt)].join(" · ")}
            </p>
            {log.errorMessage ? <p className="mt-1 text-sm break-words text-destructive">{log.errorMessage}</p> : null}
            <div className="mt-2 border-t border-border pt-2">
              <RowActions log={log} onView={onView} />
            </div>
          </>
        )}
        row={(log) => (
          <tr key={log.id} className={dataRowClass}>
            <td className="max-w-[16rem] px-3 py-2">
              <span className="block truncate">{log.recipientEmail}</span>
              {log.recipientName ? (
                <span className="block truncate text-xs text-muted-foreground">{log.recipientName}</span>
              ) : null}
            </td>
            <th scope="row" className="max-w-[18rem] truncate px-3 py-2 font-medium">
              {log.subject || "(no subject)"}
            </th>
            <td className="px-3 py-2 whitespace-nowrap">{kindLabel(log.kind)}</td>
            <td className="px-3 py-2">
              <EmailStatusBadge status={log.status} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <span className="sr-only">{log.sentAt ? "Sent " : "Created "}</span>
              {formatDateTime(log.sentAt ?? log.createdAt)}
              {log.sentAt ? null : (
                <span aria-hidden="true" className="ml-1 text-xs text-muted-foreground">
                  (created)
                </span>
              )}
            </td>
            <td className="max-w-[16rem] px-3 py-2">
              {log.errorMessage ? (
                <span className="line-clamp-2 break-words text-destructive" title={log.errorMessage}>
                  {log.errorMessage}
                </span>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </td>
            <td className="px-2 py-1">
              <RowActions log={log} onView={onView} />
            </td>
          </tr>
        )}
      />
    </IconActionProvider>
  );
}

/** The outbox: every email the system sent, queued or recorded, with a look at each message. */
export function OutboxPanel() {
  const id = useId();
  const [filters, setFilters] = useState<OutboxFilters>(defaultOutboxFilters);
  const search = useDebouncedSearch(setFilters);
  const [viewing, setViewing] = useState<EmailLog | null>(null);

  const list = useQuery<EmailLogListResponse>({
    queryKey: [outboxListUrl(filters)],
    placeholderData: keepPreviousData,
    // Poll only while something is still on its way; a settled outbox is not asked again.
    refetchInterval: (query) => (query.state.data?.items.some((log) => isInFlight(log.status)) ? outboxPollMs : false),
  });

  const status = list.isError
    ? "The outbox could not be loaded. Please try again."
    : list.isPending
      ? "Loading messages..."
      : filters.search || filters.status !== "all"
        ? "No messages match your search and filter."
        : "No emails yet.";

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h3 id={`${id}-title`} className="text-lg font-semibold">
            Outbox
          </h3>
          <p className="text-sm text-muted-foreground">Every email the system has sent or queued, newest first.</p>
        </div>
        <SearchInput id={`${id}-search`} search={search} placeholder="Recipient or subject" inputClassName="sm:w-64" />
      </div>
      <StatusChips
        counts={list.data?.counts}
        value={filters.status}
        onChange={(next) => setFilters((current) => ({ ...current, status: next, page: 1 }))}
      />
      <PagedList
        query={list}
        noun="message"
        label="Outbox pages"
        onPage={(page) => setFilters((current) => ({ ...current, page }))}
      >
        <OutboxTable items={list.data?.items ?? []} status={status} onView={setViewing} />
      </PagedList>
      {viewing ? <MessageDialog log={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
