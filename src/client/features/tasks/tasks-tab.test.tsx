// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TaskDto } from "../../../shared/schemas/tasks";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import { TasksTab } from "./tasks-tab";

function task(overrides: Partial<TaskDto>): TaskDto {
  return {
    id: crypto.randomUUID(),
    title: "Task",
    description: "Details",
    content: null,
    priority: "medium",
    status: "pending",
    dueDate: null,
    assigneeId: null,
    assigneeName: null,
    category: "general",
    retreatId: null,
    templateId: null,
    completedAt: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let board: TaskDto[];
let writeStatus: number;

beforeEach(() => {
  writeStatus = 200;
  board = [
    task({
      title: "Book shala",
      status: "pending",
      priority: "urgent",
      dueDate: "2020-01-01T10:00:00.000Z",
      assigneeName: "Nia Staff",
    }),
    task({ title: "Order mats", status: "in_progress", dueDate: "2099-01-01T10:00:00.000Z" }),
    task({ title: "Check menu", status: "review", category: "catering" }),
    ...Array.from({ length: 7 }, (_, i) =>
      task({ title: `Done ${i + 1}`, status: "completed", completedAt: `2026-01-0${i + 1}T00:00:00.000Z` }),
    ),
  ];
  calls = fakeApi(({ method, url }) => {
    if (method === "GET" && url === "/api/admin/tasks") return Response.json(board);
    if (method === "GET") return Response.json([]);
    if (writeStatus !== 200)
      return Response.json({ message: "A task cannot go from Pending to Review." }, { status: writeStatus });
    return Response.json({});
  }).calls;
});

afterEach(resetClientTest);

function renderTab() {
  renderWithClient(<TasksTab />, { toaster: true });
}

const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });
const card = (title: string) => screen.getByRole("listitem", { name: title });
const writes = () => calls.filter((c) => c.method !== "GET");

describe("TasksTab kanban", () => {
  it("shows the four columns with each card's details and only the latest 5 completed", async () => {
    renderTab();
    await screen.findByText("Book shala");
    expect(within(column("Pending")).getByText("Book shala")).toBeTruthy();
    expect(within(card("Book shala")).getByText("Overdue")).toBeTruthy();
    expect(within(card("Book shala")).getByText("Urgent")).toBeTruthy();
    expect(within(card("Book shala")).getByText("Nia Staff")).toBeTruthy();
    expect(within(card("Order mats")).queryByText("Overdue")).toBeNull();
    expect(within(column("Review")).getByRole("button", { name: "Approve: Check menu" })).toBeTruthy();
    expect(within(column("Review")).getByRole("button", { name: "Revise: Check menu" })).toBeTruthy();
    const completed = within(column("Completed")).getAllByRole("listitem");
    expect(completed.map((li) => li.getAttribute("aria-label"))).toEqual([
      "Done 7",
      "Done 6",
      "Done 5",
      "Done 4",
      "Done 3",
    ]);
    fireEvent.click(within(column("Completed")).getByRole("button", { name: "Show all (7)" }));
    expect(within(column("Completed")).getAllByRole("listitem")).toHaveLength(7);
  });

  it("title-cases categories however they were typed, and shows a nameless assignee by email", async () => {
    board.push(
      task({ title: "Book minibus", status: "pending", category: "LOGISTICS", assigneeName: "nameless@example.com" }),
    );
    renderTab();
    await screen.findByText("Book minibus");
    expect(within(card("Book minibus")).getByText("Logistics")).toBeTruthy();
    expect(within(card("Check menu")).getByText("Catering")).toBeTruthy();
    expect(within(card("Book minibus")).getByText("nameless@example.com")).toBeTruthy();
    expect(within(card("Order mats")).getByText("General")).toBeTruthy();
  });

  it("each workflow button posts the next status and toasts", async () => {
    renderTab();
    await screen.findByText("Book shala");
    fireEvent.click(screen.getByRole("button", { name: "Start: Book shala" }));
    await screen.findByText('"Book shala" moved to In Progress.');
    fireEvent.click(screen.getByRole("button", { name: "Complete: Order mats" }));
    await screen.findByText('"Order mats" moved to Review.');
    fireEvent.click(screen.getByRole("button", { name: "Approve: Check menu" }));
    await screen.findByText('"Check menu" moved to Completed.');
    fireEvent.click(screen.getByRole("button", { name: "Revise: Check menu" }));
    await screen.findByText('"Check menu" moved to In Progress.');
    expect(writes().map((c) => [c.url.split("/").slice(-1)[0], c.body])).toEqual([
      ["status", { status: "in_progress", via: "button" }],
      ["status", { status: "review", via: "button" }],
      ["status", { status: "completed", via: "button" }],
      ["status", { status: "in_progress", via: "button" }],
    ]);
  });

  it("moves a card with the keyboard-usable Move to select and button (choosing alone sends nothing), and shows the server's refusal", async () => {
    renderTab();
    await screen.findByText("Book shala");
    const select = within(card("Book shala")).getByLabelText("Move Book shala to");
    expect([...select.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Choose a column…",
      "In Progress",
      "Review",
      "Completed",
    ]);
    writeStatus = 409;
    fireEvent.change(select, { target: { value: "review" } });
    expect(writes()).toHaveLength(0);
    fireEvent.click(within(card("Book shala")).getByRole("button", { name: "Move Book shala" }));
    await screen.findByText("A task cannot go from Pending to Review.");
    expect(screen.getByText("Failed to update task")).toBeTruthy();
    await waitFor(() => expect(writes().at(-1)!.body).toEqual({ status: "review", via: "move" }));
    expect(writes().at(-1)!.url).toBe(`/api/admin/tasks/${board[0]!.id}/status`);
  });

  it("create form says what is missing and posts the spec's payload", async () => {
    renderTab();
    await screen.findByText("Book shala");
    fireEvent.click(screen.getByRole("button", { name: "Create task" }));
    const dialog = await screen.findByRole("dialog", { name: "Create task" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create task" }));
    expect(await within(dialog).findByText("Title is required.")).toBeTruthy();
    expect(within(dialog).getByText("Description is required.")).toBeTruthy();
    expect(writes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: "Hire photographer" } });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "For day 3" } });
    fireEvent.change(within(dialog).getByLabelText("Priority"), { target: { value: "high" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create task" }));
    await screen.findByText("Task created successfully");
    expect(writes()[0]).toMatchObject({
      method: "POST",
      url: "/api/admin/tasks",
      body: {
        title: "Hire photographer",
        description: "For day 3",
        priority: "high",
        assigneeId: null,
        dueDate: null,
        category: "general",
      },
    });
  });

  it("timeline groups by week, soonest first, undated last, with overdue marked", async () => {
    renderTab();
    await screen.findByText("Book shala");
    fireEvent.click(screen.getByRole("button", { name: "Timeline" }));
    const headings = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(["Week of 30 Dec 2019", "Week of 29 Dec 2098", "No due date"]);
    const week = screen.getByRole("region", { name: "Week of 30 Dec 2019" });
    expect(within(week).getByText("Book shala")).toBeTruthy();
    expect(within(week).getByText("Overdue")).toBeTruthy();
  });

  it("edits a task with its values filled in and deletes after confirmation", async () => {
    renderTab();
    await screen.findByText("Book shala");
    fireEvent.click(screen.getByRole("button", { name: "Edit Book shala" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    expect((within(dialog).getByLabelText(/Title/) as HTMLInputElement).value).toBe("Book shala");
    expect((within(dialog).getByLabelText("Priority") as HTMLSelectElement).value).toBe("urgent");
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: "Book big shala" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await screen.findByText("Task updated successfully");
    expect(writes()[0]).toMatchObject({ method: "PATCH", url: `/api/admin/tasks/${board[0]!.id}` });
    expect((writes()[0]!.body as { title: string }).title).toBe("Book big shala");

    fireEvent.click(screen.getByRole("button", { name: "Delete Order mats" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete task" });
    expect(writes()).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await screen.findByText("Task deleted successfully");
    expect(writes()[1]).toMatchObject({ method: "DELETE", url: `/api/admin/tasks/${board[1]!.id}` });
  });
});

describe("TasksTab in the season the switcher chose", () => {
  it("shows that season's board and creates tasks and the season checklist in it", async () => {
    const past = adminRetreat({ name: "Bali 2025", status: "completed" });
    const seasons = seasonRoutes([adminRetreat({ isCurrent: true }), past], past.id).routes;
    const pastTask = task({ title: "Settle villa invoice", retreatId: past.id });
    const api = fakeApi((call) => {
      const route = seasons[`${call.method} ${call.url}`];
      if (route) return route(call);
      if (call.method === "GET" && call.url === `/api/admin/tasks?retreatId=${past.id}`)
        return Response.json([pastTask]);
      if (call.method === "GET") return Response.json([]);
      return Response.json({ created: 2, skipped: 0, dated: true });
    });
    renderTab();
    expect(await screen.findByText("Settle villa invoice")).toBeTruthy();
    // Never the current retreat's board, not even while the season loads.
    expect(api.urls().filter((url) => url.startsWith("/api/admin/tasks?") || url === "/api/admin/tasks")).toEqual([
      `/api/admin/tasks?retreatId=${past.id}`,
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Create task" }));
    const dialog = await screen.findByRole("dialog", { name: "Create task" });
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: "Write thank-you notes" } });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "To every guest" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create task" }));
    await screen.findByText("Task created successfully");
    expect(api.writes()[0]).toMatchObject({
      method: "POST",
      url: "/api/admin/tasks",
      body: { title: "Write thank-you notes", retreatId: past.id },
    });

    fireEvent.click(screen.getByRole("button", { name: "Templates" }));
    fireEvent.click(await screen.findByRole("button", { name: "Create season checklist" }));
    await screen.findByText("Season checklist created");
    expect(api.writes()[1]).toMatchObject({
      method: "POST",
      url: "/api/admin/task-templates/apply",
      body: { retreatId: past.id },
    });
  });
});
