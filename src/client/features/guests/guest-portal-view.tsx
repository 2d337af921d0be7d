import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarDays, Copy, MapPin, RefreshCw } from "lucide-react";
import { formatLocalTimes, zoneLabel } from "../../../shared/display/time";
import { formatAmount } from "../../../shared/finance/money";
import { formatDayHeading, groupSessionsByDay } from "../../../shared/schedule-days";
import type { CalendarUrl, GuestMe, GuestSchedule } from "../../../shared/schemas/guests";
import type { Session } from "../../../shared/schemas/schedule";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { serverMessage } from "../../lib/api-error-message";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import { PaymentReturnNotice, PayNowButton } from "./guest-pay-now";
import { GuestReceipts } from "./guest-receipts";
import { calendarPath, calendarRotatePath, guestMePath, guestSchedulePath } from "./guests-api";

/** "Sunday 10 May 2027, 19:30–21:00 (Bali time)": the retreat's clock, whatever the device's zone. */
function when(s: Session, timeZone: string): string {
  return `${formatDayHeading(s.date)}, ${formatLocalTimes(s.localStartTime, s.localEndTime, timeZone)}`;
}

function SessionLine({ session, timeZone }: { session: Session; timeZone: string }) {
  return (
    <div>
      <p className="font-medium">{session.title}</p>
      <p className="text-sm text-muted-foreground">
        {when(session, timeZone)}
        {session.location ? ` · ${session.location}` : ""}
      </p>
    </div>
  );
}

function CalendarCard() {
  const queryClient = useQueryClient();
  const { data } = useQuery<CalendarUrl>({ queryKey: [calendarPath] });
  const rotate = useWrite<void, CalendarUrl>({
    request: () => ({ method: "POST", path: calendarRotatePath }),
    success: { title: "New calendar link", description: "The old link no longer works." },
    failure: "Failed to reset link",
    onSuccess: (next) => queryClient.setQueryData([calendarPath], next),
  });
  const url = data?.url;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied" });
    } catch {
      toast({ title: "Copy failed", description: "Select the link and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Add to your calendar</CardTitle>
        <CardDescription>
          Subscribe from your phone and the schedule stays up to date. Keep this link private.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <label htmlFor="calendar-url" className="text-sm font-medium">
          Your calendar link
        </label>
        <input
          id="calendar-url"
          readOnly
          value={url ?? ""}
          className="h-10 w-full rounded-md border border-input bg-muted px-3 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={copy} disabled={!url}>
            <Copy aria-hidden="true" className="size-4" />
            Copy link
          </Button>
          {url ? (
            <a className={buttonVariants({ size: "sm" })} href={url.replace(/^https?:\/\//, "webcal://")}>
              <CalendarDays aria-hidden="true" className="size-4" />
              Subscribe in calendar app
            </a>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Reset link
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function GuestPortalView() {
  const me = useQuery<GuestMe>({ queryKey: [guestMePath] });
  const retreatId = me.data?.retreat.id;
  const schedule = useQuery<GuestSchedule>({
    queryKey: [guestSchedulePath, retreatId],
    enabled: Boolean(retreatId),
  });

  if (me.isLoading) return <p className="text-muted-foreground">Loading your retreat...</p>;
  if (me.isError || !me.data) {
    return (
      <p role="alert" className="text-lg">
        {serverMessage(me.error) ?? "We could not load your retreat. Please try again later."}
      </p>
    );
  }
  const data = me.data;
  const { retreat } = data;
  const days = groupSessionsByDay(schedule.data?.sessions ?? []);
  const next = schedule.data?.nextSession ?? null;
  const upcoming = schedule.data?.upcoming ?? [];

  return (
    <div className="grid gap-6">
      <PaymentReturnNotice />
      <section aria-labelledby="welcome-heading" className="rounded-card bg-primary p-6 text-primary-foreground">
        <h2 id="welcome-heading" className="text-2xl font-semibold">
          Welcome{data.firstName ? `, ${data.firstName}` : ""}!
        </h2>
        <p className="mt-1">
          {retreat.name}
          {retreat.startDate && retreat.endDate
            ? ` · ${formatDayHeading(retreat.startDate)} to ${formatDayHeading(retreat.endDate)}`
            : ""}
        </p>
        <p className="mt-1 flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {retreat.location}
        </p>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Next session</CardTitle>
            <CardDescription>Times are on the retreat's clock ({zoneLabel(retreat.timeZone)}).</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {next ? (
              <SessionLine session={next} timeZone={retreat.timeZone} />
            ) : (
              <p className="text-muted-foreground">Nothing scheduled yet.</p>
            )}
            {upcoming.length > 0 ? (
              <div>
                <h3 className="mb-2 text-sm font-semibold">Coming up</h3>
                <ul className="grid gap-3">
                  {upcoming.map((s) => (
                    <li key={s.id}>
                      <SessionLine session={s} timeZone={retreat.timeZone} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Your room</CardTitle>
          </CardHeader>
          <CardContent>
            {data.room ? (
              <div className="grid gap-1">
                <p className="font-medium">
                  {data.room.name}
                  {data.room.type ? ` (${data.room.type})` : ""}
                </p>
                <p className="text-sm text-muted-foreground">
                  {data.room.roommates.length > 0
                    ? `Sharing with ${data.room.roommates.join(", ")}`
                    : "No roommates assigned yet."}
                </p>
              </div>
            ) : (
              <p className="text-muted-foreground">Your room will appear here once it is assigned.</p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Meals</CardTitle>
            <CardDescription>All meals are plant-based.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-sm font-medium">Your dietary notes</p>
            <p className="text-sm text-muted-foreground">{data.dietaryNotes || "You told us of no dietary needs."}</p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Important info</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <div>
              <p className="font-medium">Travel form</p>
              {data.travelForm.submitted ? (
                <p className="text-muted-foreground">
                  Submitted{data.travelForm.status ? ` (${data.travelForm.status})` : ""}.{" "}
                  <a className="text-primary underline" href={data.travelForm.url}>
                    Update your travel form
                  </a>
                </p>
              ) : (
                <p>
                  Not submitted yet.{" "}
                  <a className="text-primary underline" href={data.travelForm.url}>
                    Fill in your travel form
                  </a>
                </p>
              )}
            </div>
            <div>
              <p className="font-medium">Payments due</p>
              {data.paymentsDue.length === 0 ? (
                <p className="text-muted-foreground">Nothing due.</p>
              ) : (
                <ul className="grid gap-1">
                  {data.paymentsDue.map((p) => (
                    <li
                      key={p.paymentId ?? `${p.description}-${p.dueDate}-${p.amount}`}
                      className="flex flex-wrap items-center justify-between gap-2"
                    >
                      <span>
                        {p.description}: {formatAmount(p.amount, p.currency)}
                        {p.dueDate ? `, due ${formatDayHeading(p.dueDate)}` : ""}
                      </span>
                      {p.paymentId ? <PayNowButton paymentId={p.paymentId} label={p.description} /> : null}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </CardContent>
        </Card>
      </div>

      <GuestReceipts />

      <Card>
        <CardHeader>
          <CardTitle as="h2">Full schedule</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          {schedule.isError ? <p role="alert">We could not load the schedule.</p> : null}
          {schedule.data && days.length === 0 ? (
            <p className="text-muted-foreground">The schedule will appear here soon.</p>
          ) : null}
          {days.map((day) => (
            <section key={day.date} aria-labelledby={`guest-day-${day.date}`}>
              <h3 id={`guest-day-${day.date}`} className="mb-2 font-semibold">
                {formatDayHeading(day.date)}
              </h3>
              <ul className="divide-y divide-border rounded-md border border-border">
                {day.items.map((s) => (
                  <li key={s.id} className="flex flex-wrap gap-x-3 gap-y-1 p-3 sm:flex-nowrap">
                    <p className="w-full shrink-0 text-sm tabular-nums sm:w-44">
                      {formatLocalTimes(s.localStartTime, s.localEndTime, retreat.timeZone)}
                    </p>
                    <div className="min-w-0">
                      <p className="font-medium">{s.title}</p>
                      {s.location ? <p className="text-sm text-muted-foreground">{s.location}</p> : null}
                      {s.description ? <p className="mt-1 text-sm">{s.description}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </CardContent>
      </Card>

      <CalendarCard />
    </div>
  );
}
