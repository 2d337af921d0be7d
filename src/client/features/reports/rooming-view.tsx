import { bedGuestLabel, type RoomingReport, roomBedsNote } from "../../../shared/schemas/reports";
import { Figures } from "./kitchen-view";

/** The rooming list for the villa: each room bed by bed, free beds, and who has no room yet. */
export function RoomingView({ report }: { report: RoomingReport }) {
  return (
    <div className="grid gap-6">
      <Figures
        items={[
          ["Beds", report.counts.beds],
          ["Taken", report.counts.taken],
          ["Free", report.counts.beds - report.counts.taken],
          ["Without a room", report.counts.unassignedPeople],
        ]}
      />
      {report.rooms.length === 0 ? (
        <p className="text-sm text-muted-foreground">No rooms yet: add them in the Schedule tab's room board.</p>
      ) : (
        <ul aria-label="Rooms" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {report.rooms.map((room) => (
            <li key={room.roomId} className="rounded-md border border-border bg-card p-3">
              <h3 className="font-semibold">
                {room.name}
                {room.type ? <span className="font-normal text-muted-foreground"> · {room.type}</span> : null}
              </h3>
              {roomBedsNote(room) ? <p className="text-xs text-muted-foreground">{roomBedsNote(room)}</p> : null}
              <ol aria-label={`Beds in ${room.name}`} className="mt-2 grid gap-1 text-sm">
                {room.beds.map((bed) => (
                  <li key={bed.bed} className="flex gap-3">
                    <span className="w-12 shrink-0 text-muted-foreground">Bed {bed.bed}</span>
                    <span className={bed.guest ? "min-w-0 break-words" : "text-muted-foreground"}>
                      {bedGuestLabel(room, bed)}
                    </span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
      {report.unassigned.length > 0 ? (
        <section aria-labelledby="rooming-unassigned" className="grid gap-2">
          <h3 id="rooming-unassigned" className="font-semibold">
            Not in a room yet
          </h3>
          <p className="text-sm">{report.unassigned.map((b) => b.name).join(", ")}</p>
        </section>
      ) : null}
    </div>
  );
}
