// Apart from constants.ts (which re-exports it) so the dashboard's pipeline card loads only this
// (decision 021).

export const applicationStages = [
  "new",
  "screening",
  "interview",
  "accepted",
  "payment",
  "waitlist",
  "declined",
] as const;
export type ApplicationStage = (typeof applicationStages)[number];
