// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TaskTemplateDto, titleRequiredMessage } from "../../../shared/schemas/tasks";
import { type ApiCall, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { TemplatesDialog } from "./templates-dialog";

const pickups: TaskTemplateDto = {
  id: "11111111-1111-4111-8111-111111111111",
  retreatId: null,
  title: "Confirm airport pickups",
  description: null,
  category: "travel",
  priority: "high",
  dueOffsetDays: -7,
  assigneeRole: null,
  isActive: true,
};

/** GET /api/admin/season: no choice made, so the current season (or none). */
const seasonOf = (list: unknown[]) => {
  const rows = list as { id: string; isCurrent?: boolean }[];
  return { retreatId: (rows.find((r) => r.isCurrent) ?? rows[0])?.id ?? null, selectedRetreatId: null };
};

let calls: ApiCall[];
/** The seasons GET /api/admin/retreats lists (none unless a test gives one). */
let seasons: unknown[];
let templates: TaskTemplateDto[];

beforeEach(() => {
  seasons = [];
  templates = [pickups];
  calls = fakeApi(({ method, url }) => {
    if (method !== "GET") return Response.json({});
    if (url === "/api/admin/season") return Response.json(seasonOf(seasons));
    return Response.json(url === "/api/admin/retreats" ? seasons : templates);
  }).calls;
});

afterEach(resetClientTest);

const writes = () => calls.filter((c) => c.method !== "GET");

describe("TemplatesDialog", () => {
  it("asks for a title, then adds the template as typed and empties the form", async () => {
    renderWithClient(<TemplatesDialog open onOpenChange={() => {}} />, { toaster: true });
    const dialog = await screen.findByRole("dialog", { name: "Task templates" });
    await within(dialog).findByText("7 days before the start");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add template" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(titleRequiredMessage);
    expect(writes()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: "Book the shala" } });
    fireEvent.change(within(dialog).getByLabelText("Days from the retreat start"), { target: { value: "-30" } });
    fireEvent.change(within(dialog).getByLabelText("Category"), { target: { value: "  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add template" }));
    await screen.findByText("Template saved");
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/admin/task-templates",
        body: { title: "Book the shala", category: "general", priority: "medium", dueOffsetDays: -30, isActive: true },
      },
    ]);
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe("");
  });

  it("edits a template with PUT, and Cancel edit goes back to adding", async () => {
    renderWithClient(<TemplatesDialog open onOpenChange={() => {}} />, { toaster: true });
    const dialog = await screen.findByRole("dialog", { name: "Task templates" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Edit template Confirm airport pickups" }));
    expect(within(dialog).getByRole("heading", { name: "Edit template" })).toBeTruthy();
    expect((within(dialog).getByLabelText("Days from the retreat start") as HTMLInputElement).value).toBe("-7");
    expect((within(dialog).getByLabelText("Priority") as HTMLSelectElement).value).toBe("high");
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Active" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save template" }));
    await screen.findByText("Template saved");
    expect(writes()).toEqual([
      {
        method: "PUT",
        url: `/api/admin/task-templates/${pickups.id}`,
        body: {
          title: "Confirm airport pickups",
          category: "travel",
          priority: "high",
          dueOffsetDays: -7,
          isActive: false,
        },
      },
    ]);
    expect(within(dialog).getByRole("heading", { name: "Add a template" })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Edit template Confirm airport pickups" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel edit" }));
    expect(within(dialog).getByRole("heading", { name: "Add a template" })).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe("");
  });

  it("works on the season's own templates: lists, adds and applies them for that season", async () => {
    const seasonId = "22222222-2222-4222-8222-222222222222";
    seasons = [{ id: seasonId, name: "Bali Retreat 2027", isCurrent: true }];
    templates = [{ ...pickups, retreatId: seasonId }];
    renderWithClient(<TemplatesDialog open onOpenChange={() => {}} />, { toaster: true });
    const dialog = await screen.findByRole("dialog", { name: "Task templates" });
    expect(
      await within(dialog).findByText("Bali Retreat 2027's own templates: changes here apply to this season only."),
    ).toBeTruthy();
    expect(calls.some((c) => c.url === `/api/admin/task-templates?retreatId=${seasonId}`)).toBe(true);

    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: "Scout a new venue" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add template" }));
    await screen.findByText("Template saved");
    fireEvent.click(within(dialog).getByRole("button", { name: "Create season checklist" }));
    await screen.findByText("Season checklist created");
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/admin/task-templates",
        body: {
          title: "Scout a new venue",
          category: "general",
          priority: "medium",
          dueOffsetDays: null,
          isActive: true,
          retreatId: seasonId,
        },
      },
      { method: "POST", url: "/api/admin/task-templates/apply", body: { retreatId: seasonId } },
    ]);
  });

  it("says when the season uses the shared defaults", async () => {
    seasons = [{ id: "33333333-3333-4333-8333-333333333333", name: "First season", isCurrent: true }];
    renderWithClient(<TemplatesDialog open onOpenChange={() => {}} />, { toaster: true });
    const dialog = await screen.findByRole("dialog", { name: "Task templates" });
    expect(
      await within(dialog).findByText(
        "First season uses the shared default templates: changes here apply to every season without its own.",
      ),
    ).toBeTruthy();
  });
});
