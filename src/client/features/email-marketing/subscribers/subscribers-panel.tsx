import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download, Plus, Upload } from "lucide-react";
import { useId, useState } from "react";
import type { SubscriberListResponse, SubscriberTagsResponse } from "../../../../shared/schemas/email-subscribers";
import { subscriberSegments, subscriberSources, subscriberStatuses } from "../../../../shared/subscriber-values";
import { lazyDialog } from "../../../components/lazy-dialog";
import { Button, buttonVariants } from "../../../components/ui/button";
import { PagedList } from "../../../components/ui/data-table";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { SearchInput } from "../../../components/ui/search-input";
import { useDebouncedSearch } from "../../admin-shell/use-debounced-search";
import { subscriberTagsPath } from "../email-marketing-api";
import { segmentLabel, sourceLabel, subscriberStatusLabel } from "./subscriber-labels";
import {
  defaultSubscriberFilters,
  hasActiveFilters,
  type SubscriberFilters,
  subscriberExportUrl,
  subscriberListUrl,
} from "./subscriber-query";
import { type SubscriberAction, SubscribersTable } from "./subscribers-table";

const AddSubscriberDialog = lazyDialog(() => import("./add-subscriber-dialog").then((m) => m.AddSubscriberDialog));
const DeleteSubscriberDialog = lazyDialog(() =>
  import("./delete-subscriber-dialog").then((m) => m.DeleteSubscriberDialog),
);
const EditSubscriberDialog = lazyDialog(() => import("./edit-subscriber-dialog").then((m) => m.EditSubscriberDialog));
const ImportSubscribersDialog = lazyDialog(() =>
  import("./import-subscribers-dialog").then((m) => m.ImportSubscribersDialog),
);

type OpenDialog = SubscriberAction | { kind: "add" | "import" } | null;

const numberFormat = new Intl.NumberFormat("en-GB");

function Summary({ summary }: { summary: SubscriberListResponse["summary"] | undefined }) {
  const figures: [label: string, value: number | undefined][] = [
    ["Total", summary?.total],
    ["Active", summary?.active],
    ["Unsubscribed", summary?.unsubscribed],
    ["Bounced or complained", summary ? summary.bounced + summary.complained : undefined],
  ];
  return (
    <dl aria-label="Subscriber figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md border border-border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {value === undefined ? "–" : numberFormat.format(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The Subscribers panel: figures, filters, the list (server-paginated), export, add and import. */
export function SubscribersPanel() {
  const id = useId();
  const [filters, setFilters] = useState<SubscriberFilters>(defaultSubscriberFilters);
  const search = useDebouncedSearch(setFilters);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const list = useQuery<SubscriberListResponse>({
    queryKey: [subscriberListUrl(filters)],
    // Keep the current rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
  const tags = useQuery<SubscriberTagsResponse>({ queryKey: [subscriberTagsPath] });
  const close = () => setDialog(null);
  const setFilter = <K extends keyof SubscriberFilters>(key: K, value: SubscriberFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value, page: 1 }));

  const status = list.isError
    ? "The subscribers could not be loaded. Please try again."
    : list.isPending
      ? "Loading subscribers..."
      : hasActiveFilters(filters)
        ? "No subscribers match your search and filters."
        : "No subscribers yet.";

  // A tag chosen earlier stays selectable even if the tags list no longer has it.
  const tagOptions = tags.data?.tags ?? [];
  const tagChoices =
    filters.tag && !tagOptions.some((t) => t.tag === filters.tag)
      ? [{ tag: filters.tag, count: 0 }, ...tagOptions]
      : tagOptions;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          Subscribers
        </h3>
        <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-3 sm:flex">
          <a
            href={subscriberExportUrl(filters)}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ variant: "outline" })}
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Button variant="outline" onClick={() => setDialog({ kind: "import" })}>
            <Upload aria-hidden="true" className="size-4" />
            Import CSV
          </Button>
          <Button onClick={() => setDialog({ kind: "add" })}>
            <Plus aria-hidden="true" className="size-4" />
            Add subscriber
          </Button>
        </div>
      </div>

      <Summary summary={list.data?.summary} />

      {/* Two columns even on phones, so the four selects take two rows rather than four. */}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <SearchInput
          id={`${id}-search`}
          search={search}
          placeholder="Email or name"
          className="col-span-2 lg:col-span-1"
        />
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-segment`}>Segment</Label>
          <NativeSelect
            id={`${id}-segment`}
            value={filters.segment}
            onChange={(event) => setFilter("segment", event.target.value as SubscriberFilters["segment"])}
          >
            <option value="all">All segments</option>
            {subscriberSegments.map((segment) => (
              <option key={segment} value={segment}>
                {segmentLabel(segment)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status}
            onChange={(event) => setFilter("status", event.target.value as SubscriberFilters["status"])}
          >
            <option value="all">All statuses</option>
            {subscriberStatuses.map((value) => (
              <option key={value} value={value}>
                {subscriberStatusLabel(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-source`}>Source</Label>
          <NativeSelect
            id={`${id}-source`}
            value={filters.source}
            onChange={(event) => setFilter("source", event.target.value as SubscriberFilters["source"])}
          >
            <option value="all">All sources</option>
            {subscriberSources.map((source) => (
              <option key={source} value={source}>
                {sourceLabel(source)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-tag`}>Tag</Label>
          <NativeSelect id={`${id}-tag`} value={filters.tag} onChange={(event) => setFilter("tag", event.target.value)}>
            <option value="">All tags</option>
            {tagChoices.map(({ tag, count }) => (
              <option key={tag} value={tag}>
                {count > 0 ? `${tag} (${numberFormat.format(count)})` : tag}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <PagedList
        query={list}
        noun="subscriber"
        label="Subscribers pages"
        onPage={(page) => setFilters((current) => ({ ...current, page }))}
      >
        <SubscribersTable items={list.data?.items ?? []} onAction={setDialog} status={status} />
      </PagedList>

      {dialog?.kind === "add" ? <AddSubscriberDialog onClose={close} /> : null}
      {dialog?.kind === "import" ? <ImportSubscribersDialog onClose={close} /> : null}
      {dialog?.kind === "edit" ? <EditSubscriberDialog subscriber={dialog.subscriber} onClose={close} /> : null}
      {dialog?.kind === "delete" ? <DeleteSubscriberDialog subscriber={dialog.subscriber} onClose={close} /> : null}
    </section>
  );
}
