import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { useId, useState } from "react";
import { auditPageSizes } from "../../../shared/admin-constants";
import type { AuditLogEntry, AuditLogPage } from "../../../shared/schemas/audit";
import { Button } from "../../components/ui/button";
import { DataTable, ScrollRegion } from "../../components/ui/data-table";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { SectionCard } from "../../components/ui/section-card";
import { useUsers } from "../settings/settings-api";
import { type AuditFilters, auditLogUrl } from "./audit-api";

type Filters = AuditFilters;

function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** "field: before → after" for each changed field; React escapes every value. */
function Changes({ entry }: { entry: AuditLogEntry }) {
  const keys = [...new Set([...Object.keys(entry.oldValues ?? {}), ...Object.keys(entry.newValues ?? {})])];
  if (keys.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {keys.map((key) => (
        <li key={key} className="break-words">
          <span className="font-medium">{key}</span>:{" "}
          {entry.oldValues && key in entry.oldValues ? (
            <>
              <span className="text-muted-foreground">{show(entry.oldValues[key])}</span> →{" "}
            </>
          ) : null}
          {show(entry.newValues?.[key])}
        </li>
      ))}
    </ul>
  );
}

function FilterSelect(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{props.label}</Label>
      <NativeSelect id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">All</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The owner's view of the audit trail: filtered and paged by the server. */
export function AuditLogPanel() {
  const [filters, setFilters] = useState<Filters>({ entityType: "", action: "", userId: "" });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(25);
  const pageSizeId = useId();

  const { data, isFetching, error } = useQuery<AuditLogPage>({
    queryKey: [auditLogUrl(filters, page, pageSize)],
    placeholderData: keepPreviousData,
  });
  const { data: users } = useUsers();

  const setFilter = (key: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <SectionCard
      title="Audit log"
      description="Every change made in the back office, and every sign-in, newest first."
      contentClassName="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-4">
        <FilterSelect
          label="Entity"
          value={filters.entityType}
          options={(data?.entityTypes ?? []).map((v) => ({ value: v, label: v }))}
          onChange={setFilter("entityType")}
        />
        <FilterSelect
          label="Action"
          value={filters.action}
          options={(data?.actions ?? []).map((v) => ({ value: v, label: v }))}
          onChange={setFilter("action")}
        />
        <FilterSelect
          label="User"
          value={filters.userId}
          options={(users ?? []).map((u) => ({ value: u.id, label: u.email }))}
          onChange={setFilter("userId")}
        />
        <div className="grid gap-2">
          <Label htmlFor={pageSizeId}>Rows per page</Label>
          <NativeSelect
            id={pageSizeId}
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
          >
            {auditPageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {error ? (
        <p role="alert">Unable to load the audit log.</p>
      ) : !data ? (
        <p role="status">Loading audit log…</p>
      ) : (
        <ScrollRegion label="Audit log entries, scrollable" framed={false} busy={isFetching}>
          <DataTable
            caption="Audit log entries"
            columns={["When", "Who", "Action", "Entity", "Changes", "From"]}
            variant="plain"
            className="min-w-[60rem]"
            empty={data.items.length === 0 ? "No entries match these filters." : undefined}
          >
            {data.items.map((entry) => (
              <tr key={entry.id} className="border-t border-border align-top">
                <td className="px-3 py-2 whitespace-nowrap">
                  {format(new Date(entry.createdAt), "d MMM yyyy, HH:mm:ss")}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{entry.userEmail ?? "—"}</td>
                <td className="px-3 py-2">{entry.action}</td>
                <td className="px-3 py-2">
                  {entry.entityType}
                  {entry.entityId ? (
                    <div className="text-xs break-all text-muted-foreground">{entry.entityId}</div>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <Changes entry={entry} />
                </td>
                <td className="px-3 py-2 text-muted-foreground">{entry.ipAddress ?? "—"}</td>
              </tr>
            ))}
          </DataTable>
        </ScrollRegion>
      )}

      <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Page {page} of {pages} · {data?.total ?? 0} entries
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      </nav>
    </SectionCard>
  );
}
