import { useId } from "react";
import { z } from "zod";
import { type EraseResponse, eraseMismatchMessage } from "../../../shared/schemas/privacy";
import { FormDialog } from "../../components/ui/dialog";
import { InputField, useSchemaForm } from "../../components/ui/rhf-fields";
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

/** The address typed again must be the subject's (any case, spaces around it ignored). */
function confirmSchema(email: string) {
  return z
    .object({ confirmEmail: z.string() })
    .refine((f) => f.confirmEmail.trim().toLowerCase() === email.toLowerCase(), {
      path: ["confirmEmail"],
      message: eraseMismatchMessage,
    });
}

/** Erasure asks for the address a second time: the owner types it, so a slip of the mouse erases nothing. */
export function EraseSubjectDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const form = useSchemaForm(confirmSchema(email), { confirmEmail: "" }, { reValidateMode: "onSubmit" });
  // No failure toast: the dialog shows the server's reason itself.
  const erase = useWrite<string, EraseResponse>({
    request: (confirmEmail) => ({ method: "POST", path: erasePath, body: { email, confirmEmail } }),
    success: (result) => ({ title: `Data erased for ${email}`, description: erasureSummary(result) }),
    refresh: [adminApiRoot],
    onSuccess: onClose,
  });

  return (
    <FormDialog
      alert
      onClose={onClose}
      title="Erase all data?"
      description={`Everything held about ${email} is deleted; payments and what the accounts must keep are anonymised. This cannot be undone.`}
      formId={formId}
      onSubmit={form.handleSubmit(({ confirmEmail }) => erase.mutate(confirmEmail))}
      pending={erase.isPending}
      submitLabel="Erase all data"
      pendingLabel="Erasing..."
      destructive
      className="grid gap-2"
    >
      <InputField
        form={form}
        name="confirmEmail"
        label="Type the email address again to confirm"
        type="email"
        autoComplete="off"
      />
      {erase.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {serverMessage(erase.error) ?? "Could not erase the data. Please try again."}
        </p>
      ) : null}
    </FormDialog>
  );
}
