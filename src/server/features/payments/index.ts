/**
 * The payments feature's public surface besides payments.service.ts: what a payment owes (the
 * money figures), how reminders follow a payment change, and the on-request reminder sweep.
 */
export * from "./money-figures";
export { followPayments, markCancelled, type ReminderScope } from "./reminder-follow";
export { ensureReminderSweepQueue, reminderSweepJob, requestReminderSweep } from "./reminder-sweep.jobs";
