import type { travelComplianceForms } from "../../db/schema";
import type { FieldCipher } from "../../encryption/field-encryption";
import type { AuditEntry } from "../audit/audit.service";
import { openTravelSecrets } from "./travel-secrets";

type FormRow = typeof travelComplianceForms.$inferSelect;

/** The applicant's answers as stored, with the secret columns still in plain text. */
export type TravelValues = Omit<
  FormRow,
  | "id"
  | "applicationId"
  | "status"
  | "reviewedBy"
  | "reviewedAt"
  | "reviewNotes"
  | "submittedAt"
  | "submissionHistory"
  | "createdAt"
  | "updatedAt"
>;

export const travelSubmissionActions = {
  submit: "travel_form.submit",
  resubmit: "travel_form.resubmit",
} as const;

type SubmissionEntry = Pick<AuditEntry, "action" | "entityType" | "entityId" | "oldValues" | "newValues">;

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** Names of the answers that differ; the stored secrets are decrypted in memory to compare. */
function changedFields(before: FormRow, after: TravelValues, cipher: FieldCipher): string[] {
  const stored: Record<string, unknown> = { ...before, ...openTravelSecrets(cipher, before) };
  return Object.keys(after).filter((key) => comparable(stored[key]) !== comparable(after[key as keyof TravelValues]));
}

/**
 * The audit entry for a public submission: which application sent which form and, when it
 * replaces an earlier one, the review it undoes and the names of the fields that changed. Never
 * a value: every owner reads the trail, and the values are passport, medical and emergency
 * contact data.
 */
export function submissionAudit(
  applicationId: string,
  formId: string,
  before: FormRow | null,
  after: TravelValues,
  cipher: FieldCipher,
): SubmissionEntry {
  const entry = { entityType: "travel_form", entityId: formId };
  if (!before) {
    return { ...entry, action: travelSubmissionActions.submit, newValues: { applicationId, status: "submitted" } };
  }
  return {
    ...entry,
    action: travelSubmissionActions.resubmit,
    oldValues: {
      status: before.status,
      submittedAt: before.submittedAt.toISOString(),
      reviewedAt: before.reviewedAt?.toISOString() ?? null,
    },
    newValues: { applicationId, status: "submitted", changedFields: changedFields(before, after, cipher) },
  };
}
