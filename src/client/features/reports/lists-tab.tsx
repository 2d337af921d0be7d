import { type ReactNode, useState } from "react";
import { formatInstant } from "../../../shared/display/time";
import { type ReportKind, reportKinds, reportTitles } from "../../../shared/schemas/reports";
import { FilterChips } from "../../components/ui/filter-chips";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { useSeason } from "../admin-shell/use-season";
import { ArrivalsView } from "./arrivals-view";
import { DownloadLinks } from "./download-links";
import { KitchenGrants } from "./kitchen-grants";
import { KitchenView } from "./kitchen-view";
import { listParam } from "./list-param";
import { downloadsFor, useArrivalsList, useKitchenList, useRoomingList } from "./reports-api";
import { RoomingView } from "./rooming-view";

export { listParam };

function listFromUrl(): ReportKind {
  const wanted = new URLSearchParams(window.location.search).get(listParam);
  return (reportKinds as readonly string[]).includes(wanted ?? "") ? (wanted as ReportKind) : "kitchen";
}

function writeListToUrl(list: ReportKind) {
  const url = new URL(window.location.href);
  url.searchParams.set(listParam, list);
  window.history.replaceState(window.history.state, "", url);
}

const descriptions: Record<ReportKind, string> = {
  kitchen:
    "Dietary requirements and allergies, for the chef. Allergies are medical data: every view and download is recorded.",
  arrivals: "Flights by day and time window, with airport pickups, for the driver.",
  rooming: "Every room bed by bed, for the villa.",
};

type Loaded<R> = { data?: R; isLoading: boolean; isError: boolean };

function ListSection<R extends { generatedAt: string }>({
  kind,
  retreatId,
  retreatName,
  query,
  view,
  extra,
}: {
  kind: ReportKind;
  retreatId: string;
  retreatName: string;
  query: Loaded<R>;
  view: (report: R) => ReactNode;
  extra?: ReactNode;
}) {
  const title = reportTitles[kind];
  return (
    <SectionCard
      title={title}
      description={
        <>
          {descriptions[kind]} {retreatName}
          {query.data ? `, as of ${formatInstant(query.data.generatedAt)}` : ""}.
        </>
      }
      action={<DownloadLinks downloads={downloadsFor(kind, retreatId)} what={`the ${title.toLowerCase()}`} />}
      contentClassName="grid gap-6"
    >
      <LoadStatus
        loading={query.isLoading && `Loading the ${title.toLowerCase()}...`}
        error={query.isError && `Failed to load the ${title.toLowerCase()}.`}
      />
      {query.data ? view(query.data) : null}
      {extra}
    </SectionCard>
  );
}

function KitchenSection({ retreatId, retreatName }: { retreatId: string; retreatName: string }) {
  const query = useKitchenList(retreatId);
  return (
    <ListSection
      kind="kitchen"
      retreatId={retreatId}
      retreatName={retreatName}
      query={query}
      view={(report) => <KitchenView report={report} />}
      extra={<KitchenGrants retreatId={retreatId} retreatName={retreatName} />}
    />
  );
}

function ArrivalsSection({ retreatId, retreatName }: { retreatId: string; retreatName: string }) {
  const query = useArrivalsList(retreatId);
  return (
    <ListSection
      kind="arrivals"
      retreatId={retreatId}
      retreatName={retreatName}
      query={query}
      view={(report) => <ArrivalsView report={report} />}
    />
  );
}

function RoomingSection({ retreatId, retreatName }: { retreatId: string; retreatName: string }) {
  const query = useRoomingList(retreatId);
  return (
    <ListSection
      kind="rooming"
      retreatId={retreatId}
      retreatName={retreatName}
      query={query}
      view={(report) => <RoomingView report={report} />}
    />
  );
}

/** The Lists tab (owner and staff): the kitchen, arrivals and rooming lists of the season being worked on. */
export function ListsTab() {
  const season = useSeason();
  const [list, setList] = useState<ReportKind>(listFromUrl);
  const open = (next: ReportKind) => {
    setList(next);
    writeListToUrl(next);
  };
  if (!season.retreatId || !season.retreat) {
    return (
      <SectionCard title="Lists" description="The kitchen, arrivals and rooming lists of a retreat.">
        <LoadStatus
          loading={season.isLoading && "Loading..."}
          empty={!season.isLoading && "There is no retreat yet. Create one in Settings first."}
        />
      </SectionCard>
    );
  }
  const props = { retreatId: season.retreatId, retreatName: season.retreat.name };
  return (
    <div className="grid gap-4">
      <FilterChips
        legend="Which list"
        options={reportKinds}
        value={list}
        onChange={open}
        label={(kind) => reportTitles[kind]}
        count={() => undefined}
      />
      {list === "kitchen" ? (
        <KitchenSection {...props} />
      ) : list === "arrivals" ? (
        <ArrivalsSection {...props} />
      ) : (
        <RoomingSection {...props} />
      )}
    </div>
  );
}
