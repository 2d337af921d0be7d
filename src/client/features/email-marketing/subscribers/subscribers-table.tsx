import * as Tooltip from "@radix-ui/react-tooltip";
import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { AdminSubscriber } from "../../../../shared/schemas/email-subscribers";
import { cn } from "../../../lib/cn";
import { formatDate } from "../../applications/admin/format";
import { SubscriberStatusBadge, segmentLabel, sourceLabel, subscriberName, TagList } from "./subscriber-labels";

export type SubscriberAction = { kind: "edit" | "delete"; subscriber: AdminSubscriber };

const columns = ["Email", "Name", "Segment", "Status", "Source", "Tags", "Subscribed", "Actions"];

const actionClass =
  "inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

function ActionButton({
  label,
  onClick,
  children,
  danger,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          onClick={onClick}
          className={cn(actionClass, danger && "hover:bg-red-50 hover:text-destructive")}
        >
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

function RowActions({
  subscriber,
  onAction,
}: {
  subscriber: AdminSubscriber;
  onAction: (action: SubscriberAction) => void;
}) {
  return (
    <div className="flex items-center gap-0.5 md:justify-end">
      <ActionButton label={`Edit ${subscriber.email}`} onClick={() => onAction({ kind: "edit", subscriber })}>
        <Pencil aria-hidden="true" className="size-4" />
      </ActionButton>
      <ActionButton
        label={`Delete ${subscriber.email}`}
        danger
        onClick={() => onAction({ kind: "delete", subscriber })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </ActionButton>
    </div>
  );
}

export function SubscribersTable({
  items,
  onAction,
  status,
}: {
  items: AdminSubscriber[];
  onAction: (action: SubscriberAction) => void;
  /** What to show instead of rows when there are none. */
  status: ReactNode;
}) {
  return (
    <Tooltip.Provider>
      {/* Phones get one card per contact instead of a table eight columns wide. */}
      <ul aria-label="Subscribers" className="flex flex-col gap-3 md:hidden">
        {items.length === 0 ? (
          <li className="rounded-md border border-border px-3 py-8 text-center text-muted-foreground">{status}</li>
        ) : (
          items.map((subscriber) => (
            <li key={subscriber.id} className="rounded-md border border-border bg-card p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{subscriber.email}</p>
                  <p className="text-sm text-muted-foreground">{subscriberName(subscriber) ?? "No name"}</p>
                </div>
                <SubscriberStatusBadge status={subscriber.status} />
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {[segmentLabel(subscriber.segment), sourceLabel(subscriber.source), formatDate(subscriber.subscribedAt)]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {subscriber.tags.length > 0 ? (
                <div className="mt-2">
                  <TagList tags={subscriber.tags} />
                </div>
              ) : null}
              <div className="mt-2 border-t border-border pt-2">
                <RowActions subscriber={subscriber} onAction={onAction} />
              </div>
            </li>
          ))
        )}
      </ul>
      {/* Focusable: between md and 56rem the table scrolls sideways, and keyboards must reach that. */}
      <section
        aria-label="Subscribers table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="hidden overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring md:block"
      >
        <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
          <caption className="sr-only">Subscribers, newest first</caption>
          <thead className="bg-muted/60">
            <tr>
              {columns.map((column) => (
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
                <td colSpan={columns.length} className="px-3 py-10 text-center text-muted-foreground">
                  {status}
                </td>
              </tr>
            ) : (
              items.map((subscriber) => (
                <tr key={subscriber.id} className="border-t border-border align-middle hover:bg-muted/30">
                  <th scope="row" className="max-w-[18rem] truncate px-3 py-2 font-medium">
                    {subscriber.email}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {subscriberName(subscriber) ?? <span className="text-muted-foreground">—</span>}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{segmentLabel(subscriber.segment)}</td>
                  <td className="px-3 py-2">
                    <SubscriberStatusBadge status={subscriber.status} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{sourceLabel(subscriber.source)}</td>
                  <td className="max-w-[14rem] px-3 py-2">
                    <TagList tags={subscriber.tags} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(subscriber.subscribedAt)}</td>
                  <td className="px-2 py-1">
                    <RowActions subscriber={subscriber} onAction={onAction} />
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
