import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { AdminSubscriber } from "../../../../shared/schemas/email-subscribers";
import { CardHead, type Column, dataRowClass, ListAndTable } from "../../../components/ui/data-table";
import { IconAction, IconActionProvider } from "../../../components/ui/icon-action";
import { formatDate } from "../../applications/admin/format";
import { SubscriberStatusBadge, segmentLabel, sourceLabel, subscriberName, TagList } from "./subscriber-labels";

export type SubscriberAction = { kind: "edit" | "delete"; subscriber: AdminSubscriber };

const columns: Column[] = [
  "Email",
  "Name",
  "Segment",
  "Status",
  "Source",
  "Tags",
  "Subscribed",
  { key: "Actions", label: "Actions", className: "text-right" },
];

function RowActions({
  subscriber,
  onAction,
}: {
  subscriber: AdminSubscriber;
  onAction: (action: SubscriberAction) => void;
}) {
  return (
    <div className="flex items-center gap-0.5 md:justify-end">
      <IconAction label={`Edit ${subscriber.email}`} onClick={() => onAction({ kind: "edit", subscriber })}>
        <Pencil aria-hidden="true" className="size-4" />
      </IconAction>
      <IconAction label={`Delete ${subscriber.email}`} danger onClick={() => onAction({ kind: "delete", subscriber })}>
        <Trash2 aria-hidden="true" className="size-4" />
      </IconAction>
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
    <IconActionProvider>
      {/* Phones get one card per contact instead of a table eight columns wide. */}
      <ListAndTable
        label="Subscribers"
        caption="Subscribers, newest first"
        columns={columns}
        items={items}
        status={status}
        card={(subscriber) => (
          <>
            <CardHead
              title={subscriber.email}
              titleClassName="truncate font-medium"
              subtitle={subscriberName(subscriber) ?? "No name"}
              badge={<SubscriberStatusBadge status={subscriber.status} />}
            />
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
          </>
        )}
        row={(subscriber) => (
          <tr key={subscriber.id} className={dataRowClass}>
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
        )}
      />
    </IconActionProvider>
  );
}
