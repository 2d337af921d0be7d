/** The interviews feature's public surface besides its services: how an interview is booked and cancelled (Calendly). */
export { cancelScheduled, type InterviewSettings, insertInterview, interviewSettings } from "./interview-records";
