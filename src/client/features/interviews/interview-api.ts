import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { bookingTokenLength, type InterviewFilter } from "../../../shared/interview-rules";
import type { AdminApplication, ApplicationListResponse } from "../../../shared/schemas/applications-admin";
import type {
  Availability,
  AvailabilityWindow,
  BookedSlot,
  BookingPage,
  CompleteInterviewInput,
  CreateInterviewInput,
  Interviewer,
  InterviewItem,
  InterviewList,
} from "../../../shared/schemas/interviews";
import { serverMessage } from "../../lib/api-error-message";
import { ApiError, throwIfResNotOk } from "../../lib/api-request";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import { seasonUrl, useSeason } from "../admin-shell/use-season";
import { applicationsPath } from "../applications/applications-api";
import { dashboardPath } from "../dashboard/dashboard-api";

export const interviewsPath = "/api/admin/interviews";
export const interviewersPath = `${interviewsPath}/interviewers`;
export const availabilityPath = `${interviewsPath}/availability`;
export const blocksPath = `${interviewsPath}/blocks`;
export const bookingLinksPath = `${interviewsPath}/booking-links`;

/** The query key is the URL (the default query function fetches the key); the season's interviews when there is one. */
export const interviewListUrl = (filter: InterviewFilter, retreatId?: string) =>
  seasonUrl(interviewsPath, retreatId, { filter });

export function useInterviewList(filter: InterviewFilter) {
  const season = useSeason();
  // The counts and rate stay on screen while another filter loads.
  return useQuery<InterviewList>({
    queryKey: [interviewListUrl(filter, season.retreatId)],
    enabled: !season.isLoading,
    placeholderData: keepPreviousData,
  });
}

export function useInterviewers(enabled: boolean) {
  return useQuery<Interviewer[]>({ queryKey: [interviewersPath], enabled });
}

/** A few of the season's applications matching the search, for the pickers. */
export function useApplicationSearch(search: string, enabled: boolean) {
  const season = useSeason();
  const params = new URLSearchParams({ pageSize: "8", sort: "submittedAt", order: "desc" });
  if (search.trim()) params.set("search", search.trim());
  return useQuery<ApplicationListResponse>({
    queryKey: [seasonUrl(applicationsPath, season.retreatId, params)],
    enabled: enabled && !season.isLoading,
  });
}

export type PickedApplication = Pick<AdminApplication, "id" | "firstName" | "lastName" | "email" | "stage">;

/** Error toasts use the spec's fixed texts; the server's own reason goes to the dialog (see DialogError). */
export function errorToast(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

/** Scheduling and completing can move the application's stage, which the dashboard counts. */
const interviewRefresh = [interviewsPath, applicationsPath, dashboardPath];

export function useCreateInterview() {
  return useWrite<CreateInterviewInput, InterviewItem>({
    request: (input) => ({ method: "POST", path: interviewsPath, body: input }),
    success: { title: "Interview Scheduled", description: "The applicant has been emailed the time and video link." },
    refresh: interviewRefresh,
    onError: () => errorToast("Failed to schedule interview"),
  });
}

export function useRescheduleInterview() {
  return useWrite<{ id: string; newScheduledAt: string }, InterviewItem>({
    request: (input) => ({
      method: "PATCH",
      path: `${interviewsPath}/${input.id}/reschedule`,
      body: { newScheduledAt: input.newScheduledAt },
    }),
    success: { title: "Interview Rescheduled", description: "The applicant has been notified of the new time." },
    refresh: interviewRefresh,
    onError: () => errorToast("Failed to reschedule interview"),
  });
}

export function useCompleteInterview() {
  return useWrite<{ id: string; body: CompleteInterviewInput }, InterviewItem>({
    request: (input) => ({ method: "PATCH", path: `${interviewsPath}/${input.id}/complete`, body: input.body }),
    success: { title: "Interview Completed", description: "The outcome, rating and feedback are saved." },
    refresh: interviewRefresh,
    onError: () => errorToast("Failed to complete interview"),
  });
}

export function useCancelInterview() {
  return useWrite<string, InterviewItem>({
    request: (id) => ({ method: "POST", path: `${interviewsPath}/${id}/cancel` }),
    success: { title: "Interview Cancelled", description: "The applicant has been told." },
    refresh: interviewRefresh,
    onError: (error) => errorToast(serverMessage(error) ?? "Failed to cancel interview"),
  });
}

export type BookingLinkResult = { id: string; applicationId: string; expiresAt: string; emailedTo: string };

export function useSendBookingLink() {
  return useWrite<{ applicationId: string; interviewerId?: string; duration: number }, BookingLinkResult>({
    request: (input) => ({ method: "POST", path: bookingLinksPath, body: input }),
    success: (link) => ({
      title: "Booking link sent",
      description: `The booking link was emailed to ${link.emailedTo}.`,
    }),
    onError: () => errorToast("Failed to send booking link"),
  });
}

export function useAvailability(enabled: boolean) {
  return useQuery<Availability>({ queryKey: [availabilityPath], enabled });
}

export function useSaveAvailability() {
  return useWrite<AvailabilityWindow[], Availability>({
    request: (windows) => ({ method: "PUT", path: availabilityPath, body: { windows } }),
    success: { title: "Availability saved", description: "Booking links offer times inside these windows." },
    refresh: [availabilityPath],
    onError: (error) => errorToast(serverMessage(error) ?? "Failed to save availability"),
  });
}

export type NewBlock = {
  startTime: string;
  endTime: string;
  reason: string | null;
  recurringPattern: "daily" | "weekly" | null;
};

export function useCreateBlock() {
  return useWrite<NewBlock>({
    request: (block) => ({ method: "POST", path: blocksPath, body: block }),
    success: { title: "Time blocked", description: "No interview can be booked in that time." },
    refresh: [availabilityPath],
    onError: (error) => errorToast(serverMessage(error) ?? "Failed to block time"),
  });
}

export function useDeleteBlock() {
  return useWrite<string>({
    request: (id) => ({ method: "DELETE", path: `${blocksPath}/${id}` }),
    success: "Block removed",
    refresh: [availabilityPath],
    onError: (error) => errorToast(serverMessage(error) ?? "Failed to remove block"),
  });
}

// ---------------------------------------------------------------------------------------------
// The applicant's booking page
// ---------------------------------------------------------------------------------------------

const bookingApiRoot = "/api/interview-booking";
export const bookingApiPath = (token: string) => `${bookingApiRoot}/${encodeURIComponent(token)}`;

/** A token that cannot exist (wrong length) is not valid without asking the server. */
export function isBookingToken(token: string | undefined): token is string {
  return token !== undefined && token.length >= bookingTokenLength.min && token.length <= bookingTokenLength.max;
}

/** How the page reads a failed call: the link is unknown, it has run out, or something else went wrong. */
export type BookingFailure = "not_found" | "expired" | "taken" | "other";

export function bookingFailure(error: unknown): BookingFailure {
  if (!(error instanceof ApiError)) return "other";
  if (error.status === 404) return "not_found";
  if (error.status === 410) return "expired";
  if (error.status === 409) return "taken";
  return "other";
}

export function useBookingPage(token: string, enabled: boolean) {
  return useQuery<BookingPage>({
    queryKey: [bookingApiRoot, token],
    enabled,
    queryFn: async ({ signal }) => {
      const res = await fetch(bookingApiPath(token), { credentials: "include", signal });
      await throwIfResNotOk(res);
      return (await res.json()) as BookingPage;
    },
  });
}

export function useBookSlot(token: string) {
  return useWrite<string, BookedSlot>({
    request: (scheduledAt) => ({ method: "POST", path: bookingApiPath(token), body: { scheduledAt } }),
  });
}
