import * as Tooltip from "@radix-ui/react-tooltip";
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

const actionClass =
  "inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** An icon button (or link) with its name as a tooltip: 700 ms delay, Radix defaults. */
function ActionTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
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
    <ActionTip label={label}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className={cn(actionClass, danger && "hover:bg-red-50 hover:text-destructive")}
      >
        {children}
      </button>
    </ActionTip>
  );
}

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
      <ActionButton label={`View details for ${name}`} onClick={() => onAction({ kind: "view", application })}>
        <Eye aria-hidden="true" className={icon} />
      </ActionButton>
      <ActionTip label={`Email ${name}`}>
        <a href={`mailto:${application.email}`} aria-label={`Email ${name}`} className={actionClass}>
          <Mail aria-hidden="true" className={icon} />
        </a>
      </ActionTip>
      {next ? (
        <ActionButton
          label={`Move ${name} to ${next}`}
          onClick={() => onAction({ kind: "stage", application, stage: next })}
        >
          <ArrowRight aria-hidden="true" className={icon} />
        </ActionButton>
      ) : (
        <Slot />
      )}
      {aside ? (
        <>
          <ActionButton
            label={`Move ${name} to waitlist`}
            onClick={() => onAction({ kind: "stage", application, stage: "waitlist" })}
          >
            <Clock aria-hidden="true" className={icon} />
          </ActionButton>
          <ActionButton
            label={`Decline ${name}`}
            danger
            onClick={() => onAction({ kind: "stage", application, stage: "declined" })}
          >
            <XCircle aria-hidden="true" className={icon} />
          </ActionButton>
        </>
      ) : (
        <>
          <Slot />
          <Slot />
        </>
      )}
      <ActionButton label={`Edit ${name}`} onClick={() => onAction({ kind: "edit", application })}>
        <Pencil aria-hidden="true" className={icon} />
      </ActionButton>
      <ActionButton label={`Delete ${name}`} danger onClick={() => onAction({ kind: "delete", application })}>
        <Trash2 aria-hidden="true" className={icon} />
      </ActionButton>
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
  return (
    <Tooltip.Provider>
      {/* Phones get one card per application instead of a table ten columns wide. */}
      <ul aria-label="Applications" className="flex flex-col gap-3 md:hidden">
        {items.length === 0 ? (
          <li className="rounded-md border border-border px-3 py-8 text-center text-muted-foreground">{status}</li>
        ) : (
          items.map((application) => (
            <li key={application.id} className="rounded-md border border-border bg-card p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{fullName(application)}</p>
                  <p className="truncate text-sm text-muted-foreground">{application.email}</p>
                </div>
                <StageBadge stage={application.stage} />
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {[application.country, `${application.score}/100`, formatDate(application.submittedAt)]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              <div className="mt-2 border-t border-border pt-2">
                <RowActions application={application} onAction={onAction} />
              </div>
            </li>
          ))
        )}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border border-border md:block">
        <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
          <caption className="sr-only">Applications; column headers sort the list</caption>
          <thead className="bg-muted/60">
            <tr>
              {columns.map((column) => {
                const active = column.sort === sort;
                return (
                  <th
                    key={column.label}
                    scope="col"
                    aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
                    className={cn("px-3 py-2 font-semibold whitespace-nowrap", column.className)}
                  >
                    {column.sort ? (
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
                    )}
                  </th>
                );
              })}
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
              items.map((application) => (
                <tr key={application.id} className="border-t border-border align-middle hover:bg-muted/30">
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
              ))
            )}
          </tbody>
        </table>
      </div>
    </Tooltip.Provider>
  );
}
