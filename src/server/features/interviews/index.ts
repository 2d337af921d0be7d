// What other features may use of interviews (the Calendly integration books through these).
export type { InterviewSettings } from "./interview-records";
export { cancelScheduled, insertInterview, interviewSettings } from "./interview-records";
