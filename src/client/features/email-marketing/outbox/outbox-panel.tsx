import * as Tooltip from "@radix-ui/react-tooltip";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Eye, RotateCw, Search } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { type EmailLog, type EmailLogListResponse, emailLogStatuses } from "../../../../shared/schemas/email-outbox";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { ListPagination } from "../../../components/ui/pagination";
import { cn } from "../../../lib/cn";
import { useDebouncedSearch } from "../../admin-shell/use-debounced-search";
import { EmailStatusBadge, emailStatusLabel, formatDateTime, kindLabel } from "./email-status";
import { MessageDialog } from "./message-dialog";
import {
  canRetry,
  defaultOutboxFilters,
  isInFlight,
  type OutboxFilters,
  outboxListUrl,
  outboxPollMs,
} from "./outbox-query";
import { useRetryEmail } from "./use-retry-email";

const numberFormat = new Intl.NumberFormat("en-GB");
const chipStatuses = ["all", ...emailLogStatuses] as const;

const actionClass =
  "inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50";

function ActionButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button type="button" aria-label={label} onClick={onClick} disabled={disabled} className={actionClass}>
          {children}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={4}
          className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

function RowActions({ log, onView }: { log: EmailLog; onView: (log: EmailLog) => void }) {
  const retry = useRetryEmail();
  const what = `message to ${log.recipientEmail}`;
  return (
    <div className="flex items-center gap-0.5 md:justify-end">
      <ActionButton label={`View ${what}`} onClick={() => onView(log)}>
        <Eye aria-hidden="true" className="size-4" />
      </ActionButton>
      {canRetry(log) ? (
        <ActionButton label={`Retry ${what}`} disabled={retry.isPending} onClick={() => retry.mutate(log)}>
          <RotateCw aria-hidden="true" className="size-4" />
        </ActionButton>
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
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="sr-only">Filter by status</legend>
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {chipStatuses.map((status) => {
          const n = status === "all" ? total : (counts?.[status] ?? (counts ? 0 : undefined));
          const selected = value === status;
          return (
            <button
              key={status}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(status)}
              className={cn(
                "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                selected
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-card text-foreground hover:bg-muted",
              )}
            >
              {status === "all" ? "All" : emailStatusLabel(status)}{" "}
              {n === undefined ? null : (
                <span className={cn("tabular-nums", selected ? "opacity-90" : "text-muted-foreground")}>
                  {numberFormat.format(n)}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <p className="text-sm text-muted-foreground">
        “Logged” means recorded only — SMTP not configured, so the message was stored but not sent.
      </p>
    </fieldset>
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
    <Tooltip.Provider>
      <ul aria-label="Messages" className="flex flex-col gap-3 md:hidden">
        {items.length === 0 ? (
          <li className="rounded-md border border-border px-3 py-8 text-center text-muted-foreground">{status}</li>
        ) : (
          items.map((log) => (
            <li key={log.id} className="rounded-md border border-border bg-card p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{log.subject || "(no subject)"}</p>
                  <p className="truncate text-sm text-muted-foreground">{log.recipientEmail}</p>
                </div>
                <EmailStatusBadge status={log.status} />
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {[kindLabel(log.kind), formatDateTime(log.sentAt ?? log.createdAt)].join(" · ")}
              </p>
              {log.errorMessage ? (
                <p className="mt-1 text-sm break-words text-destructive">{log.errorMessage}</p>
              ) : null}
              <div className="mt-2 border-t border-border pt-2">
                <RowActions log={log} onView={onView} />
              </div>
            </li>
          ))
        )}
      </ul>
      {/* Focusable: between md and 56rem the table scrolls sideways, and keyboards must reach that. */}
      <section
        aria-label="Messages table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="hidden overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring md:block"
      >
        <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
          <caption className="sr-only">Outgoing emails, newest first</caption>
          <thead className="bg-muted/60">
            <tr>
              {["Recipient", "Subject", "Kind", "Status", "Sent / created", "Error", "Actions"].map((column) => (
                <th
                  key={column}
                  scope="col"
                  className={cn("px-3 py-2 font-semibold whitespace-nowrap", column === "Actions" && "text-right")}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-10 text-center text-muted-foreground">
                  {status}
                </td>
              </tr>
            ) : (
              items.map((log) => (
                <tr key={log.id} className="border-t border-border align-middle hover:bg-muted/30">
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
              ))
            )}
          </tbody>
        </table>
      </section>
    </Tooltip.Provider>
  );
}

/** The outbox: every email the system sent, queued or recorded, with a look at each message. */
export function OutboxPanel() {
  const id = useId();
  const [filters, setFilters] = useState<OutboxFilters>(defaultOutboxFilters);
  const [searchText, setSearchText] = useDebouncedSearch(setFilters);
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
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-search`}>Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-search`}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Recipient or subject"
              className="pl-9 sm:w-64"
            />
          </div>
        </div>
      </div>
      <StatusChips
        counts={list.data?.counts}
        value={filters.status}
        onChange={(next) => setFilters((current) => ({ ...current, status: next, page: 1 }))}
      />
      <div aria-busy={list.isFetching} className={list.isPlaceholderData ? "opacity-70 transition-opacity" : undefined}>
        <OutboxTable items={list.data?.items ?? []} status={status} onView={setViewing} />
      </div>
      {list.data ? (
        <ListPagination
          data={{ ...list.data, itemCount: list.data.items.length }}
          noun="message"
          label="Outbox pages"
          onPage={(page) => setFilters((current) => ({ ...current, page }))}
        />
      ) : null}
      {viewing ? <MessageDialog log={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
