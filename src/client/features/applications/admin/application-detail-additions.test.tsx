// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminApplication } from "../../../../shared/schemas/applications-admin";
import type { GuestCandidate } from "../../../../shared/schemas/guests";
import type { InterviewItem } from "../../../../shared/schemas/interviews";
import { adminApplication } from "../../../test/builders";
import { fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../../test/render";
import { ApplicationDetailModal } from "./application-detail-modal";

const retreatId = "00000000-0000-4000-8000-000000000001";
const application = adminApplication({
  id: "00000000-0000-4000-8000-0000000000e1",
  retreatId,
  firstName: "Gia",
  lastName: "Guest",
  email: "gia@example.com",
  stage: "accepted",
  score: 80,
});

function interview(overrides: Partial<InterviewItem["interview"]>): InterviewItem {
  return {
    interview: {
      id: crypto.randomUUID(),
      applicationId: application.id,
      status: "completed",
      outcome: "accepted",
      scheduledAt: "2026-02-10T10:00:00.000Z",
      duration: 30,
      rating: 4,
      feedback: "Thoughtful and kind.\nGreat fit.",
      calendlyLink: null,
      completedAt: "2026-02-10T10:30:00.000Z",
      ...overrides,
    },
    application: { firstName: "Gia", lastName: "Guest", email: application.email },
    jitsiRoom: null,
    interviewer: { id: crypto.randomUUID(), name: "Olive Owner" },
  };
}

const interviewsUrl = `/api/admin/interviews?filter=all&applicationId=${application.id}`;
const guestsUrl = `/api/admin/guests?retreatId=${retreatId}`;

function setup(
  options: {
    app?: Partial<AdminApplication>;
    interviews?: InterviewItem[];
    candidates?: GuestCandidate[];
    invite?: () => Response;
  } = {},
) {
  const candidate: GuestCandidate = {
    applicationId: application.id,
    name: "Gia Guest",
    email: application.email,
    stage: "accepted",
    isCouple: false,
    guestUserId: null,
  };
  const { calls } = fakeApi(
    ({ method, url }) => {
      if (url === interviewsUrl) {
        const items = options.interviews ?? [];
        return Response.json({
          items,
          successRate: 0,
          counts: { upcoming: 0, today: 0, completed: 0, cancelled: 0, all: items.length },
        });
      }
      if (url === guestsUrl) return Response.json(options.candidates ?? [candidate]);
      if (method === "POST" && url === "/api/admin/guests")
        return (
          options.invite?.() ??
          Response.json(
            { userId: crypto.randomUUID(), email: application.email, linked: false, setPasswordLinkSent: true },
            { status: 201 },
          )
        );
    },
    () => new Response("not found", { status: 404 }),
  );
  renderWithClient(<ApplicationDetailModal application={{ ...application, ...options.app }} onClose={() => {}} />, {
    toaster: true,
  });
  return { calls, candidate };
}

afterEach(resetClientTest);

describe("application detail: interviews", () => {
  it("shows each interview's date, status, outcome, rating out of 5 and feedback, newest first", async () => {
    setup({
      interviews: [
        interview({}),
        interview({
          status: "scheduled",
          outcome: null,
          rating: null,
          feedback: null,
          scheduledAt: "2026-03-01T09:00:00.000Z",
        }),
      ],
    });
    const list = await screen.findByRole("list", { name: "Interviews" });
    const [newest, older] = within(list).getAllByRole("listitem");
    expect(within(newest!).getByText("Scheduled")).toBeTruthy();
    expect(within(newest!).getByText("Not rated")).toBeTruthy();
    // Past and still scheduled: nobody has recorded how it went (issue 16).
    expect(within(newest!).getByText("Needs outcome")).toBeTruthy();
    // On the London clock with its label, whatever the device's zone (issue 16).
    expect(within(older!).getByText(/Tuesday 10 February 2026, 10:00–10:30 \(London time\)/)).toBeTruthy();
    expect(within(older!).getByText("Completed")).toBeTruthy();
    expect(within(older!).getByText("Accepted")).toBeTruthy();
    expect(within(older!).getByText("4/5")).toBeTruthy();
    expect(within(older!).getByText(/Thoughtful and kind\./)).toBeTruthy();
    expect(within(older!).getByText("Olive Owner")).toBeTruthy();
  });

  it("asks only for this application's interviews and never shows another applicant's", async () => {
    const { calls } = setup({
      interviews: [interview({ applicationId: "00000000-0000-4000-8000-0000000000ff", feedback: "Someone else" })],
    });
    expect(await screen.findByText("No interviews yet.")).toBeTruthy();
    expect(screen.queryByText("Someone else")).toBeNull();
    expect(calls.some((c) => c.url === interviewsUrl)).toBe(true);
  });
});

describe("application detail: guest portal", () => {
  it("invites an accepted applicant with the Guests section's call and then shows the account", async () => {
    const { calls } = setup();
    expect(await screen.findByText("No guest portal account yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Invite to guest portal" }));
    expect(await screen.findByText("Guest invited")).toBeTruthy();
    expect(screen.getByText("We emailed gia@example.com a link to set their password.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: "/api/admin/guests",
      method: "POST",
      body: { applicationId: application.id },
    });
    expect(await screen.findByText(/Has a guest portal account/)).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url === guestsUrl).length).toBe(2));
  });

  it("says so when the guest already has an account (payment stage)", async () => {
    const guestUserId = "00000000-0000-4000-8000-0000000000f1";
    setup({
      app: { stage: "payment" },
      candidates: [
        {
          applicationId: application.id,
          name: "Gia Guest",
          email: application.email,
          stage: "payment",
          isCouple: false,
          guestUserId,
        },
      ],
    });
    expect(await screen.findByText("Has a guest portal account (gia@example.com).")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Invite to guest portal" })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    setup({
      invite: () =>
        Response.json(
          {
            message:
              "A user with this email already exists and is not a guest. Change their role in Settings or use another email.",
          },
          { status: 409 },
        ),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Invite to guest portal" }));
    expect(await screen.findByText("Failed to invite guest")).toBeTruthy();
    expect(screen.getByText(/already exists and is not a guest/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Invite to guest portal" })).toBeTruthy();
  });

  it("offers no invitation before the applicant is accepted", async () => {
    const { calls } = setup({ app: { stage: "interview" } });
    await screen.findByText("No interviews yet.");
    expect(screen.queryByRole("heading", { name: "Guest portal" })).toBeNull();
    expect(calls.some((c) => c.url.startsWith("/api/admin/guests"))).toBe(false);
  });
});
