/**
 * The guest journey's rules, pure (decision 019): which messages exist, when each is due, and what
 * a late acceptance gets. The sweep (journey-sweep.ts) and the timeline both read them from here.
 */

export const journeyStepKeys = [
  "welcome",
  "travel_10w",
  "packing",
  "travel_6w",
  "travel_3w",
  "arrival",
  "feedback",
] as const;
export type JourneyStepKey = (typeof journeyStepKeys)[number];

/** What the offset counts from. */
export type Anchor = "acceptance" | "start" | "end";

export type StepDefinition = {
  key: JourneyStepKey;
  label: string;
  anchor: Anchor;
  /** Days after the anchor (negative: before). */
  offsetDays: number;
  subject: string;
  body: string;
};

export const journeyVariables = [
  "firstName",
  "retreatName",
  "startDate",
  "endDate",
  "location",
  "travelFormUrl",
  "feedbackUrl",
  "publicUrl",
] as const;

const travelBody =
  "Hi {{ firstName }},\n\nWe still need your travel details for {{ retreatName }} ({{ startDate }}). Please fill in the travel form: {{ travelFormUrl }}\n\nThank you!";

export const defaultSteps: readonly StepDefinition[] = [
  {
    key: "welcome",
    label: "Welcome and next steps",
    anchor: "acceptance",
    offsetDays: 0,
    subject: "Welcome to {{ retreatName }}: your next steps",
    body: "Hi {{ firstName }},\n\nWelcome to {{ retreatName }} ({{ startDate }} to {{ endDate }}, {{ location }}).\n\nNext steps: pay your deposit and send us your travel details: {{ travelFormUrl }}",
  },
  {
    key: "travel_10w",
    label: "Travel form reminder (10 weeks)",
    anchor: "start",
    offsetDays: -70,
    subject: "Travel form reminder for {{ retreatName }}",
    body: travelBody,
  },
  {
    key: "packing",
    label: "Packing checklist",
    anchor: "start",
    offsetDays: -56,
    subject: "Your packing checklist for {{ retreatName }}",
    body: "Hi {{ firstName }},\n\nHere is what to pack for {{ retreatName }} in {{ location }}: light clothes, a rain jacket, comfortable shoes, sun cream, a reusable water bottle, your passport and any medication.",
  },
  {
    key: "travel_6w",
    label: "Travel form reminder (6 weeks)",
    anchor: "start",
    offsetDays: -42,
    subject: "Travel form reminder for {{ retreatName }}",
    body: travelBody,
  },
  {
    key: "travel_3w",
    label: "Travel form reminder (3 weeks)",
    anchor: "start",
    offsetDays: -21,
    subject: "Last travel form reminder for {{ retreatName }}",
    body: travelBody,
  },
  {
    key: "arrival",
    label: "Arrival details",
    anchor: "start",
    offsetDays: -7,
    subject: "Arrival details for {{ retreatName }}",
    body: "Hi {{ firstName }},\n\nWe meet on {{ startDate }} in {{ location }}. Pickup: from the airport arrivals hall. The first session starts at 17:00 on arrival day.",
  },
  {
    key: "feedback",
    label: "Feedback survey",
    anchor: "end",
    offsetDays: 1,
    subject: "How was {{ retreatName }}? Your feedback",
    body: "Hi {{ firstName }},\n\nThank you for joining {{ retreatName }}. Tell us how it was (two minutes, no sign-in): [{{ feedbackUrl }}]({{ feedbackUrl }})",
  },
];

export const isTravelStep = (key: string) => key.startsWith("travel_");

/** Journey emails go out at 09:00 UTC on their day. */
export const sendHourUtc = 9;
const dayMs = 86_400_000;

/** The moment a step is due: its anchor day plus the offset, at the send hour; acceptance: at once. */
export function dueAt(
  step: Pick<StepDefinition, "anchor" | "offsetDays">,
  dates: { startDate: string; endDate: string | null; acceptedAt: Date },
): Date {
  if (step.anchor === "acceptance") return new Date(dates.acceptedAt.getTime() + step.offsetDays * dayMs);
  const day = step.anchor === "end" ? (dates.endDate ?? dates.startDate) : dates.startDate;
  const base = Date.parse(`${day}T00:00:00Z`) + sendHourUtc * 3_600_000;
  return new Date(base + step.offsetDays * dayMs);
}

/** A step missed before the acceptance still goes at once when more than this before the start. */
export const lateGraceDays = 3;

export type Verdict =
  /** Due now: send. */
  | "send"
  /** Not yet due. */
  | "wait"
  /** Never for this guest (late acceptance, or the moment has passed). */
  | "skip";

/**
 * The late-acceptance rule (the table in decision 019). A step due after the acceptance goes on
 * its day. A step whose moment had passed before the acceptance:
 * - welcome: never late (it is due at acceptance);
 * - travel reminders: skipped, the welcome asks for the form and later reminders follow;
 * - packing list: at once if more than 3 days before the start, else skipped;
 * - arrival details: at once if before the start, else skipped;
 * - feedback: always on its day (acceptance after the end: skipped).
 */
export function verdict(
  step: Pick<StepDefinition, "key" | "anchor" | "offsetDays">,
  dates: { startDate: string; endDate: string | null; acceptedAt: Date },
  now: Date,
): Verdict {
  const due = dueAt(step, dates);
  if (due.getTime() >= dates.acceptedAt.getTime()) return now.getTime() >= due.getTime() ? "send" : "wait";
  const start = Date.parse(`${dates.startDate}T00:00:00Z`);
  const acceptedBeforeStartDays = (start - dates.acceptedAt.getTime()) / dayMs;
  if (step.key === "packing") return acceptedBeforeStartDays > lateGraceDays ? "send" : "skip";
  if (step.key === "arrival") return acceptedBeforeStartDays > 0 ? "send" : "skip";
  return "skip";
}
