import { z } from "zod";
import { type SubjectSection, subjectSectionLabels, subjectSections } from "../subject-sections";
import { limits } from "./common";

export { type SubjectSection, subjectSectionLabels, subjectSections };

/**
 * Data subject requests (GDPR articles 15 and 17) and the retention periods in force: the
 * owner's Privacy section in Settings and /api/admin/privacy/*.
 */

const subjectEmail = z
  .string({ message: "Please enter a valid email address." })
  .trim()
  .max(limits.email)
  .pipe(z.email("Please enter a valid email address."));

export const subjectQuerySchema = z.strictObject({ email: subjectEmail });
export type SubjectQuery = z.output<typeof subjectQuerySchema>;

export const eraseMismatchMessage = "The two email addresses do not match.";

export const eraseBodySchema = z
  .strictObject({ email: subjectEmail, confirmEmail: subjectEmail })
  .refine((body) => body.email.toLowerCase() === body.confirmEmail.toLowerCase(), {
    path: ["confirmEmail"],
    message: eraseMismatchMessage,
  });
export type EraseBody = z.output<typeof eraseBodySchema>;

const record = z.record(z.string(), z.unknown());

export const subjectExportSchema = z.object({
  email: z.string(),
  generatedAt: z.string(),
  sections: z.object(
    Object.fromEntries(subjectSections.map((s) => [s, z.array(record)])) as Record<
      SubjectSection,
      z.ZodArray<typeof record>
    >,
  ),
});
export type SubjectExport = z.infer<typeof subjectExportSchema>;

/** Rows erased (deleted) or anonymised (kept for the accounts, personal fields replaced), per table. */
export const eraseResponseSchema = z.object({
  deleted: z.record(z.string(), z.number().int()),
  anonymised: z.record(z.string(), z.number().int()),
  /** Staff, owner and vendor accounts with the address: managed in Users, never erased here. */
  accountsKept: z.number().int(),
});
export type EraseResponse = z.infer<typeof eraseResponseSchema>;

export const retentionPolicySchema = z.object({
  travelDataDays: z.number().int(),
  declinedApplicationDays: z.number().int(),
});
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;
