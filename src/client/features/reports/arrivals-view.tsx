import { formatInstant } from "../../../shared/display/time";
import {
  type ArrivalsReport,
  recentChangeLabels,
  type TravelGroup,
  type Traveller,
  travelGroupHeading,
} from "../../../shared/schemas/reports";
import { Figures } from "./kitchen-view";

function Chip({ tone, children }: { tone: "pickup" | "change"; children: string }) {
  const colours = tone === "pickup" ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${colours}`}>{children}</span>;
}

function TravellerLine({ t, arrival }: { t: Traveller; arrival: boolean }) {
  const route = [t.from, t.to].filter(Boolean).join(" → ");
  return (
    <li className="grid gap-1 px-3 py-2 text-sm sm:grid-cols-[4rem_1fr_auto] sm:items-center sm:gap-3">
      <span className="font-semibold tabular-nums">{t.time ?? "—"}</span>
      <div className="min-w-0">
        <p className="font-medium break-words">
          {t.name}
          {t.people === 2 ? <span className="font-normal text-muted-foreground"> · 2 people</span> : null}
        </p>
        <p className="text-muted-foreground">
          {[t.flightNumber, route].filter(Boolean).join(" · ") || "No flight details"}
        </p>
      </div>
      <div className="flex flex-wrap gap-1">
        {arrival && t.airportPickup ? <Chip tone="pickup">Pickup</Chip> : null}
        {t.recentChange ? (
          <span title={`Travel form sent ${formatInstant(t.changedAt)}`}>
            <Chip tone="change">{recentChangeLabels[t.recentChange]}</Chip>
          </span>
        ) : null}
      </div>
    </li>
  );
}

function Direction({ title, groups, arrival }: { title: string; groups: TravelGroup[]; arrival: boolean }) {
  const id = `travel-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {groups.length === 0 ? <p className="text-sm text-muted-foreground">No flights yet.</p> : null}
      {groups.map((group) => {
        const heading = travelGroupHeading(group);
        return (
          <div key={heading} className="grid gap-1">
            <h4 className="text-sm font-semibold text-muted-foreground">{heading}</h4>
            <ul aria-label={`${title}: ${heading}`} className="divide-y divide-border rounded-md border border-border">
              {group.travellers.map((t) => (
                <TravellerLine key={`${t.applicationId}-${title}`} t={t} arrival={arrival} />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

/** Arrivals and departures for the driver: flights by day and time window, pickups, recent changes. */
export function ArrivalsView({ report }: { report: ArrivalsReport }) {
  const arriving = report.arrivals.flatMap((g) => g.travellers).reduce((sum, t) => sum + t.people, 0);
  const changed = [...report.arrivals, ...report.departures]
    .flatMap((g) => g.travellers)
    .filter((t, i, all) => t.recentChange && all.findIndex((o) => o.applicationId === t.applicationId) === i).length;
  return (
    <div className="grid gap-6">
      <Figures
        items={[
          ["Arriving", arriving],
          ["To pick up", report.pickupPeople],
          [`Changed in ${report.recentChangeDays} days`, changed],
          ["No travel form", report.withoutTravelForm.reduce((sum, b) => sum + b.people, 0)],
        ]}
      />
      <p className="text-sm text-muted-foreground">
        Times are local times at the airport, as the guests gave them. New and Updated mark travel forms sent in the
        last {report.recentChangeDays} days.
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Direction title="Arrivals" groups={report.arrivals} arrival />
        <Direction title="Departures" groups={report.departures} arrival={false} />
      </div>
      {report.withoutTravelForm.length > 0 ? (
        <section aria-labelledby="travel-missing" className="grid gap-2">
          <h3 id="travel-missing" className="font-semibold">
            No travel form yet
          </h3>
          <p className="text-sm">{report.withoutTravelForm.map((b) => b.name).join(", ")}</p>
        </section>
      ) : null}
    </div>
  );
}
