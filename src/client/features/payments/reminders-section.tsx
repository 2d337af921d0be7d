/** Placeholder until the payment reminders section is built. */
export function RemindersSection() {
  return null;
}
