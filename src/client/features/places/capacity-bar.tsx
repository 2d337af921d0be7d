import type { Capacity } from "../../../shared/schemas/places";

const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);

/** "12 of 15 places taken", with the places held by open offers shown apart from the free ones. */
export function CapacityBar({ capacity }: { capacity: Capacity }) {
  const { taken, offered, free } = capacity;
  const label = `${taken} of ${capacity.capacity} places taken`;
  const detail = [offered > 0 ? `${offered} held by open offers` : null, `${free} free`].filter(Boolean).join(", ");
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-base font-semibold" data-testid="capacity-label">
          {label}
        </p>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </div>
      {/* The figures above say it in words; the bar only draws them. */}
      <div aria-hidden="true" className="flex h-3 overflow-hidden rounded-full bg-muted">
        <div className="h-full bg-primary" style={{ width: `${percent(taken, capacity.capacity)}%` }} />
        <div
          className="h-full bg-accent/60"
          style={{ width: `${percent(Math.min(offered, capacity.capacity - taken), capacity.capacity)}%` }}
        />
      </div>
    </div>
  );
}
