import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminApplication, ApplicationListResponse } from "../../../shared/schemas/admin-applications";
import {
  type Availability,
  type AvailabilityWindow,
  type BookedSlot,
  type BookingPage,
  bookingTokenParamsSchema,
  type CompleteInterviewInput,
  type CreateInterviewInput,
  type Interviewer,
  type InterviewFilter,
  type InterviewItem,
  type InterviewList,
} from "../../../shared/schemas/interviews";
import { serverMessage } from "../../lib/api-error-message";
import { ApiError, apiRequest, throwIfResNotOk } from "../../lib/api-request";
import { invalidateByPrefix } from "../../lib/invalidate-by-prefix";
import { toast } from "../../lib/use-toast";
import { applicationsPath } from "../applications/applications-api";
import { dashboardPath } from "../dashboard/dashboard-api";

export const interviewsPath = "/api/admin/interviews";
export const interviewersPath = `${interviewsPath}/interviewers`;
export const availabilityPath = `${interviewsPath}/availability`;
export const blocksPath = `${interviewsPath}/blocks`;
export const bookingLinksPath = `${interviewsPath}/booking-links`;

/** The query key is the URL (the default query function fetches the key). */
export const interviewListUrl = (filter: InterviewFilter) => `${interviewsPath}?filter=${filter}`;

export function useInterviewList(filter: InterviewFilter) {
  // The counts and rate stay on screen while another filter loads.
  return useQuery<InterviewList>({ queryKey: [interviewListUrl(filter)], placeholderData: keepPreviousData });
}

export function useInterviewers(enabled: boolean) {
  return useQuery<Interviewer[]>({ queryKey: [interviewersPath], enabled });
}

/** A few applications matching the search, for the pickers. */
export function useApplicationSearch(search: string, enabled: boolean) {
  const params = new URLSearchParams({ pageSize: "8", sort: "submittedAt", order: "desc" });
  if (search.trim()) params.set("search", search.trim());
  return useQuery<ApplicationListResponse>({ queryKey: [`${applicationsPath}?${params}`], enabled });
}

export type PickedApplication = Pick<AdminApplication, "id" | "firstName" | "lastName" | "email" | "stage">;

/** Error toasts use the spec's fixed texts; the server's own reason goes to the dialog (see DialogError). */
export function errorToast(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

function useRefresh() {
  const queryClient = useQueryClient();
  // Scheduling and completing can move the application's stage, which the dashboard counts.
  return () => invalidateByPrefix(queryClient, interviewsPath, applicationsPath, dashboardPath);
}

const json = async <T>(res: Response) => (await res.json()) as T;

export function useCreateInterview() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: CreateInterviewInput) =>
      json<InterviewItem>(await apiRequest("POST", interviewsPath, input)),
    onSuccess: () => {
      toast({ title: "Interview Scheduled", description: "The applicant has been emailed the time and video link." });
      void refresh();
    },
    onError: () => errorToast("Failed to schedule interview"),
  });
}

export function useRescheduleInterview() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: string; newScheduledAt: string }) =>
      json<InterviewItem>(
        await apiRequest("PATCH", `${interviewsPath}/${input.id}/reschedule`, { newScheduledAt: input.newScheduledAt }),
      ),
    onSuccess: () => {
      toast({ title: "Interview Rescheduled", description: "The applicant has been notified of the new time." });
      void refresh();
    },
    onError: () => errorToast("Failed to reschedule interview"),
  });
}

export function useCompleteInterview() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: string; body: CompleteInterviewInput }) =>
      json<InterviewItem>(await apiRequest("PATCH", `${interviewsPath}/${input.id}/complete`, input.body)),
    onSuccess: () => {
      toast({ title: "Interview Completed", description: "The outcome, rating and feedback are saved." });
      void refresh();
    },
    onError: () => errorToast("Failed to complete interview"),
  });
}

export function useCancelInterview() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => json<InterviewItem>(await apiRequest("POST", `${interviewsPath}/${id}/cancel`)),
    onSuccess: () => {
      toast({ title: "Interview Cancelled", description: "The applicant has been told." });
      void refresh();
    },
    onError: (error) => errorToast(serverMessage(error) ?? "Failed to cancel interview"),
  });
}

export type BookingLinkResult = { id: string; applicationId: string; expiresAt: string; emailedTo: string };

export function useSendBookingLink() {
  return useMutation({
    mutationFn: async (input: { applicationId: string; interviewerId?: string; duration: number }) =>
      json<BookingLinkResult>(await apiRequest("POST", bookingLinksPath, input)),
    onSuccess: (link) =>
      toast({ title: "Booking link sent", description: `The booking link was emailed to ${link.emailedTo}.` }),
    onError: () => errorToast("Failed to send booking link"),
  });
}

export function useAvailability(enabled: boolean) {
  return useQuery<Availability>({ queryKey: [availabilityPath], enabled });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (windows: AvailabilityWindow[]) =>
      json<Availability>(await apiRequest("PUT", availabilityPath, { windows })),
    onSuccess: () => {
      toast({ title: "Availability saved", description: "Booking links offer times inside these windows." });
      void invalidateByPrefix(queryClient, availabilityPath);
    },
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (block: NewBlock) => apiRequest("POST", blocksPath, block),
    onSuccess: () => {
      toast({ title: "Time blocked", description: "No interview can be booked in that time." });
      void invalidateByPrefix(queryClient, availabilityPath);
    },
    onError: (error) => errorToast(serverMessage(error) ?? "Failed to block time"),
  });
}

export function useDeleteBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest("DELETE", `${blocksPath}/${id}`),
    onSuccess: () => {
      toast({ title: "Block removed" });
      void invalidateByPrefix(queryClient, availabilityPath);
    },
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
  return bookingTokenParamsSchema.safeParse({ token: token ?? "" }).success;
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
  return useMutation({
    mutationFn: async (scheduledAt: string) =>
      (await (await apiRequest("POST", bookingApiPath(token), { scheduledAt })).json()) as BookedSlot,
  });
}
