/**
 * When an interviewer can take an interview: their weekly availability windows, minus their
 * scheduled interviews and their blocks (one-off or repeating daily / weekly).
 */
import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import { interviewDefaults } from "../../../shared/schemas/interviews";
import { wallClockInZone, zonedToUtc } from "../../../shared/schemas/schedule";
import { interviewAvailability, interviewBlocks, interviews } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";

export const minute = 60_000;
const day = 24 * 60 * minute;

export type Interval = { start: Date; end: Date };

export type WindowRule = {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  timezone: string | null;
  effectiveFrom?: string | null;
  effectiveTo?: string | null;
};

export type BlockRule = { startTime: Date; endTime: Date; isRecurring: boolean; recurringPattern: string | null };

/** Offered to applicants when an interviewer has set no windows: Monday to Friday, 09:00-17:00 London. */
export const defaultWindows: WindowRule[] = [1, 2, 3, 4, 5].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: "09:00",
  endTime: "17:00",
  timezone: interviewDefaults.timeZone,
}));

export const messages = {
  interviewClash: "The interviewer already has an interview at that time.",
  blocked: "The interviewer has blocked that time.",
  outsideAvailability: "That time is outside the interviewer's availability.",
} as const;

const toMinutes = (time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** YYYY-MM-DD plus n calendar days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / day;

const overlaps = (a: Interval, b: Interval) => a.start < b.end && a.end > b.start;

/** Whether [start, end) lies inside one window, read on the window's own wall clock. */
export function insideWindow(rule: WindowRule, start: Date, end: Date): boolean {
  const zone = rule.timezone || interviewDefaults.timeZone;
  const from = wallClockInZone(start, zone);
  const to = wallClockInZone(new Date(end.getTime() - 1), zone);
  // A slot that crosses midnight on the interviewer's clock never fits a same-day window.
  if (from.date !== to.date) return false;
  if (weekday(from.date) !== rule.dayOfWeek) return false;
  if (rule.effectiveFrom && from.date < rule.effectiveFrom) return false;
  if (rule.effectiveTo && from.date > rule.effectiveTo) return false;
  const endMinutes = toMinutes(from.time) + (end.getTime() - start.getTime()) / minute;
  return toMinutes(from.time) >= toMinutes(rule.startTime) && endMinutes <= toMinutes(rule.endTime);
}

/**
 * The times a block covers within [from, to). A repeating block recurs at the same London wall
 * clock time (so "every Monday 12:00-13:00" stays at noon across daylight saving), from its
 * first occurrence on and without end.
 */
export function blockOccurrences(block: BlockRule, from: Date, to: Date): Interval[] {
  const first = { start: block.startTime, end: block.endTime };
  const step = block.recurringPattern === "daily" ? 1 : block.recurringPattern === "weekly" ? 7 : 0;
  if (!block.isRecurring || step === 0) return overlaps(first, { start: from, end: to }) ? [first] : [];
  const length = block.endTime.getTime() - block.startTime.getTime();
  const zone = interviewDefaults.timeZone;
  const origin = wallClockInZone(block.startTime, zone);
  const seconds = block.startTime.getTime() % minute;
  // Any occurrence that reaches into the range starts no earlier than from - length (one day's slack for zones).
  const earliest = wallClockInZone(new Date(from.getTime() - length), zone).date;
  const latest = addDays(wallClockInZone(to, zone).date, 1);
  let date = addDays(earliest, -1);
  if (date < origin.date) date = origin.date;
  const offset = (((dayNumber(date) - dayNumber(origin.date)) % step) + step) % step;
  if (offset > 0) date = addDays(date, step - offset);
  const found: Interval[] = [];
  for (; date <= latest; date = addDays(date, step)) {
    const start = new Date(zonedToUtc(date, origin.time, zone).getTime() + seconds);
    const occurrence = { start, end: new Date(start.getTime() + length) };
    if (overlaps(occurrence, { start: from, end: to })) found.push(occurrence);
  }
  return found;
}

/** Blocks that may touch [from, to): one-offs overlapping it, and every repeating block begun before its end. */
async function blocksNear(tx: DbOrTx, interviewerId: string, from: Date, to: Date): Promise<Interval[]> {
  const rows = await tx
    .select()
    .from(interviewBlocks)
    .where(
      and(
        eq(interviewBlocks.userId, interviewerId),
        lt(interviewBlocks.startTime, to),
        or(eq(interviewBlocks.isRecurring, true), sql`${interviewBlocks.endTime} > ${from.toISOString()}`),
      ),
    );
  return rows.flatMap((row) => blockOccurrences(row, from, to));
}

async function interviewsNear(
  tx: DbOrTx,
  interviewerId: string,
  from: Date,
  to: Date,
  excludeInterviewId?: string,
): Promise<Interval[]> {
  const rows = await tx
    .select({ start: interviews.scheduledAt, duration: interviews.duration })
    .from(interviews)
    .where(
      and(
        eq(interviews.interviewerUserId, interviewerId),
        eq(interviews.status, "scheduled"),
        lt(interviews.scheduledAt, to),
        sql`${interviews.scheduledAt} + ${interviews.duration} * interval '1 minute' > ${from.toISOString()}`,
        excludeInterviewId ? ne(interviews.id, excludeInterviewId) : undefined,
      ),
    );
  return rows.map((r) => ({ start: r.start, end: new Date(r.start.getTime() + r.duration * minute) }));
}

export async function windowsOf(tx: DbOrTx, interviewerId: string): Promise<WindowRule[]> {
  return tx
    .select()
    .from(interviewAvailability)
    .where(and(eq(interviewAvailability.userId, interviewerId), eq(interviewAvailability.isActive, true)));
}

/**
 * Refuses a slot the interviewer cannot take. Callers lock the interviewer's user row first, so
 * two bookings for one interviewer are checked one after the other, never side by side.
 * Without windows of their own an interviewer is free at any time, unless `fallbackWindows`
 * says otherwise (self-booking offers office hours only).
 */
export async function assertSlotFree(
  tx: DbOrTx,
  interviewerId: string,
  start: Date,
  duration: number,
  options: { excludeInterviewId?: string; fallbackWindows?: WindowRule[] } = {},
): Promise<void> {
  const slot = { start, end: new Date(start.getTime() + duration * minute) };
  if ((await interviewsNear(tx, interviewerId, slot.start, slot.end, options.excludeInterviewId)).length > 0) {
    throw new AppError("conflict", messages.interviewClash);
  }
  if ((await blocksNear(tx, interviewerId, slot.start, slot.end)).length > 0) {
    throw new AppError("conflict", messages.blocked);
  }
  const own = await windowsOf(tx, interviewerId);
  const windows = own.length > 0 ? own : (options.fallbackWindows ?? []);
  if (windows.length > 0 && !windows.some((w) => insideWindow(w, slot.start, slot.end))) {
    throw new AppError("conflict", messages.outsideAvailability);
  }
}

/** Start times, `stepMinutes` apart from each window's start, whose whole slot fits the window. */
export function candidateStarts(
  windows: readonly WindowRule[],
  from: Date,
  to: Date,
  duration: number,
  stepMinutes: number,
): Date[] {
  const starts = new Map<number, Date>();
  for (const w of windows) {
    const zone = w.timezone || interviewDefaults.timeZone;
    const last = addDays(wallClockInZone(to, zone).date, 1);
    for (let date = addDays(wallClockInZone(from, zone).date, -1); date <= last; date = addDays(date, 1)) {
      if (weekday(date) !== w.dayOfWeek) continue;
      for (let m = toMinutes(w.startTime); m + duration <= toMinutes(w.endTime); m += stepMinutes) {
        const start = zonedToUtc(date, clock(m), zone);
        const end = new Date(start.getTime() + duration * minute);
        // insideWindow re-reads the clock: a time skipped by a daylight-saving change drops out here.
        if (start >= from && start <= to && insideWindow(w, start, end)) starts.set(start.getTime(), start);
      }
    }
  }
  return [...starts.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** The candidates of [from, to] that clash with no scheduled interview and no block of the interviewer. */
export async function freeStarts(
  tx: DbOrTx,
  interviewerId: string,
  candidates: readonly Date[],
  duration: number,
): Promise<Date[]> {
  if (candidates.length === 0) return [];
  const from = candidates[0]!;
  const to = new Date(candidates.at(-1)!.getTime() + duration * minute);
  const busy = [
    ...(await interviewsNear(tx, interviewerId, from, to)),
    ...(await blocksNear(tx, interviewerId, from, to)),
  ];
  return candidates.filter((start) => {
    const slot = { start, end: new Date(start.getTime() + duration * minute) };
    return !busy.some((b) => overlaps(b, slot));
  });
}
