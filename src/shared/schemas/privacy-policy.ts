import { z } from "zod";
import type { PrivacyPolicyFacts } from "../privacy-policy-facts";

export type { PrivacyPolicyFacts } from "../privacy-policy-facts";

/** GET /api/privacy-policy: the configured retention periods the privacy policy quotes. */
export const privacyPolicyFactsSchema = z.strictObject({
  travelDataRetentionDays: z.number().int().positive(),
  declinedApplicationRetentionDays: z.number().int().positive(),
}) satisfies z.ZodType<PrivacyPolicyFacts>;
