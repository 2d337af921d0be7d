// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type {
  ApplicationTravelResponse,
  TravelFormDetail,
  TravelFormSummary,
} from "../../../../shared/schemas/travel-admin";
import { fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../../test/render";
import { ApplicationTravel } from "./application-travel";

const applicationId = "00000000-0000-4000-8000-0000000000a1";
const formId = "00000000-0000-4000-8000-0000000000f1";
const travelUrl = `/api/admin/applications/${applicationId}/travel-form`;
const detailUrl = `/api/admin/travel-forms/${formId}`;
const notesUrl = `/api/admin/applications/${applicationId}/medical-notes`;
const reviewUrl = `/api/admin/travel-forms/${formId}/review`;

const summary: TravelFormSummary = {
  id: formId,
  applicationId,
  applicantName: "Ada Lovelace",
  applicantEmail: "ada@example.com",
  retreatId: null,
  status: "submitted",
  submittedAt: "2026-03-02T10:00:00.000Z",
  reviewedAt: null,
  updatedAfterReviewAt: null,
  reviewNotes: null,
  insuranceProvider: "SafetyWing",
  insurancePolicyNumber: "SW-123",
  insuranceCoverage: null,
  insuranceExpiryDate: "2030-12-31",
  outboundFlightNumber: "QR 962",
  outboundDepartureDate: "2026-05-09T21:40:00.000Z",
  outboundArrivalDate: "2026-05-10T14:30:00.000Z",
  outboundDepartureAirport: "LHR",
  outboundArrivalAirport: "DPS",
  returnFlightNumber: null,
  returnDepartureDate: null,
  returnArrivalDate: null,
  returnDepartureAirport: null,
  returnArrivalAirport: null,
  emergencyContactName: "Grace Hopper",
  emergencyContactRelationship: "Friend",
  emergencyContactPhone: "+1 555 0100",
  emergencyContactEmail: null,
  emergencyContactAddress: null,
  passportExpiryDate: "2031-01-01",
  nationality: "British",
  dietaryRequirements: null,
  specialRequests: null,
  airportPickupRequired: true,
  passportNumberMasked: "•••• 3210",
  medicalDetailsOnFile: true,
};

const detail: TravelFormDetail = {
  ...summary,
  passportNumber: "ZX9876543210",
  allergies: "Bee stings",
  medications: "Salbutamol inhaler",
  medicalConditions: "Exercise-induced asthma",
};

function setup(
  options: { travel?: ApplicationTravelResponse; detail?: () => Response; review?: (body: unknown) => Response } = {},
) {
  const travel = options.travel ?? { form: summary, medicalNotesOnFile: true };
  const { calls } = fakeApi(async ({ url, method, body }) => {
    if (url === travelUrl) return Response.json(travel);
    if (url === detailUrl) return options.detail?.() ?? Response.json(detail);
    if (url === notesUrl) return Response.json({ medicalNotes: "Type 1 diabetes" });
    if (url === reviewUrl && method === "PATCH") {
      return (
        options.review?.(body) ??
        Response.json({
          ...summary,
          ...(body as object),
          reviewNotes: (body as { reviewNotes: string }).reviewNotes || null,
          reviewedAt: "2026-03-03T10:00:00.000Z",
        })
      );
    }
    return new Response("not found", { status: 404 });
  });
  renderWithClient(<ApplicationTravel applicationId={applicationId} />, { toaster: true });
  return { calls };
}

afterEach(resetClientTest);

const secrets = ["ZX9876543210", "Bee stings", "Salbutamol inhaler", "Exercise-induced asthma", "Type 1 diabetes"];

describe("application detail: travel details", () => {
  it("says when the travel form has not been submitted, with nothing to reveal or review", async () => {
    setup({ travel: { form: null, medicalNotesOnFile: false } });
    expect(await screen.findByText("Travel form not submitted yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show passport and medical details" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Mark reviewed" })).toBeNull();
  });

  it("shows the masked form: status, flights, insurance, contact, last four of the passport, medical only as on file", async () => {
    const { calls } = setup();
    expect(await screen.findByText("Submitted, awaiting review")).toBeTruthy();
    expect(screen.getByText("2 Mar 2026")).toBeTruthy();
    // The guest's wall-clock times, as typed.
    expect(screen.getByText(/QR 962, LHR → DPS, departs 9 May 2026, 21:40, arrives 10 May 2026, 14:30/)).toBeTruthy();
    expect(screen.getByText("SafetyWing, policy SW-123, expires 31 Dec 2030")).toBeTruthy();
    expect(screen.getByText("Grace Hopper (Friend), +1 555 0100")).toBeTruthy();
    expect(screen.getByText("•••• 3210")).toBeTruthy();
    expect(screen.getByText("Medical details on file")).toBeTruthy();
    expect(screen.getByText("Requested")).toBeTruthy();
    expect(screen.queryByText("Updated after review")).toBeNull();
    for (const secret of secrets) expect(document.body.textContent).not.toContain(secret);
    // Nothing sensitive was fetched just by opening the detail.
    expect(calls.map((c) => c.url)).toEqual([travelUrl]);
  });

  it("reveals the passport number and medical details on request, moves focus to them, and hides them again", async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Show passport and medical details" }));
    const region = await screen.findByRole("region", { name: "Passport and medical details" });
    await waitFor(() => expect(document.activeElement).toBe(region));
    expect(within(region).getByText("ZX9876543210")).toBeTruthy();
    expect(within(region).getByText("Bee stings")).toBeTruthy();
    expect(within(region).getByText("Salbutamol inhaler")).toBeTruthy();
    expect(within(region).getByText("Exercise-induced asthma")).toBeTruthy();
    expect(within(region).getByText("Type 1 diabetes")).toBeTruthy();
    expect(within(region).getByText("This view is recorded in the audit log.")).toBeTruthy();
    expect(calls.map((c) => c.url).sort()).toEqual([detailUrl, notesUrl, travelUrl].sort());

    fireEvent.click(screen.getByRole("button", { name: "Hide passport and medical details" }));
    expect(screen.queryByRole("region", { name: "Passport and medical details" })).toBeNull();
    for (const secret of secrets) expect(document.body.textContent).not.toContain(secret);
  });

  it("reveals the application's medical notes even before a travel form exists", async () => {
    const { calls } = setup({ travel: { form: null, medicalNotesOnFile: true } });
    expect(await screen.findByText("Medical notes from the application are on file.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show passport and medical details" }));
    const region = await screen.findByRole("region", { name: "Passport and medical details" });
    expect(within(region).getByText("Type 1 diabetes")).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith("/api/admin/travel-forms/"))).toBe(false);
  });

  it("says so when the reveal is refused", async () => {
    setup({ detail: () => Response.json({ message: "Forbidden" }, { status: 403 }) });
    fireEvent.click(await screen.findByRole("button", { name: "Show passport and medical details" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Forbidden");
    expect(screen.queryByRole("region", { name: "Passport and medical details" })).toBeNull();
  });

  it("marks the form reviewed with notes, and sends it back for changes", async () => {
    const { calls } = setup();
    fireEvent.change(await screen.findByLabelText("Review notes"), { target: { value: "All good" } });
    fireEvent.click(screen.getByRole("button", { name: "Mark reviewed" }));
    expect((await screen.findByText("Travel form marked reviewed.")).getAttribute("role")).toBe("status");
    expect(await screen.findByText("Reviewed")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")).toEqual({
      url: reviewUrl,
      method: "PATCH",
      body: { status: "reviewed", reviewNotes: "All good" },
    });

    fireEvent.change(screen.getByLabelText("Review notes"), { target: { value: "Passport expires too soon" } });
    fireEvent.click(screen.getByRole("button", { name: "Needs changes" }));
    expect(await screen.findByText("Travel form marked as needing changes.")).toBeTruthy();
    expect(screen.getByText("Needs changes", { selector: "dd" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual({
      status: "needs_changes",
      reviewNotes: "Passport expires too soon",
    });
  });

  it("shows the server's refusal of a review", async () => {
    setup({ review: () => Response.json({ message: "Travel form not found" }, { status: 404 }) });
    fireEvent.click(await screen.findByRole("button", { name: "Mark reviewed" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to save the review: Travel form not found");
  });

  it("marks a form the applicant changed after its review, with both times", async () => {
    const reviewedAt = "2026-03-03T10:00:00.000Z";
    const changedAt = "2026-03-04T16:45:00.000Z";
    const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
    setup({
      travel: {
        form: { ...summary, status: "submitted", reviewedAt, submittedAt: changedAt, updatedAfterReviewAt: changedAt },
        medicalNotesOnFile: false,
      },
    });
    const term = await screen.findByText("Updated after review");
    expect(term.nextElementSibling?.textContent).toBe(
      `Changed by the applicant on ${when.format(new Date(changedAt))}, after the review on ${when.format(new Date(reviewedAt))}`,
    );
    expect(screen.getByText("Submitted, awaiting review")).toBeTruthy();
  });
});
