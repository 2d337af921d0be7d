/**
 * Placeholder: "Cancel booking" for an accepted application with a plan; opens a dialog with the
 * refund the cancellation policy gives and records it.
 */
export function CancelBookingButton(_props: { applicationId: string; applicantName: string }) {
  return null;
}
