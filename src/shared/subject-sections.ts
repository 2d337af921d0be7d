// The sections of a person's data export and their headings, kept apart from the zod schemas
// (privacy.ts re-exports them): the Settings tab lists them without the validation library
// (decision 024).

/** Every section of an export, in the order the screen and the CSV show them. */
export const subjectSections = [
  "applications",
  "subscribers",
  "travelForms",
  "emailLogs",
  "emailSends",
  "interviews",
  "placeOffers",
  "paymentPlans",
  "payments",
  "refunds",
  "receipts",
  "users",
  "vendors",
  "teamProfiles",
  "feedback",
  "auditLogs",
] as const;
export type SubjectSection = (typeof subjectSections)[number];

export const subjectSectionLabels: Record<SubjectSection, string> = {
  applications: "Applications",
  subscribers: "Email subscriptions and waitlist",
  travelForms: "Travel forms",
  emailLogs: "Emails sent",
  emailSends: "Campaign emails",
  interviews: "Interviews",
  placeOffers: "Place offers",
  paymentPlans: "Payment plans",
  payments: "Payments",
  refunds: "Refunds",
  receipts: "Receipts and credit notes",
  users: "User accounts",
  vendors: "Vendor records",
  teamProfiles: "Team profiles on the public site",
  feedback: "Feedback survey answers",
  auditLogs: "Audit entries",
};
