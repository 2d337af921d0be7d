// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import VendorPortalPage, { vendorTasksLoadFailure } from "./vendor-portal-page";

const vendorUser = {
  id: "u1",
  email: "vic@example.com",
  firstName: "Vic",
  lastName: "V",
  role: "vendor",
  isActive: true,
};
const base = {
  description: null,
  content: null,
  priority: "medium",
  dueDate: null,
  assigneeId: "u1",
  assigneeName: "Vic V",
  category: "catering",
  retreatId: null,
  templateId: null,
  completedAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

let posts: { url: string; body: unknown }[];

function renderPage(tasksReply: Response | (() => Response)) {
  posts = [];
  fakeApi(({ method, url, body }) => {
    if (method === "POST") {
      posts.push({ url, body });
      return Response.json({});
    }
    if (url === "/api/auth/user") return Response.json(vendorUser);
    if (url === "/api/vendor/tasks") return typeof tasksReply === "function" ? tasksReply() : tasksReply.clone();
    if (url === "/api/vendor/schedule") {
      return Response.json({
        vendorName: "Kitchen",
        bookings: [
          {
            id: "b1",
            title: "Welcome lunch",
            description: null,
            startTime: "2026-05-10T05:00:00.000Z",
            endTime: null,
            location: "Villa",
            status: "booked",
            timeZone: "Asia/Makassar",
          },
          {
            id: "b2",
            title: "Bali dinner",
            description: null,
            // 19:30–21:00 in Bali (UTC+8).
            startTime: "2027-05-10T11:30:00.000Z",
            endTime: "2027-05-10T13:00:00.000Z",
            location: "Beach",
            status: "booked",
            timeZone: "Asia/Makassar",
          },
        ],
      });
    }
    return Response.json({ message: "Not found" }, { status: 404 });
  });
  renderWithClient(<VendorPortalPage />, { toaster: true, path: "/admin/vendor" });
}

// The vendor's device is in London: times must still read on the retreat's (Bali) clock.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Europe/London";
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

afterEach(resetClientTest);

describe("VendorPortalPage", () => {
  it("shows counts, pending and in-progress tasks with working buttons, and the booked sessions", async () => {
    renderPage(() =>
      Response.json({
        tasks: [
          { ...base, id: "t1", title: "Prepare menu", status: "pending" },
          { ...base, id: "t2", title: "Deliver fruit", status: "in_progress" },
        ],
        counts: { pending: 1, inProgress: 1, review: 0, completed: 4 },
      }),
    );
    const pending = await screen.findByRole("region", { name: "Pending tasks" });
    expect(await within(pending).findByText("Prepare menu")).toBeTruthy();
    expect(screen.getAllByRole("definition").map((d) => d.textContent)).toEqual(["1", "1", "4"]);
    expect(await screen.findByText("Welcome lunch")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Start: Prepare menu" }));
    await screen.findByText('"Prepare menu" moved to In Progress.');
    fireEvent.click(screen.getByRole("button", { name: "Complete: Deliver fruit" }));
    await screen.findByText('"Deliver fruit" moved to Review.');
    expect(posts).toEqual([
      { url: "/api/vendor/tasks/t1/status", body: { status: "in_progress" } },
      { url: "/api/vendor/tasks/t2/status", body: { status: "review" } },
    ]);
    expect(screen.queryByText("Feature Coming Soon")).toBeNull();
  });

  it("shows each session on the retreat's clock with its end time and zone, not the device's", async () => {
    renderPage(() => Response.json({ tasks: [], counts: { pending: 0, inProgress: 0, review: 0, completed: 0 } }));
    const dinner = (await screen.findByText("Bali dinner")).closest("li")!;
    expect(new Date("2027-05-10T11:30:00.000Z").getHours()).toBe(12); // the device reads 12:30
    expect(within(dinner).getByText("Monday 10 May 2027, 19:30–21:00 (Bali time) · Beach")).toBeTruthy();
    const lunch = screen.getByText("Welcome lunch").closest("li")!;
    expect(within(lunch).getByText("Sunday 10 May 2026, 13:00 (Bali time) · Villa")).toBeTruthy();
  });

  it("says the spec's text when the tasks cannot be loaded", async () => {
    renderPage(Response.json({ message: "boom" }, { status: 500 }));
    expect((await screen.findAllByText(vendorTasksLoadFailure)).length).toBeGreaterThan(0);
  });
});
