import { businessTimeZone } from "../../../shared/constants";
import { addDays } from "../../../shared/finance/dates";
import { zonedToUtc } from "../../../shared/schemas/schedule";

/** Lead times of the "upcoming" reminders, in days before the due date (settings key below overrides). */
export const defaultReminderDaysBefore: readonly number[] = [7, 1];
/** The `settings` row that overrides the lead times: comma-separated whole days, e.g. "14,7,1". */
export const reminderDaysSettingKey = "paymentReminderDaysBefore";
export const reminderSendTime = "09:00";
/** The overdue notice is stored as "-1 days before": the day after the due date. */
export const overdueDaysBefore = -1;
/** Never more than a season ahead: a typo such as "700" must not schedule mail two years out. */
const maxDaysBefore = 90;

/** The instant a reminder `daysBefore` days ahead of `dueDate` (YYYY-MM-DD) goes out. */
export function reminderSendAt(dueDate: string, daysBefore: number): Date {
  return zonedToUtc(addDays(dueDate, -daysBefore), reminderSendTime, businessTimeZone);
}

/**
 * "7,1" -> [7, 1]: distinct whole days from 0 (the due date itself) to 90, largest first. Null
 * when the text holds none, so the caller falls back to the defaults rather than sending nothing.
 */
export function parseReminderDays(value: string | null | undefined): number[] | null {
  if (!value) return null;
  const days = value
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= maxDaysBefore);
  const distinct = [...new Set(days)].sort((a, b) => b - a);
  return distinct.length > 0 ? distinct : null;
}
