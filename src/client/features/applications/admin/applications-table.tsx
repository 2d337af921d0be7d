import { ArrowDown, ArrowRight, ArrowUp, ArrowUpDown, Clock, Eye, Mail, Pencil, Trash2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import {
  type AdminApplication,
  type ApplicationSortField,
  type ApplicationStageValue,
  canMoveAside,
  nextForwardStage,
  type SortOrder,
} from "../../../../shared/schemas/applications-admin";
import { CardHead, type Column, dataRowClass, ListAndTable } from "../../../components/ui/data-table";
import { ActionTip, IconAction, IconActionProvider, iconActionClass } from "../../../components/ui/icon-action";
import { cn } from "../../../lib/cn";
import { formatDate, fullName } from "./format";
import { StageBadge } from "./stage-badge";

export type RowAction =
  | { kind: "view" | "edit" | "delete"; application: AdminApplication }
  | { kind: "stage"; application: AdminApplication; stage: ApplicationStageValue };

const columns: { label: string; sort?: ApplicationSortField; className?: string }[] = [
  { label: "Name", sort: "name" },
  { label: "Email", sort: "email" },
  { label: "Country", sort: "country" },
  { label: "Stage", sort: "stage" },
  { label: "Score", sort: "score" },
  { label: "Submitted", sort: "submittedAt" },
  { label: "Actions", className: "text-right" },
];

/** Keeps each action in the same place on every row, whichever actions a row offers. */
function Slot() {
  return <span aria-hidden="true" className="hidden size-9 md:inline-block" />;
}

/** The row's actions: those spec section 4 offers for the application's stage, and no others. */
export function RowActions({
  application,
  onAction,
}: {
  application: AdminApplication;
  onAction: (a: RowAction) => void;
}) {
  const name = fullName(application);
  const next = nextForwardStage(application.stage);
  const aside = canMoveAside(application.stage);
  const icon = "size-4";
  return (
    <div className="flex flex-wrap items-center gap-0.5 md:flex-nowrap md:justify-end">
      <IconAction label={`View details for ${name}`} onClick={() => onAction({ kind: "view", application })}>
        <Eye aria-hidden="true" className={icon} />
      </IconAction>
      <ActionTip label={`Email ${name}`}>
        <a href={`mailto:${application.email}`} aria-label={`Email ${name}`} className={iconActionClass}>
          <Mail aria-hidden="true" className={icon} />
        </a>
      </ActionTip>
      {next ? (
        <IconAction
          label={`Move ${name} to ${next}`}
          onClick={() => onAction({ kind: "stage", application, stage: next })}
        >
          <ArrowRight aria-hidden="true" className={icon} />
        </IconAction>
      ) : (
        <Slot />
      )}
      {aside ? (
        <>
          <IconAction
            label={`Move ${name} to waitlist`}
            onClick={() => onAction({ kind: "stage", application, stage: "waitlist" })}
          >
            <Clock aria-hidden="true" className={icon} />
          </IconAction>
          <IconAction
            label={`Decline ${name}`}
            danger
            onClick={() => onAction({ kind: "stage", application, stage: "declined" })}
          >
            <XCircle aria-hidden="true" className={icon} />
          </IconAction>
        </>
      ) : (
        <>
          <Slot />
          <Slot />
        </>
      )}
      <IconAction label={`Edit ${name}`} onClick={() => onAction({ kind: "edit", application })}>
        <Pencil aria-hidden="true" className={icon} />
      </IconAction>
      <IconAction label={`Delete ${name}`} danger onClick={() => onAction({ kind: "delete", application })}>
        <Trash2 aria-hidden="true" className={icon} />
      </IconAction>
    </div>
  );
}

function SortIcon({ active, order }: { active: boolean; order: SortOrder }) {
  const className = "size-3.5";
  if (!active) return <ArrowUpDown aria-hidden="true" className={cn(className, "opacity-50")} />;
  return order === "asc" ? (
    <ArrowUp aria-hidden="true" className={className} />
  ) : (
    <ArrowDown aria-hidden="true" className={className} />
  );
}

export function ApplicationsTable({
  items,
  sort,
  order,
  onSort,
  onAction,
  status,
}: {
  items: AdminApplication[];
  sort: ApplicationSortField;
  order: SortOrder;
  onSort: (field: ApplicationSortField) => void;
  onAction: (action: RowAction) => void;
  /** What to show instead of rows when there are none. */
  status: ReactNode;
}) {
  const headers: Column[] = columns.map((column) => {
    const active = column.sort === sort;
    return {
      key: column.label,
      className: column.className,
      sort: active ? (order === "asc" ? "ascending" : "descending") : undefined,
      label: column.sort ? (
        <button
          type="button"
          onClick={() => onSort(column.sort!)}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 hover:bg-muted"
        >
          {column.label}
          <SortIcon active={active} order={order} />
        </button>
      ) : (
        column.label
      ),
    };
  });
  return (
    <IconActionProvider>
      {/* Phones get one card per application instead of a table ten columns wide. */}
      <ListAndTable
        label="Applications"
        caption="Applications; column headers sort the list"
        columns={headers}
        items={items}
        status={status}
        card={(application) => (
          <>
            <CardHead
              title={fullName(application)}
              subtitle={application.email}
              subtitleClassName="truncate text-sm text-muted-foreground"
              badge={<StageBadge stage={application.stage} />}
            />
            <p className="mt-1 text-sm text-muted-foreground">
              {[application.country, `${application.score}/100`, formatDate(application.submittedAt)]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <div className="mt-2 border-t border-border pt-2">
              <RowActions application={application} onAction={onAction} />
            </div>
          </>
        )}
        row={(application) => (
          <tr key={application.id} className={dataRowClass}>
            <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
              {fullName(application)}
            </th>
            <td className="max-w-[16rem] truncate px-3 py-2">{application.email}</td>
            <td className="px-3 py-2 whitespace-nowrap">{application.country || "—"}</td>
            <td className="px-3 py-2">
              <StageBadge stage={application.stage} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {application.score}
              <span className="text-muted-foreground">/100</span>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(application.submittedAt)}</td>
            <td className="px-2 py-1">
              <RowActions application={application} onAction={onAction} />
            </td>
          </tr>
        )}
      />
    </IconActionProvider>
  );
}
