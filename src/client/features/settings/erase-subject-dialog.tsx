import { type FormEvent, useId, useState } from "react";
import { type EraseResponse, eraseMismatchMessage } from "../../../shared/schemas/privacy";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { FieldError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { serverMessage } from "../../lib/api-error-message";
import { useWrite } from "../../lib/use-write";
import { adminApiRoot, erasePath } from "./settings-api";

/** [one, many] for each table the erasure reports. */
const tableLabels: Record<string, [string, string]> = {
  applications: ["application", "applications"],
  travelForms: ["travel form", "travel forms"],
  interviews: ["interview", "interviews"],
  calendlyEvents: ["calendar event", "calendar events"],
  jitsiRooms: ["video room", "video rooms"],
  interviewBookingLinks: ["booking link", "booking links"],
  placeOffers: ["place offer", "place offers"],
  roomAssignments: ["room assignment", "room assignments"],
  paymentReminders: ["payment reminder", "payment reminders"],
  paymentPlans: ["payment plan", "payment plans"],
  payments: ["payment", "payments"],
  partnerDetails: ["partner's details", "partners' details"],
  subscribers: ["subscription", "subscriptions"],
  emailSends: ["campaign email", "campaign emails"],
  emailLogs: ["email", "emails"],
  users: ["guest account", "guest accounts"],
  jobs: ["queued job", "queued jobs"],
  auditEntries: ["audit entry", "audit entries"],
};

function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => {
      const [one, many] = tableLabels[table] ?? [table, table];
      return `${n} ${n === 1 ? one : many}`;
    })
    .join(", ");
}

/** "Deleted 2 emails, 1 subscription. Anonymised 1 application and 2 payments (kept for the accounts)." */
export function erasureSummary(result: EraseResponse): string {
  const parts: string[] = [];
  parts.push(Object.keys(result.deleted).length ? `Deleted ${describeCounts(result.deleted)}.` : "Nothing to delete.");
  if (Object.keys(result.anonymised).length) {
    parts.push(`Anonymised, kept for the accounts: ${describeCounts(result.anonymised)}.`);
  }
  if (result.accountsKept > 0) {
    parts.push(
      `${result.accountsKept} staff, owner or vendor record${result.accountsKept === 1 ? "" : "s"} kept: manage them under Users or Vendors.`,
    );
  }
  return parts.join(" ");
}

/** Erasure asks for the address a second time: the owner types it, so a slip of the mouse erases nothing. */
export function EraseSubjectDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const id = useId();
  const [confirmEmail, setConfirmEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  // No failure toast: the dialog shows the server's reason itself.
  const erase = useWrite<void, EraseResponse>({
    request: () => ({ method: "POST", path: erasePath, body: { email, confirmEmail } }),
    success: (result) => ({ title: `Data erased for ${email}`, description: erasureSummary(result) }),
    refresh: [adminApiRoot],
    onSuccess: onClose,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmEmail.trim().toLowerCase() !== email.toLowerCase()) {
      setError(eraseMismatchMessage);
      return;
    }
    setError(null);
    erase.mutate();
  };

  return (
    <AdminDialog
      open
      alert
      onOpenChange={(open) => !open && onClose()}
      title="Erase all data?"
      description={`Everything held about ${email} is deleted; payments and what the accounts must keep are anonymised. This cannot be undone.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="destructive" disabled={erase.isPending}>
            {erase.isPending ? "Erasing..." : "Erase all data"}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="grid gap-2">
        <Label htmlFor={`${id}-confirm`}>Type the email address again to confirm</Label>
        <Input
          id={`${id}-confirm`}
          type="email"
          autoComplete="off"
          value={confirmEmail}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setConfirmEmail(event.target.value)}
        />
        {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
        {erase.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {serverMessage(erase.error) ?? "Could not erase the data. Please try again."}
          </p>
        ) : null}
      </form>
    </AdminDialog>
  );
}
