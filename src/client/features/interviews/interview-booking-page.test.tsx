// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookingPage } from "../../../shared/schemas/interviews";
import { type ApiCall, type ApiReply, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import InterviewBookingPage from "./interview-booking-page";

configure({ asyncUtilTimeout: 5000 });

// The visitor is in New York, whatever zone the test machine is in.
vi.mock("./format", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./format")>()),
  visitorTimeZone: () => "America/New_York",
}));

const token = "tok_".padEnd(43, "x");
const pageUrl = `/api/interview-booking/${token}`;

const open: BookingPage = {
  firstName: "Ada",
  interviewerName: "Olive Owner",
  duration: 30,
  expiresAt: "2030-07-10T00:00:00.000Z",
  booked: null,
  slots: [
    "2030-07-02T13:00:00.000Z", // Tuesday 09:00 in New York
    "2030-07-01T13:00:00.000Z", // Monday 09:00
    "2030-07-01T14:00:00.000Z", // Monday 10:00
    "2030-07-02T03:30:00.000Z", // still Monday (23:30) in New York, though Tuesday in UTC
  ],
};

function setup(handler: (call: ApiCall) => ApiReply, pageToken = token) {
  const { fetchMock } = fakeApi(handler);
  renderWithClient(<InterviewBookingPage params={{ token: pageToken }} />);
  const gets = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? "GET") === "GET");
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
  return { fetchMock, gets, posts };
}

afterEach(resetClientTest);

const day = (heading: string) => screen.getByRole("group", { name: heading });

describe("InterviewBookingPage", () => {
  it("greets the applicant and groups the free times by day on their own clock", async () => {
    setup(() => Response.json(open));
    expect(await screen.findByRole("heading", { name: "Hi Ada" })).toBeTruthy();
    expect(screen.getByText("Choose a time for your 30-minute video interview with Olive Owner.")).toBeTruthy();
    expect(screen.getByText(/^America\/New_York/)).toBeTruthy();
    const monday = day("Monday 1 July 2030");
    expect(
      within(monday)
        .getAllByRole("radio")
        .map((r) => r.closest("label")!.querySelector("span.sr-only")!.textContent),
    ).toEqual(["Monday 1 July 2030, 09:00", "Monday 1 July 2030, 10:00", "Monday 1 July 2030, 23:30"]);
    expect(within(day("Tuesday 2 July 2030")).getAllByRole("radio")).toHaveLength(1);
  });

  it("books the chosen time and shows it with the video link", async () => {
    const { posts } = setup(({ method }) =>
      method === "POST"
        ? Response.json({
            scheduledAt: "2030-07-01T14:00:00.000Z",
            duration: 30,
            meetingUrl: "https://meet.jit.si/RetreatHQ-abc",
            interviewerName: "Olive Owner",
          })
        : Response.json(open),
    );
    await screen.findByRole("heading", { name: "Hi Ada" });
    fireEvent.click(screen.getByRole("button", { name: "Confirm booking" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please choose a time first.");
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getByRole("radio", { name: "Monday 1 July 2030, 10:00" }));
    expect(screen.getByText(/^Your choice:/).textContent).toBe("Your choice: Monday 1 July 2030, 10:00");
    fireEvent.click(screen.getByRole("button", { name: "Confirm booking" }));
    const heading = await screen.findByRole("heading", { name: "Your interview is booked" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]![0]).toBe(pageUrl);
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ scheduledAt: "2030-07-01T14:00:00.000Z" });
    expect(screen.getByTestId("booked-time").textContent).toBe("Monday 1 July 2030, 10:00–10:30");
    const link = screen.getByRole("link", { name: /Open the video call/ });
    expect(link.getAttribute("href")).toBe("https://meet.jit.si/RetreatHQ-abc");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("when the time was just taken, reloads the free times and says so", async () => {
    let taken = false;
    const { gets } = setup(({ method }) => {
      if (method === "POST") {
        taken = true;
        return Response.json({ message: "That time has just been taken." }, { status: 409 });
      }
      return Response.json(
        taken ? { ...open, slots: open.slots.filter((s) => s !== "2030-07-01T13:00:00.000Z") } : open,
      );
    });
    await screen.findByRole("heading", { name: "Hi Ada" });
    fireEvent.click(screen.getByRole("radio", { name: "Monday 1 July 2030, 09:00" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm booking" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Sorry, someone has just taken that time. The free times have been refreshed: please choose another.",
    );
    expect(gets()).toHaveLength(2);
    expect(screen.queryByRole("radio", { name: "Monday 1 July 2030, 09:00" })).toBeNull();
    expect(screen.getAllByRole("radio").every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText("No time chosen yet.")).toBeTruthy();
  });

  it("shows the booked time when the link was already used", async () => {
    setup(() =>
      Response.json({
        ...open,
        slots: [],
        booked: { scheduledAt: "2030-07-02T13:00:00.000Z", meetingUrl: "https://meet.jit.si/RetreatHQ-x" },
      }),
    );
    expect(await screen.findByRole("heading", { name: "Your interview is already booked" })).toBeTruthy();
    expect(screen.getByTestId("booked-time").textContent).toBe("Tuesday 2 July 2030, 09:00–09:30");
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("says when no free times are left", async () => {
    setup(() => Response.json({ ...open, slots: [] }));
    expect(await screen.findByText("There are no free times left on this link.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Confirm booking" })).toBeNull();
  });

  it.each([
    [404, "This link is not valid"],
    [410, "This link has expired"],
  ])("a %i from the server shows %s", async (status, title) => {
    setup(() => Response.json({ message: "nope" }, { status }));
    expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
  });

  it("a closed link (410) says the server's reason, on loading and on booking", async () => {
    const reason = "This booking link is closed: there is no interview to book for your application any more.";
    setup(() => Response.json({ message: reason }, { status: 410 }));
    expect(await screen.findByRole("heading", { name: "This link has expired" })).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    cleanup();

    setup(({ method }) =>
      method === "POST" ? Response.json({ message: reason }, { status: 410 }) : Response.json(open),
    );
    await screen.findByRole("heading", { name: "Hi Ada" });
    fireEvent.click(screen.getByRole("radio", { name: "Tuesday 2 July 2030, 09:00" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm booking" }));
    expect(await screen.findByText(reason)).toBeTruthy();
  });

  it("a malformed token is not valid without asking the server", async () => {
    const { fetchMock } = setup(() => Response.json(open), "short");
    expect(await screen.findByRole("heading", { name: "This link is not valid" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a network failure offers Try again, which loads the page", async () => {
    let fail = true;
    setup(() => {
      if (fail) throw new TypeError("Failed to fetch");
      return Response.json(open);
    });
    expect(await screen.findByRole("heading", { name: "We couldn't load your booking page" })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Hi Ada" })).toBeTruthy();
  });

  it("a failed booking keeps the choice and says why (network, server message); an expired link on booking says that", async () => {
    let postStatus: number | "network" = "network";
    setup(({ method }) => {
      if (method !== "POST") return Response.json(open);
      if (postStatus === "network") throw new TypeError("Failed to fetch");
      return Response.json(
        { message: postStatus === 400 ? "Please choose one of the times offered." : "expired" },
        { status: postStatus },
      );
    });
    await screen.findByRole("heading", { name: "Hi Ada" });
    fireEvent.click(screen.getByRole("radio", { name: "Tuesday 2 July 2030, 09:00" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm booking" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "We couldn't book that time. Please check your internet connection and try again.",
    );
    expect((screen.getByRole("radio", { name: "Tuesday 2 July 2030, 09:00" }) as HTMLInputElement).checked).toBe(true);
    postStatus = 400;
    fireEvent.click(screen.getByRole("button", { name: "Confirm booking" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Please choose one of the times offered."));
    postStatus = 410;
    fireEvent.click(screen.getByRole("button", { name: "Confirm booking" }));
    expect(await screen.findByRole("heading", { name: "This link has expired" })).toBeTruthy();
  });
});
