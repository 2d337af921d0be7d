import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download, Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  type AdminApplication,
  type ApplicationListResponse,
  stageFilterOptions,
} from "../../../../shared/schemas/applications-admin";
import { lazyDialog } from "../../../components/lazy-dialog";
import { Button, buttonVariants } from "../../../components/ui/button";
import { PagedList } from "../../../components/ui/data-table";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { SearchInput } from "../../../components/ui/search-input";
import { useDebouncedSearch } from "../../admin-shell/use-debounced-search";
import { useSeason } from "../../admin-shell/use-season";
import { applicationsPath } from "../applications-api";
import { ApplicationsTable, type RowAction } from "./applications-table";
import { defaultFilters, exportUrl, type ListFilters, listUrl, toggleSort } from "./list-query";
import { stageLabel } from "./stage-badge";

const ApplicationDetailModal = lazyDialog(() =>
  import("./application-detail-modal").then((m) => m.ApplicationDetailModal),
);
const ApplicationFormDialog = lazyDialog(() =>
  import("./application-form-dialog").then((m) => m.ApplicationFormDialog),
);
const DeleteApplicationDialog = lazyDialog(() =>
  import("./delete-application-dialog").then((m) => m.DeleteApplicationDialog),
);
const StageChangeDialog = lazyDialog(() => import("./stage-change-dialog").then((m) => m.StageChangeDialog));

type OpenDialog = RowAction | { kind: "add" } | null;

/** ?application=<id> opens that application's detail (links from Recent activity land here). */
export const applicationParam = "application";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function linkedApplicationId(): string | null {
  const id = new URLSearchParams(window.location.search).get(applicationParam);
  return id && uuidPattern.test(id) ? id : null;
}

function forgetLinkedApplication() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(applicationParam)) return;
  url.searchParams.delete(applicationParam);
  window.history.replaceState(window.history.state, "", url);
}

const sortChoices: [value: string, label: string][] = [
  ["submittedAt:desc", "Newest first"],
  ["submittedAt:asc", "Oldest first"],
  ["name:asc", "Name (A to Z)"],
  ["name:desc", "Name (Z to A)"],
  ["score:desc", "Highest score"],
  ["score:asc", "Lowest score"],
  ["stage:asc", "Stage"],
  ["country:asc", "Country"],
  ["email:asc", "Email"],
];

/** The dashboard's Applications tab: search, stage filter, sorting and pages all done by the server. */
export function ApplicationsTab() {
  const id = useId();
  const [filters, setFilters] = useState<ListFilters>(defaultFilters);
  const search = useDebouncedSearch(setFilters);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [linkedId, setLinkedId] = useState(linkedApplicationId);
  const linked = useQuery<AdminApplication>({
    queryKey: [`${applicationsPath}/${linkedId}`],
    enabled: linkedId !== null,
  });
  useEffect(() => {
    if (linked.data) setDialog({ kind: "view", application: linked.data });
  }, [linked.data]);

  const season = useSeason();
  const list = useQuery<ApplicationListResponse>({
    queryKey: [listUrl(filters, season.retreatId)],
    enabled: !season.isLoading,
    // Keep the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
  });
  const close = () => {
    setDialog(null);
    if (linkedId) {
      setLinkedId(null);
      forgetLinkedApplication();
    }
  };

  const status = list.isError
    ? "The applications could not be loaded. Please try again."
    : list.isPending
      ? "Loading applications..."
      : filters.search || filters.stage !== "all"
        ? "No applications match your search and filter."
        : "No applications yet.";

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Applications
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <SearchInput
            id={`${id}-search`}
            search={search}
            placeholder="Name, email or country"
            hint="Matches the start of a name, surname, email address or country."
            inputClassName="sm:w-64"
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-stage`}>Stage</Label>
            <NativeSelect
              id={`${id}-stage`}
              value={filters.stage}
              onChange={(event) =>
                setFilters({ ...filters, stage: event.target.value as ListFilters["stage"], page: 1 })
              }
              className="sm:w-44"
            >
              {stageFilterOptions.map((stage) => (
                <option key={stage} value={stage}>
                  {stage === "all" ? "All stages" : stageLabel(stage)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {/* The table's headers sort on wider screens; phones show cards, so they get a select. */}
          <div className="grid gap-1.5 md:hidden">
            <Label htmlFor={`${id}-sort`}>Sort by</Label>
            <NativeSelect
              id={`${id}-sort`}
              value={`${filters.sort}:${filters.order}`}
              onChange={(event) => {
                const [sort, order] = event.target.value.split(":") as [ListFilters["sort"], ListFilters["order"]];
                setFilters({ ...filters, sort, order, page: 1 });
              }}
            >
              {sortChoices.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex gap-2">
            <a
              href={exportUrl(filters, season.retreatId)}
              download
              className={buttonVariants({ variant: "outline", className: "flex-1" })}
            >
              <Download aria-hidden="true" className="size-4" />
              Export
            </a>
            <Button onClick={() => setDialog({ kind: "add" })} className="flex-1">
              <Plus aria-hidden="true" className="size-4" />
              Add Application
            </Button>
          </div>
        </div>
      </div>

      {linkedId && linked.isError ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          That application could not be opened: it may have been deleted.
        </p>
      ) : null}
      <PagedList
        query={list}
        noun="application"
        label="Applications pages"
        onPage={(page) => setFilters({ ...filters, page })}
      >
        <ApplicationsTable
          items={list.data?.items ?? []}
          sort={filters.sort}
          order={filters.order}
          onSort={(field) => setFilters(toggleSort(filters, field))}
          onAction={setDialog}
          status={status}
        />
      </PagedList>

      {dialog?.kind === "view" ? <ApplicationDetailModal application={dialog.application} onClose={close} /> : null}
      {dialog?.kind === "edit" ? <ApplicationFormDialog application={dialog.application} onClose={close} /> : null}
      {dialog?.kind === "add" ? <ApplicationFormDialog application={null} onClose={close} /> : null}
      {dialog?.kind === "delete" ? <DeleteApplicationDialog application={dialog.application} onClose={close} /> : null}
      {dialog?.kind === "stage" ? (
        <StageChangeDialog application={dialog.application} stage={dialog.stage} onClose={close} />
      ) : null}
    </section>
  );
}
