// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { outsideRetreatDatesMessage } from "../../../shared/schemas/schedule";
import { retreatSession, sampleRetreat } from "../../test/builders";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { ScheduleTab } from "./schedule-tab";

const retreat = sampleRetreat;
const yoga = retreatSession({
  id: "00000000-0000-4000-8000-0000000000a1",
  title: "Sunrise yoga",
  date: "2026-05-11",
  startTime: "2026-05-10T23:00:00.000Z",
  endTime: "2026-05-11T00:00:00.000Z",
  localStartTime: "07:00",
  localEndTime: "08:00",
  location: "Shala",
});
const dinner = {
  ...yoga,
  id: "00000000-0000-4000-8000-0000000000a2",
  title: "Welcome dinner",
  date: "2026-05-10",
  type: "meal",
  isPublic: false,
};

function setup(
  post: (body: unknown) => Response = (body) => Response.json({ ...yoga, ...(body as object) }, { status: 201 }),
) {
  const { calls } = fakeApi(async ({ url, method, body }) => {
    if (method === "GET" && url === "/api/admin/sessions") return Response.json({ retreat, sessions: [dinner, yoga] });
    if (method === "POST" && url === "/api/admin/sessions") return post(body);
    if (url === "/api/admin/rooms") return Response.json({ retreat, rooms: [], unassigned: [] });
    if (url === "/api/admin/guests") return Response.json([]);
    return new Response("not found", { status: 404 });
  });
  renderWithClient(<ScheduleTab />, { toaster: true });
  return calls;
}

async function openCreateForm() {
  const add = (await screen.findByRole("button", { name: "Add session" })) as HTMLButtonElement;
  await waitFor(() => expect(add.disabled).toBe(false));
  fireEvent.click(add);
}

afterEach(resetClientTest);

describe("ScheduleTab sessions", () => {
  it("lists sessions under day headings in date order, marking staff-only ones", async () => {
    setup();
    const first = await screen.findByRole("heading", { name: "Sunday 10 May 2026" }, { timeout: 5000 });
    const second = screen.getByRole("heading", { name: "Monday 11 May 2026" });
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const day10 = first.closest("section")!;
    expect(within(day10).getByText("Welcome dinner")).toBeTruthy();
    expect(within(day10).getByText(/Staff only/)).toBeTruthy();
  });

  it("shows validation messages and sends nothing when the form is incomplete", async () => {
    const calls = setup();
    await openCreateForm();
    const form = await screen.findByRole("form", { name: "Create session" });
    fireEvent.change(within(form).getByLabelText(/Start time/), { target: { value: "10:00" } });
    fireEvent.change(within(form).getByLabelText(/End time/), { target: { value: "09:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Create session" }));
    expect(await screen.findByText("Title is required.")).toBeTruthy();
    expect(screen.getByText("End time must be after the start time.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("posts the local date and times with type and visibility, then toasts", async () => {
    const calls = setup();
    await openCreateForm();
    const form = await screen.findByRole("form", { name: "Create session" });
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: "Rice terraces" } });
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: "2026-05-12" } });
    fireEvent.change(within(form).getByLabelText(/Start time/), { target: { value: "08:30" } });
    fireEvent.change(within(form).getByLabelText(/End time/), { target: { value: "13:00" } });
    fireEvent.change(within(form).getByLabelText("Type"), { target: { value: "excursion" } });
    fireEvent.change(within(form).getByLabelText("Location"), { target: { value: "Jatiluwih" } });
    fireEvent.click(within(form).getByLabelText("Show to guests (public)"));
    fireEvent.click(screen.getByRole("button", { name: "Create session" }));

    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({
      title: "Rice terraces",
      description: "",
      date: "2026-05-12",
      startTime: "08:30",
      endTime: "13:00",
      location: "Jatiluwih",
      type: "excursion",
      isPublic: false,
      retreatId: retreat.id,
    });
    expect(await screen.findByText("Session created")).toBeTruthy();
  });

  // Issue 16: this error was a toast while every other form error sits under its field.
  it("shows the server's date message under the Date field, like the form's own errors, not as a toast", async () => {
    const message = outsideRetreatDatesMessage(retreat.startDate, retreat.endDate);
    expect(message).toBe("Sessions must fall within the retreat dates (10 May 2026 to 19 May 2026).");
    // The server's real reply: the message and the field it is about.
    setup(() => Response.json({ message, errors: [{ path: "body.date", message }] }, { status: 400 }));
    await openCreateForm();
    const form = await screen.findByRole("form", { name: "Create session" });
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: "Late" } });
    const date = within(form).getByLabelText(/Date/) as HTMLInputElement;
    fireEvent.change(date, { target: { value: "2026-06-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Create session" }));
    const error = await within(form).findByText(message);
    expect(error.getAttribute("role")).toBe("alert");
    expect(date.getAttribute("aria-invalid")).toBe("true");
    expect(date.getAttribute("aria-describedby")).toContain(error.id);
    expect(screen.queryByText("Failed to create session")).toBeNull();
  });

  it("still toasts a failure that is about no field", async () => {
    setup(() => Response.json({ message: "The database is busy." }, { status: 503 }));
    await openCreateForm();
    const form = await screen.findByRole("form", { name: "Create session" });
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: "Late" } });
    fireEvent.click(screen.getByRole("button", { name: "Create session" }));
    expect(await screen.findByText("Failed to create session")).toBeTruthy();
    expect(screen.getByText("The database is busy.")).toBeTruthy();
  });

  it("shows every time with its end and the retreat's zone, and the retreat's dates in words", async () => {
    setup();
    const day11 = (await screen.findByRole("heading", { name: "Monday 11 May 2026" }, { timeout: 5000 })).closest(
      "section",
    )!;
    expect(within(day11).getByText("07:00–08:00 (Bali time)")).toBeTruthy();
    expect(
      screen.getByText("Bali 2026 (10 May 2026 to 19 May 2026). Times are Bali time (Asia/Makassar)."),
    ).toBeTruthy();
  });
});
