// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Availability, InterviewFilter, InterviewItem, InterviewList } from "../../../shared/schemas/interviews";
import { type ApiCall, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import { CompleteDialog } from "./complete-dialog";
import { InterviewsTab } from "./interviews-tab";

configure({ asyncUtilTimeout: 5000 });

const me = "11111111-1111-4111-8111-111111111111";
const colleague = "22222222-2222-4222-8222-222222222222";

function item(
  name: [string, string],
  interview: Partial<InterviewItem["interview"]>,
  meetingUrl: string | null = null,
): InterviewItem {
  return {
    interview: {
      id: crypto.randomUUID(),
      applicationId: crypto.randomUUID(),
      status: "scheduled",
      outcome: null,
      scheduledAt: "2030-07-01T09:00:00.000Z",
      duration: 30,
      rating: null,
      feedback: null,
      calendlyLink: null,
      completedAt: null,
      ...interview,
    },
    application: { firstName: name[0], lastName: name[1], email: `${name[0].toLowerCase()}@example.com` },
    jitsiRoom: meetingUrl ? { meetingUrl } : null,
    interviewer: { id: me, name: "Olive Owner" },
  };
}

const ada = item(["Ada", "Lovelace"], {}, "https://meet.jit.si/RetreatHQ-ada");
const ben = item(["Ben", "Noroom"], { scheduledAt: "2030-07-02T13:00:00.000Z", duration: 45 });
const cleo = item(["Cleo", "Done"], {
  status: "completed",
  outcome: "accepted",
  rating: 4,
  feedback: "Thoughtful answers.",
  scheduledAt: "2026-01-05T10:00:00.000Z",
});
const dan = item(
  ["Dan", "Gone"],
  { status: "cancelled", scheduledAt: "2026-01-06T10:00:00.000Z" },
  "https://x.test/dan",
);

// Still "scheduled" a year after it happened: nobody recorded how it went.
const eli = item(["Eli", "Late"], { scheduledAt: "2026-01-07T10:00:00.000Z" });

const byFilter: Record<InterviewFilter, InterviewItem[]> = {
  upcoming: [ada, ben],
  needs_outcome: [eli],
  today: [],
  completed: [cleo],
  cancelled: [dan],
  all: [ada, ben, cleo, dan, eli],
};

const applicationsFound = [
  {
    id: "33333333-3333-4333-8333-333333333333",
    firstName: "Eve",
    lastName: "Applicant",
    email: "eve@example.com",
    stage: "screening",
  },
  {
    id: "44444444-4444-4444-8444-444444444444",
    firstName: "Finn",
    lastName: "Other",
    email: "finn@example.com",
    stage: "new",
  },
];

let calls: ApiCall[];
let writeStatus: number;
let writeMessage: string;
let availability: Availability;

beforeEach(() => {
  writeStatus = 200;
  writeMessage = "";
  availability = {
    userId: me,
    windows: [{ dayOfWeek: 2, startTime: "10:00", endTime: "12:00", timezone: "Europe/London" }],
    blocks: [
      {
        id: "55555555-5555-4555-8555-555555555555",
        startTime: "2030-08-01T08:00:00.000Z",
        endTime: "2030-08-01T12:00:00.000Z",
        reason: "Dentist",
        isRecurring: false,
        recurringPattern: null,
      },
    ],
  };
  ({ calls } = fakeApi(({ method, url }) => {
    if (method === "GET") {
      if (url === "/api/auth/user") return Response.json({ id: me, role: "owner", email: "olive@example.com" });
      if (url.startsWith("/api/admin/interviews?filter=")) {
        const filter = url.split("=")[1] as InterviewFilter;
        const list: InterviewList = {
          items: byFilter[filter],
          successRate: 33.3,
          counts: { upcoming: 2, needs_outcome: 1, today: 0, completed: 3, cancelled: 1, all: 6 },
        };
        return Response.json(list);
      }
      if (url === "/api/admin/interviews/interviewers")
        return Response.json([
          { id: colleague, name: "Nia Staff", email: "nia@example.com" },
          { id: me, name: "Olive Owner", email: "olive@example.com" },
        ]);
      if (url === "/api/admin/interviews/availability") return Response.json(availability);
      if (url.startsWith("/api/admin/applications?")) {
        const search = new URL(url, "http://x").searchParams.get("search") ?? "";
        const items = applicationsFound.filter((a) => a.firstName.toLowerCase().includes(search.toLowerCase()));
        return Response.json({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 8 });
      }
      return Response.json([]);
    }
    if (writeStatus !== 200) return Response.json({ message: writeMessage }, { status: writeStatus });
    if (url.endsWith("/booking-links"))
      return Response.json({
        id: crypto.randomUUID(),
        applicationId: applicationsFound[0]!.id,
        expiresAt: "",
        emailedTo: "eve@example.com",
      });
    return Response.json({});
  }));
});

afterEach(resetClientTest);

function renderTab() {
  renderWithClient(<InterviewsTab />, { toaster: true });
}

const entry = (name: string) => screen.getByRole("listitem", { name });
const writes = () => calls.filter((c) => c.method !== "GET");
const toastWith = async (title: string, description: string) => {
  const toast = await screen.findByText(description);
  expect(toast.parentElement!.textContent).toContain(title);
};

describe("InterviewsTab list", () => {
  it("shows upcoming by default in London time with counts and the success rate", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    expect(screen.getByText("All times are London time (Europe/London).")).toBeTruthy();
    expect(screen.getByTestId("success-rate").textContent).toBe("33.3%");
    expect(screen.getByText("Accepted outcomes out of 3 completed interviews.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Upcoming (2)" }).getAttribute("aria-pressed")).toBe("true");
    // 09:00Z on 1 July is 10:00 on the London (BST) clock.
    expect(within(entry("Ada Lovelace")).getByText(/Monday 1 July 2030, 10:00–10:30 London time/)).toBeTruthy();
    expect(within(entry("Ben Noroom")).getByText(/Tuesday 2 July 2030, 14:00–14:45 London time/)).toBeTruthy();
    expect(screen.queryByText("Cleo Done")).toBeNull();
  });

  it("flags past interviews still marked scheduled as needing an outcome, with their own filter and count", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    expect(within(entry("Ada Lovelace")).queryByText("Needs outcome")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Needs outcome (1)" }));
    await screen.findByText("Eli Late");
    expect(within(entry("Eli Late")).getByText("Needs outcome")).toBeTruthy();
    expect(within(entry("Eli Late")).getByRole("button", { name: "Complete interview with Eli Late" })).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain("/api/admin/interviews?filter=needs_outcome");
  });

  it("each filter asks the server for its own list", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Completed (3)" }));
    await screen.findByText("Cleo Done");
    expect(screen.queryByText("Ada Lovelace")).toBeNull();
    expect(within(entry("Cleo Done")).getByText("Rating 4/5")).toBeTruthy();
    expect(within(entry("Cleo Done")).getByText("Outcome: Accepted")).toBeTruthy();
    expect(within(entry("Cleo Done")).getByText("Thoughtful answers.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Today (0)" }));
    await screen.findByText("No interviews today.");
    fireEvent.click(screen.getByRole("button", { name: "Cancelled (1)" }));
    await screen.findByText("Dan Gone");
    const urls = calls.filter((c) => c.url.startsWith("/api/admin/interviews?")).map((c) => c.url);
    expect(urls).toEqual([
      "/api/admin/interviews?filter=upcoming",
      "/api/admin/interviews?filter=completed",
      "/api/admin/interviews?filter=today",
      "/api/admin/interviews?filter=cancelled",
    ]);
  });

  it("offers Join (with a meeting url), Reschedule, Complete and Cancel only on scheduled interviews", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "All (6)" }));
    await screen.findByText("Cleo Done");
    const join = within(entry("Ada Lovelace")).getByRole("link", { name: /Join interview with Ada Lovelace/ });
    expect(join.getAttribute("href")).toBe("https://meet.jit.si/RetreatHQ-ada");
    expect(join.getAttribute("target")).toBe("_blank");
    expect(join.getAttribute("rel")).toContain("noopener");
    for (const name of ["Ada Lovelace", "Ben Noroom"]) {
      for (const action of ["Reschedule", "Complete", "Cancel"]) {
        expect(within(entry(name)).getByRole("button", { name: `${action} interview with ${name}` })).toBeTruthy();
      }
    }
    // No meeting url: no Join.
    expect(within(entry("Ben Noroom")).queryByRole("link")).toBeNull();
    // Completed and cancelled: nothing to do, even with a meeting url.
    for (const name of ["Cleo Done", "Dan Gone"]) {
      expect(within(entry(name)).queryByRole("button")).toBeNull();
      expect(within(entry(name)).queryByRole("link")).toBeNull();
    }
  });
});

describe("Reschedule", () => {
  it("asks for both date and time before calling, then sends the London time as an ISO instant", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Reschedule interview with Ada Lovelace" }));
    const dialog = await screen.findByRole("dialog", { name: "Reschedule interview" });
    expect(within(dialog).getByText(/now Monday 1 July 2030, 10:00–10:30 \(London time\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("New date (London time)"), { target: { value: "2030-07-03" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reschedule" }));
    // In the toast (spec) and in the dialog, where screen readers can reach it while the modal is open.
    await waitFor(() => expect(screen.getAllByText("Please select both date and time")).toHaveLength(2));
    expect(document.querySelector("[data-toaster]")!.textContent).toContain("ErrorPlease select both date and time");
    expect(within(dialog).getByRole("alert").textContent).toBe("Please select both date and time");
    expect(writes()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("New time (London time)"), { target: { value: "14:30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reschedule" }));
    await toastWith("Interview Rescheduled", "The applicant has been notified of the new time.");
    expect(writes()).toEqual([
      {
        method: "PATCH",
        url: `/api/admin/interviews/${ada.interview.id}/reschedule`,
        body: { newScheduledAt: "2030-07-03T13:30:00.000Z" },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("on failure toasts the spec's error and shows the server's reason in the dialog", async () => {
    writeStatus = 409;
    writeMessage = "The interviewer already has an interview at that time.";
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Reschedule interview with Ada Lovelace" }));
    const dialog = await screen.findByRole("dialog", { name: "Reschedule interview" });
    fireEvent.change(within(dialog).getByLabelText("New date (London time)"), { target: { value: "2030-12-03" } });
    fireEvent.change(within(dialog).getByLabelText("New time (London time)"), { target: { value: "09:15" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reschedule" }));
    await toastWith("Error", "Failed to reschedule interview");
    expect(within(dialog).getByRole("alert").textContent).toBe(writeMessage);
    // Winter: London is on GMT.
    expect(writes()[0]!.body).toEqual({ newScheduledAt: "2030-12-03T09:15:00.000Z" });
  });
});

describe("Complete", () => {
  it("defaults to pending and 5, and sends outcome, rating, feedback and advance", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Complete interview with Ada Lovelace" }));
    const dialog = await screen.findByRole("dialog", { name: "Complete interview" });
    expect((within(dialog).getByLabelText("Outcome") as HTMLSelectElement).value).toBe("pending");
    expect((within(dialog).getByLabelText("Rating (1 to 5)") as HTMLSelectElement).value).toBe("5");
    const advance = within(dialog).getByLabelText(
      "Also move the application to the outcome's stage",
    ) as HTMLInputElement;
    expect(advance.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Outcome"), { target: { value: "accepted" } });
    fireEvent.change(within(dialog).getByLabelText("Rating (1 to 5)"), { target: { value: "4" } });
    fireEvent.change(within(dialog).getByLabelText("Feedback"), { target: { value: "  Great energy.  " } });
    expect(advance.disabled).toBe(false);
    fireEvent.click(advance);
    expect(within(dialog).getByText("The application moves to Accepted.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete interview" }));
    await toastWith("Interview Completed", "The outcome, rating and feedback are saved.");
    expect(writes()).toEqual([
      {
        method: "PATCH",
        url: `/api/admin/interviews/${ada.interview.id}/complete`,
        body: { outcome: "accepted", rating: 4, feedback: "Great energy.", advance: true },
      },
    ]);
  });

  it("sends the defaults as they are, and on failure says so with the server's reason", async () => {
    writeStatus = 409;
    writeMessage = "An application in the payment stage cannot be moved to declined.";
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Complete interview with Ben Noroom" }));
    const dialog = await screen.findByRole("dialog", { name: "Complete interview" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete interview" }));
    await toastWith("Error", "Failed to complete interview");
    expect(within(dialog).getByRole("alert").textContent).toBe(writeMessage);
    expect(writes()[0]!.body).toEqual({ outcome: "pending", rating: 5, feedback: "", advance: false });
  });

  it("with no interview selected it says so and sends nothing", async () => {
    renderWithClient(<CompleteDialog open item={null} onClose={() => {}} />, { toaster: true });
    fireEvent.click(await screen.findByRole("button", { name: "Complete interview" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No interview selected");
    expect(document.querySelector("[data-toaster]")!.textContent).toContain("ErrorNo interview selected");
    expect(writes()).toHaveLength(0);
  });
});

describe("Cancel", () => {
  it("asks first, then posts the cancel", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Cancel interview with Ada Lovelace" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Cancel interview?" });
    expect(writes()).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel interview" }));
    await screen.findByText("Interview Cancelled");
    expect(writes()).toEqual([
      { method: "POST", url: `/api/admin/interviews/${ada.interview.id}/cancel`, body: undefined },
    ]);
  });
});

describe("Schedule interview", () => {
  it("says what is missing, then posts the application, London time, duration and interviewer", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Schedule interview" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule interview" });
    const interviewer = within(dialog).getByLabelText("Interviewer") as HTMLSelectElement;
    // Defaults: 30 minutes, the signed-in user.
    expect((within(dialog).getByLabelText(/Duration/) as HTMLInputElement).value).toBe("30");
    await waitFor(() => expect(interviewer.value).toBe(me));
    expect(within(interviewer).getByRole("option", { name: "Olive Owner (me)" })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule interview" }));
    expect(await within(dialog).findByText("Choose an application.")).toBeTruthy();
    expect(within(dialog).getByText("Choose a date.")).toBeTruthy();
    expect(within(dialog).getByText("Choose a time.")).toBeTruthy();
    expect(writes()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Find by name or email"), { target: { value: "eve" } });
    // The search is sent once typing pauses, and only the match stays.
    await waitFor(() => expect(within(dialog).queryByText("Finn Other")).toBeNull());
    fireEvent.click(await within(dialog).findByRole("radio", { name: /Eve Applicant/ }));
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: "2030-07-04" } });
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: "11:00" } });
    fireEvent.change(within(dialog).getByLabelText(/Duration/), { target: { value: "45" } });
    fireEvent.change(interviewer, { target: { value: colleague } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule interview" }));
    await screen.findByText("Interview Scheduled");
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/admin/interviews",
        body: {
          applicationId: applicationsFound[0]!.id,
          scheduledAt: "2030-07-04T10:00:00.000Z",
          duration: 45,
          interviewerId: colleague,
        },
      },
    ]);
    expect(calls.some((c) => c.url.includes("/api/admin/applications?") && c.url.includes("search=eve"))).toBe(true);
  });

  it("keeps the dialog open with the server's 409 reason", async () => {
    writeStatus = 409;
    writeMessage = "That time is outside the interviewer's availability.";
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Schedule interview" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule interview" });
    fireEvent.click(await within(dialog).findByRole("radio", { name: /Finn Other/ }));
    fireEvent.change(within(dialog).getByLabelText(/Duration/), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: "2030-07-04" } });
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: "23:00" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule interview" }));
    expect(await within(dialog).findByText("Duration must be between 15 and 180 minutes.")).toBeTruthy();
    expect(writes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Duration/), { target: { value: "30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule interview" }));
    expect(await within(dialog).findByText(writeMessage)).toBeTruthy();
    await toastWith("Error", "Failed to schedule interview");
    expect(screen.getByRole("dialog", { name: "Schedule interview" })).toBeTruthy();
  });
});

describe("Send booking link", () => {
  it("posts the application, interviewer and duration and says where the link went", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Send booking link" }));
    const dialog = await screen.findByRole("dialog", { name: "Send booking link" });
    await waitFor(() => expect((within(dialog).getByLabelText("Interviewer") as HTMLSelectElement).value).toBe(me));
    fireEvent.click(await within(dialog).findByRole("radio", { name: /Eve Applicant/ }));
    fireEvent.change(within(dialog).getByLabelText(/Duration/), { target: { value: "20" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send booking link" }));
    await toastWith("Booking link sent", "The booking link was emailed to eve@example.com.");
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/admin/interviews/booking-links",
        body: { applicationId: applicationsFound[0]!.id, duration: 20, interviewerId: me },
      },
    ]);
  });
});

describe("My availability", () => {
  it("edits the weekly windows and saves them all, and adds and removes blocks", async () => {
    renderTab();
    await screen.findByText("Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "My availability" }));
    const dialog = await screen.findByRole("dialog", { name: "My availability" });
    expect(((await within(dialog).findByLabelText("Day, window 1")) as HTMLSelectElement).value).toBe("2");
    expect(within(dialog).getByText("Thursday 1 August 2030, 09:00 to Thursday 1 August 2030, 13:00")).toBeTruthy();
    expect(within(dialog).getByText("Dentist")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Add window" }));
    fireEvent.change(within(dialog).getByLabelText("Day, window 2"), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText("To, window 2"), { target: { value: "08:00" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save windows" }));
    expect(await within(dialog).findByText("The end must be after the start.")).toBeTruthy();
    expect(writes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("To, window 2"), { target: { value: "12:30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save windows" }));
    await screen.findByText("Availability saved");
    expect(writes()[0]).toEqual({
      method: "PUT",
      url: "/api/admin/interviews/availability",
      body: {
        windows: [
          { dayOfWeek: 2, startTime: "10:00", endTime: "12:00", timezone: "Europe/London" },
          { dayOfWeek: 5, startTime: "09:00", endTime: "12:30", timezone: "Europe/London" },
        ],
      },
    });

    const blockForm = within(dialog).getByRole("form", { name: "Block time" });
    fireEvent.click(within(blockForm).getByRole("button", { name: "Block time" }));
    expect(await within(blockForm).findByText("Choose a start date.")).toBeTruthy();
    expect(writes()).toHaveLength(1);
    fireEvent.change(within(blockForm).getByLabelText(/^From date/), { target: { value: "2030-08-05" } });
    fireEvent.change(within(blockForm).getByLabelText(/^From time/), { target: { value: "13:00" } });
    fireEvent.change(within(blockForm).getByLabelText(/^To date/), { target: { value: "2030-08-05" } });
    fireEvent.change(within(blockForm).getByLabelText(/^To time/), { target: { value: "14:00" } });
    fireEvent.change(within(blockForm).getByLabelText("Reason (optional)"), { target: { value: "Team lunch" } });
    fireEvent.change(within(blockForm).getByLabelText("Repeat"), { target: { value: "weekly" } });
    fireEvent.click(within(blockForm).getByRole("button", { name: "Block time" }));
    await screen.findByText("Time blocked");
    expect(writes()[1]).toEqual({
      method: "POST",
      url: "/api/admin/interviews/blocks",
      body: {
        startTime: "2030-08-05T12:00:00.000Z",
        endTime: "2030-08-05T13:00:00.000Z",
        reason: "Team lunch",
        recurringPattern: "weekly",
      },
    });

    fireEvent.click(within(dialog).getByRole("button", { name: /^Remove block Thursday 1 August 2030/ }));
    await screen.findByText("Block removed");
    expect(writes()[2]).toEqual({
      method: "DELETE",
      url: "/api/admin/interviews/blocks/55555555-5555-4555-8555-555555555555",
      body: undefined,
    });
  });
});

describe("InterviewsTab in the season the switcher chose", () => {
  it("lists that season's interviews and picks among its applications", async () => {
    const past = adminRetreat({ name: "Bali 2025", status: "completed" });
    const seasons = seasonRoutes([adminRetreat({ isCurrent: true }), past], past.id).routes;
    const api = fakeApi((call) => {
      const route = seasons[`${call.method} ${call.url}`];
      if (route) return route(call);
      if (call.url.startsWith("/api/admin/interviews?"))
        return Response.json({
          items: [],
          successRate: null,
          counts: { upcoming: 0, needs_outcome: 0, today: 0, completed: 0, cancelled: 0, all: 0 },
        });
      if (call.url.startsWith("/api/admin/applications?"))
        return Response.json({ items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 8 });
      return Response.json([]);
    });
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Schedule interview" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule interview" });
    await waitFor(() =>
      expect(api.urls().some((url) => url.startsWith("/api/admin/applications?") && url.endsWith(past.id))).toBe(true),
    );
    expect(within(dialog).getByLabelText("Find by name or email")).toBeTruthy();
    const lists = api.urls().filter((url) => url.startsWith("/api/admin/interviews?"));
    expect(lists).toEqual([`/api/admin/interviews?filter=upcoming&retreatId=${past.id}`]);
    const searches = api.urls().filter((url) => url.startsWith("/api/admin/applications"));
    expect(searches.every((url) => new URL(url, "http://x").searchParams.get("retreatId") === past.id)).toBe(true);
  });
});
