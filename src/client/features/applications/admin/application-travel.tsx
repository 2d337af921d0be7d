import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  type ApplicationMedicalNotesResponse,
  type ApplicationTravelResponse,
  type TravelFormDetail,
  type TravelFormSummary,
  type TravelReviewInput,
  travelStatusLabels,
} from "../../../../shared/schemas/travel-admin";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { serverMessage } from "../../../lib/api-error-message";
import { apiRequest } from "../../../lib/api-request";
import { useWrite } from "../../../lib/use-write";
import { applicationTravelUrl, medicalNotesUrl, travelFormsPath } from "../applications-api";
import { formatDate } from "./format";

/** Flight times are the guest's local wall-clock times, stored as that time in UTC: show them in UTC. */
const flightTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const showFlightTime = (iso: string | null) => (iso ? flightTime.format(new Date(iso)) : null);
/** Submission and review times, in the reader's own zone. */
const eventTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const showEventTime = (iso: string | null) => (iso ? eventTime.format(new Date(iso)) : "");

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words text-sm">{children || <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

function flight(form: TravelFormSummary, leg: "outbound" | "return"): string {
  const number = form[`${leg}FlightNumber`];
  const route = [form[`${leg}DepartureAirport`], form[`${leg}ArrivalAirport`]].filter(Boolean).join(" → ");
  const departs = showFlightTime(form[`${leg}DepartureDate`]);
  const arrives = showFlightTime(form[`${leg}ArrivalDate`]);
  return [number, route, departs ? `departs ${departs}` : null, arrives ? `arrives ${arrives}` : null]
    .filter(Boolean)
    .join(", ");
}

type Revealed = { form: TravelFormDetail | null; medicalNotes: string | null };

/**
 * The travel section of the application detail: the masked travel form, a reveal of the
 * passport number and medical details (each reveal is an audited read on the server, and the
 * values live only in this component, never in the query cache), and the staff review.
 */
export function ApplicationTravel({ applicationId }: { applicationId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const url = applicationTravelUrl(applicationId);
  const { data, isLoading, isError } = useQuery<ApplicationTravelResponse>({ queryKey: [url] });
  const [notes, setNotes] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const revealedRef = useRef<HTMLElement>(null);

  const reveal = useMutation({
    mutationFn: async (): Promise<Revealed> => {
      const [form, notesResponse] = await Promise.all([
        data?.form
          ? apiRequest("GET", `${travelFormsPath}/${data.form.id}`).then((r) => r.json() as Promise<TravelFormDetail>)
          : null,
        data?.medicalNotesOnFile
          ? apiRequest("GET", medicalNotesUrl(applicationId)).then(
              (r) => r.json() as Promise<ApplicationMedicalNotesResponse>,
            )
          : null,
      ]);
      return { form, medicalNotes: notesResponse?.medicalNotes ?? null };
    },
    onSuccess: setRevealed,
  });
  // Screen-reader and keyboard users land on what they asked to see.
  useEffect(() => {
    if (revealed) revealedRef.current?.focus();
  }, [revealed]);

  const review = useWrite<TravelReviewInput, TravelFormSummary>({
    request: (input) => ({ method: "PATCH", path: `${travelFormsPath}/${data!.form!.id}/review`, body: input }),
    refresh: [travelFormsPath],
    onSuccess: (form) =>
      queryClient.setQueryData<ApplicationTravelResponse>([url], (old) => (old ? { ...old, form } : old)),
  });

  if (isLoading) return <p className="text-sm text-muted-foreground">Loading travel details...</p>;
  if (isError || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load travel details.
      </p>
    );

  const form = data.form;
  const hasSecrets = Boolean(form) || data.medicalNotesOnFile;
  const reviewNotes = notes ?? form?.reviewNotes ?? "";

  return (
    <div className="grid gap-4">
      {form ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          <Item term="Status">{travelStatusLabels[form.status] ?? form.status}</Item>
          {form.updatedAfterReviewAt ? (
            // The applicant replaced details staff had already checked: say so, or a changed passport goes unseen.
            <Item term="Updated after review">
              <span className="font-medium text-amber-800 dark:text-amber-300">
                {`Changed by the applicant on ${showEventTime(form.updatedAfterReviewAt)}, after the review on ${showEventTime(form.reviewedAt)}`}
              </span>
            </Item>
          ) : null}
          <Item term="Submitted">{formatDate(form.submittedAt)}</Item>
          <Item term="Outbound flight">{flight(form, "outbound")}</Item>
          <Item term="Return flight">{flight(form, "return")}</Item>
          <Item term="Airport pickup">{form.airportPickupRequired ? "Requested" : "Not needed"}</Item>
          <Item term="Insurance">
            {`${form.insuranceProvider}, policy ${form.insurancePolicyNumber}, expires ${formatDate(form.insuranceExpiryDate)}`}
          </Item>
          <Item term="Emergency contact">
            {[
              `${form.emergencyContactName} (${form.emergencyContactRelationship})`,
              form.emergencyContactPhone,
              form.emergencyContactEmail,
            ]
              .filter(Boolean)
              .join(", ")}
          </Item>
          <Item term="Passport">
            <span className="font-mono">{form.passportNumberMasked}</span>
            {`, ${form.nationality}, expires ${formatDate(form.passportExpiryDate)}`}
          </Item>
          <Item term="Medical details">{form.medicalDetailsOnFile ? "Medical details on file" : "None given"}</Item>
          {form.dietaryRequirements ? <Item term="Dietary requirements">{form.dietaryRequirements}</Item> : null}
          {form.specialRequests ? <Item term="Special requests">{form.specialRequests}</Item> : null}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">Travel form not submitted yet.</p>
      )}
      {!form && data.medicalNotesOnFile ? (
        <p className="text-sm">Medical notes from the application are on file.</p>
      ) : null}

      {hasSecrets ? (
        <div className="grid gap-3">
          <div>
            {revealed ? (
              <Button size="sm" variant="outline" onClick={() => setRevealed(null)}>
                Hide passport and medical details
              </Button>
            ) : (
              <Button size="sm" variant="outline" disabled={reveal.isPending} onClick={() => reveal.mutate()}>
                {reveal.isPending ? "Loading..." : "Show passport and medical details"}
              </Button>
            )}
          </div>
          {reveal.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {serverMessage(reveal.error) ?? "Failed to load the passport and medical details."}
            </p>
          ) : null}
          {revealed ? (
            <section
              ref={revealedRef}
              tabIndex={-1}
              aria-label="Passport and medical details"
              className="grid gap-3 rounded-md border border-border p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <p className="text-xs text-muted-foreground">This view is recorded in the audit log.</p>
              <dl className="grid gap-3 sm:grid-cols-2">
                {revealed.form ? (
                  <>
                    <Item term="Passport number">
                      <span className="font-mono">{revealed.form.passportNumber}</span>
                    </Item>
                    <Item term="Allergies">{revealed.form.allergies}</Item>
                    <Item term="Medications">{revealed.form.medications}</Item>
                    <Item term="Medical conditions">{revealed.form.medicalConditions}</Item>
                  </>
                ) : null}
                {data.medicalNotesOnFile ? (
                  <Item term="Medical notes (application)">{revealed.medicalNotes}</Item>
                ) : null}
              </dl>
            </section>
          ) : null}
        </div>
      ) : null}

      {form ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-review-notes`}>Review notes</Label>
          <Textarea
            id={`${id}-review-notes`}
            rows={3}
            maxLength={5000}
            value={reviewNotes}
            onChange={(event) => setNotes(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={review.isPending}
              onClick={() => review.mutate({ status: "reviewed", reviewNotes })}
            >
              Mark reviewed
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={review.isPending}
              onClick={() => review.mutate({ status: "needs_changes", reviewNotes })}
            >
              Needs changes
            </Button>
          </div>
          {/* Said here, not in a toast: the open dialog hides everything outside it from screen readers. */}
          <p role="status" className="text-sm">
            {review.isSuccess
              ? review.data.status === "reviewed"
                ? "Travel form marked reviewed."
                : "Travel form marked as needing changes."
              : null}
          </p>
          {review.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {`Failed to save the review: ${serverMessage(review.error) ?? "please try again."}`}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The application detail's "Travel details" section, full width: it holds the most text. */
export function ApplicationTravelSection({ applicationId }: { applicationId: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 md:col-span-2">
      <h3 id={headingId} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Travel details
      </h3>
      <ApplicationTravel applicationId={applicationId} />
    </section>
  );
}
