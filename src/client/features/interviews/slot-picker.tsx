import { CalendarClock } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import type { BookedSlot, BookingPage } from "../../../shared/schemas/interviews";
import { Button } from "../../components/ui/button";
import { SupportContact } from "../../components/ui/public-page-shell";
import { serverMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";
import { groupSlotsByDay, zoneLabel } from "./format";
import { bookingFailure, useBookSlot } from "./interview-api";

export const slotTexts = {
  taken: "Sorry, someone has just taken that time. The free times have been refreshed: please choose another.",
  network: "We couldn't book that time. Please check your internet connection and try again.",
  chooseFirst: "Please choose a time first.",
  noSlots: "There are no free times left on this link.",
} as const;

export function SlotPicker({
  token,
  page,
  timeZone,
  refreshing,
  onRefresh,
  onBooked,
  onGone,
}: {
  token: string;
  page: BookingPage;
  timeZone: string;
  refreshing: boolean;
  onRefresh: () => Promise<unknown>;
  onBooked: (slot: BookedSlot) => void;
  /** The link stopped working meanwhile; the server's message says why when it gave one. */
  onGone: (kind: "not_found" | "expired", message?: string) => void;
}) {
  const id = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const book = useBookSlot(token);
  const days = groupSlotsByDay(page.slots, timeZone);
  const chosen = selected && page.slots.includes(selected) ? selected : null;
  const chosenDay = chosen ? days.find((d) => d.slots.some((s) => s.iso === chosen)) : undefined;
  const chosenTime = chosenDay?.slots.find((s) => s.iso === chosen)?.time;

  const say = (message: string) => {
    setProblem(message);
    // Focus the message so keyboard and screen-reader users learn what happened.
    requestAnimationFrame(() => problemRef.current?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      say(slotTexts.chooseFirst);
      return;
    }
    setProblem(null);
    try {
      onBooked(await book.mutateAsync(chosen));
    } catch (error) {
      const failure = bookingFailure(error);
      if (failure === "not_found" || failure === "expired") onGone(failure, serverMessage(error));
      else if (failure === "taken") {
        setSelected(null);
        await onRefresh();
        say(slotTexts.taken);
      } else say(serverMessage(error) ?? slotTexts.network);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-border bg-card shadow-sm">
      <div className="grid gap-2 border-b border-border p-6 sm:p-8">
        <h1 id={`${id}-heading`} className="font-display text-3xl tracking-tight sm:text-4xl">
          Hi {page.firstName || "there"}
        </h1>
        <p className="text-muted-foreground">
          Choose a time for your {page.duration}-minute video interview with {page.interviewerName}.
        </p>
        <p className="flex items-start gap-2 text-sm">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            Times are shown in your time zone: <strong className="font-semibold">{zoneLabel(timeZone)}</strong>.
          </span>
        </p>
      </div>
      <form noValidate onSubmit={submit} aria-label="Choose an interview time">
        <div className="grid gap-6 p-6 sm:p-8">
          <div ref={problemRef} tabIndex={-1} className="outline-none" aria-live="assertive">
            {problem ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
              >
                {problem}
              </p>
            ) : null}
          </div>
          {days.length === 0 ? (
            <div className="grid gap-2">
              <p className="font-medium">{slotTexts.noSlots}</p>
              <SupportContact lead="Contact us and we'll find a time together:" />
            </div>
          ) : null}
          {days.map((day) => (
            <fieldset key={day.date} className="grid gap-3" aria-busy={refreshing || undefined}>
              <legend className="mb-3 text-base font-semibold">{day.heading}</legend>
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
                {day.slots.map((slot) => {
                  const slotId = `${id}-slot-${slot.iso}`;
                  return (
                    <label
                      key={slot.iso}
                      htmlFor={slotId}
                      className={cn(
                        "flex h-11 cursor-pointer items-center justify-center rounded-md border border-input bg-background text-sm font-medium tabular-nums",
                        "hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
                        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                      )}
                    >
                      <input
                        id={slotId}
                        type="radio"
                        name="slot"
                        value={slot.iso}
                        className="sr-only"
                        checked={chosen === slot.iso}
                        onChange={() => {
                          setSelected(slot.iso);
                          setProblem(null);
                        }}
                      />
                      <span className="sr-only">{`${day.heading}, ${slot.time}`}</span>
                      <span aria-hidden="true">{slot.time}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
        {days.length > 0 ? (
          <div className="sticky bottom-0 flex flex-col gap-3 rounded-b-card border-t border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between sm:px-8">
            <p className="text-sm" aria-live="polite">
              {chosenDay && chosenTime ? (
                <>
                  Your choice: <strong className="font-semibold">{`${chosenDay.heading}, ${chosenTime}`}</strong>
                </>
              ) : (
                "No time chosen yet."
              )}
            </p>
            <Button type="submit" size="lg" disabled={book.isPending}>
              {book.isPending ? "Booking..." : "Confirm booking"}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
