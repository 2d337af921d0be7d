/**
 * What GET /api/privacy-policy answers, without zod: the privacy modal's lazy chunk imports only
 * this, so opening it does not pull in the schema library.
 */
export type PrivacyPolicyFacts = {
  travelDataRetentionDays: number;
  declinedApplicationRetentionDays: number;
};

/** The defaults in src/server/config.ts: what the policy shows until the live numbers arrive. */
export const defaultPrivacyPolicyFacts: PrivacyPolicyFacts = {
  travelDataRetentionDays: 30,
  declinedApplicationRetentionDays: 365,
};
