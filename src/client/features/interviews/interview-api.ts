import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminApplication, ApplicationListResponse } from "../../../shared/schemas/admin-applications";
import type {
  Availability,
  AvailabilityWindow,
  CompleteInterviewInput,
  CreateInterviewInput,
  Interviewer,
  InterviewFilter,
  InterviewItem,
  InterviewList,
} from "../../../shared/schemas/interviews";
import { serverMessage } from "../../lib/api-error-message";
import { apiRequest } from "../../lib/api-request";
import { invalidateByPrefix } from "../../lib/invalidate-by-prefix";
import { toast } from "../../lib/use-toast";

export const interviewsPath = "/api/admin/interviews";
export const interviewersPath = `${interviewsPath}/interviewers`;
export const availabilityPath = `${interviewsPath}/availability`;
export const blocksPath = `${interviewsPath}/blocks`;
export const bookingLinksPath = `${interviewsPath}/booking-links`;
const applicationsPath = "/api/admin/applications";
const dashboardPath = "/api/admin/dashboard";

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
