import type { AriaAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { ListPagination } from "./pagination";

/** A column header: its text, or its content with classes and, for a sorted column, its aria-sort. */
export type Column = string | { key: string; label: ReactNode; className?: string; sort?: AriaAttributes["aria-sort"] };

const heads = {
  /** The back office's lists: a tinted header row of bold, unbroken labels. */
  list: { row: "bg-muted/60", cell: "px-3 py-2 font-semibold whitespace-nowrap", empty: "px-3 py-10" },
  /** Record tables (audit log, users, recipients): quiet header labels. */
  plain: { row: "text-muted-foreground", cell: "px-3 py-2 font-medium", empty: "px-3 py-6" },
} as const;

/**
 * A table's scrolling box. Focusable, so a keyboard can scroll it sideways when it is wider than
 * the screen (WCAG 2.1.1); `framed` draws the rounded border and the focus ring around it.
 */
export function ScrollRegion({
  label,
  framed = true,
  className,
  busy,
  children,
}: {
  label: string;
  framed?: boolean;
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      aria-busy={busy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "overflow-x-auto",
        framed && "rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </section>
  );
}

/**
 * A table with a caption for screen readers, one header row and, when `empty` is given, a single
 * row spanning every column that says why there are no rows (loading, none yet, none match).
 */
export function DataTable({
  caption,
  columns,
  empty,
  variant = "list",
  headClassName,
  className,
  children,
}: {
  caption: string;
  columns: Column[];
  /** Shown instead of the rows; leave it out when there are rows. */
  empty?: ReactNode;
  variant?: keyof typeof heads;
  /** Replaces the header row's colours. */
  headClassName?: string;
  /** Width classes, e.g. a minimum width that makes the table scroll on small screens. */
  className?: string;
  children?: ReactNode;
}) {
  const style = heads[variant];
  return (
    <table className={cn("w-full text-left text-sm", variant === "list" && "border-collapse", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={headClassName ?? style.row}>
        <tr>
          {columns.map((column) => {
            const {
              key,
              label,
              className: extra,
              sort,
            } = typeof column === "string"
              ? { key: column, label: column, className: undefined, sort: undefined }
              : column;
            return (
              <th key={key} scope="col" aria-sort={sort} className={cn(style.cell, extra)}>
                {label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {empty === undefined ? (
          children
        ) : (
          <tr>
            <td colSpan={columns.length} className={cn(style.empty, "text-center text-muted-foreground")}>
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** A body row of a list table: a rule above it and a tint under the pointer. */
export const dataRowClass = "border-t border-border align-middle hover:bg-muted/30";

/**
 * One list shown two ways: a card per item on phones and tablets, a table from `from` up. The
 * card list is named `label`, the table's scrolling box "`label` table"; both say `status` when
 * there are no items.
 */
export function ListAndTable<T extends { id: string }>({
  label,
  caption,
  columns,
  items,
  status,
  card,
  row,
  from = "md",
  cardClassName = "rounded-md border border-border bg-card p-3",
  tableClassName = "min-w-[56rem]",
}: {
  label: string;
  caption: string;
  columns: Column[];
  items: T[];
  status: ReactNode;
  /** The inside of an item's card (the `<li>` is drawn here). */
  card: (item: T) => ReactNode;
  /** An item's table row or rows (`<tr>` elements, keyed). */
  row: (item: T) => ReactNode;
  /** The width from which the table replaces the cards. */
  from?: "md" | "lg";
  cardClassName?: string;
  tableClassName?: string;
}) {
  const empty = items.length === 0;
  return (
    <>
      <ul aria-label={label} className={cn("flex flex-col gap-3", from === "md" ? "md:hidden" : "lg:hidden")}>
        {empty ? (
          <li className="rounded-md border border-border px-3 py-8 text-center text-sm text-muted-foreground">
            {status}
          </li>
        ) : (
          items.map((item) => (
            <li key={item.id} className={cardClassName}>
              {card(item)}
            </li>
          ))
        )}
      </ul>
      <ScrollRegion label={`${label} table`} className={cn("hidden", from === "md" ? "md:block" : "lg:block")}>
        <DataTable caption={caption} columns={columns} empty={empty ? status : undefined} className={tableClassName}>
          {items.map(row)}
        </DataTable>
      </ScrollRegion>
    </>
  );
}

/** The top of an item's card: its name and a line under it on the left, a status badge on the right. */
export function CardHead({
  title,
  subtitle,
  badge,
  titleClassName = "font-medium",
  subtitleClassName = "text-sm text-muted-foreground",
}: {
  title: ReactNode;
  subtitle: ReactNode;
  badge: ReactNode;
  titleClassName?: string;
  subtitleClassName?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <p className={titleClassName}>{title}</p>
        <p className={subtitleClassName}>{subtitle}</p>
      </div>
      {badge}
    </div>
  );
}

/** What a server-paged list query gives `PagedList`. */
type PagedQuery = {
  isFetching: boolean;
  isPlaceholderData: boolean;
  data?: { items: unknown[]; total: number; page: number; pageSize: number; totalIsEstimate?: boolean };
};

/**
 * A server-paged list and its Previous / Next under it: while the next page or filter loads the
 * current rows stay on screen, dimmed, and the list is aria-busy.
 */
export function PagedList({
  query,
  noun,
  label,
  onPage,
  children,
}: {
  query: PagedQuery;
  /** Singular, as `ListPagination` counts it ("application"). */
  noun: string;
  /** The page navigation's accessible name ("Applications pages"). */
  label: string;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { data } = query;
  return (
    <>
      <div
        aria-busy={query.isFetching}
        className={query.isPlaceholderData ? "opacity-70 transition-opacity" : undefined}
      >
        {children}
      </div>
      {data ? (
        <ListPagination data={{ ...data, itemCount: data.items.length }} noun={noun} label={label} onPage={onPage} />
      ) : null}
    </>
  );
}
