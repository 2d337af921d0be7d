import { CalendarPlus, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { formatDayRange, formatLocalTimes, zoneLabel } from "../../../shared/display/time";
import { formatDayHeading, groupSessionsByDay, wallClockInZone } from "../../../shared/schedule-days";
import type { Session } from "../../../shared/schemas/schedule";
import { defaultRetreatTimeZone, type SessionType, sessionTypeLabels } from "../../../shared/session-types";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, deleteLabels } from "../../components/ui/confirm-dialog";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { useWrite } from "../../lib/use-write";
import { sessionsPath, useSessions } from "./schedule-api";

const SessionFormDialog = lazyDialog(() => import("./session-form-dialog").then((m) => m.SessionFormDialog));

export function typeLabel(type: string | null): string {
  return type && type in sessionTypeLabels ? sessionTypeLabels[type as SessionType] : (type ?? "");
}

function DeleteSessionDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const remove = useWrite({
    request: () => ({ method: "DELETE", path: `${sessionsPath}/${session.id}` }),
    success: { title: "Session deleted", description: session.title },
    failure: "Failed to delete session",
    refresh: [sessionsPath],
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      title="Delete session?"
      description={`"${session.title}" on ${formatDayHeading(session.date)} will be removed from the schedule and from guests' calendars.`}
      {...deleteLabels}
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <p className="text-sm text-muted-foreground">This action cannot be undone.</p>
    </ConfirmDialog>
  );
}

export function SessionsSection() {
  const { data, isLoading, isError } = useSessions();
  const [editing, setEditing] = useState<Session | "new" | null>(null);
  const [deleting, setDeleting] = useState<Session | null>(null);
  const retreat = data?.retreat ?? null;
  const timeZone = retreat?.timeZone ?? defaultRetreatTimeZone;
  const days = groupSessionsByDay(data?.sessions ?? []);
  const today = wallClockInZone(new Date(), timeZone).date;
  const defaultDate = retreat?.startDate && retreat.startDate > today ? retreat.startDate : today;

  return (
    <SectionCard
      title="Sessions"
      description={
        retreat
          ? `${retreat.name}${retreat.startDate && retreat.endDate ? ` (${formatDayRange(retreat.startDate, retreat.endDate)})` : ""}. Times are ${zoneLabel(timeZone)} (${timeZone}).`
          : "The retreat's programme, day by day."
      }
      action={
        <Button onClick={() => setEditing("new")} disabled={!retreat}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Add session
        </Button>
      }
      dialogs={
        <>
          {editing ? (
            <SessionFormDialog
              session={editing === "new" ? null : editing}
              retreatId={retreat?.id ?? null}
              timeZone={timeZone}
              defaultDate={defaultDate}
              onClose={() => setEditing(null)}
            />
          ) : null}
          {deleting ? <DeleteSessionDialog session={deleting} onClose={() => setDeleting(null)} /> : null}
        </>
      }
    >
      <LoadStatus
        loading={isLoading && "Loading sessions..."}
        error={isError && "Failed to load sessions."}
        empty={
          data &&
          (retreat ? days.length === 0 && "No sessions yet. Add the first one." : "No retreat yet: create one first.")
        }
      />
      <div className="grid gap-6">
        {days.map((day) => (
          <section key={day.date} aria-labelledby={`day-${day.date}`}>
            <h3 id={`day-${day.date}`} className="mb-2 text-base font-semibold">
              {formatDayHeading(day.date)}
            </h3>
            <ul className="divide-y divide-border rounded-md border border-border">
              {day.items.map((s) => (
                <li key={s.id} className="flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap">
                  <p className="w-full shrink-0 text-sm tabular-nums sm:w-44">
                    {formatLocalTimes(s.localStartTime, s.localEndTime, timeZone)}
                  </p>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{s.title}</p>
                    <p className="text-sm text-muted-foreground">
                      {[typeLabel(s.type), s.location, s.isPublic ? null : "Staff only"].filter(Boolean).join(" · ")}
                    </p>
                    {s.description ? <p className="mt-1 text-sm">{s.description}</p> : null}
                  </div>
                  <div className="flex gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${s.title}`} onClick={() => setEditing(s)}>
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Delete ${s.title}`} onClick={() => setDeleting(s)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </SectionCard>
  );
}
