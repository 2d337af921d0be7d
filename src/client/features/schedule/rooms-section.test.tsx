// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { roomNameRequiredMessage } from "../../../shared/schemas/rooms";
import { sampleRetreat } from "../../test/builders";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import { RoomsSection } from "./rooms-section";

afterEach(resetClientTest);

it("asks for a room name in a toast, then adds the room trimmed and keeps the type and beds", async () => {
  // The season the switcher chose: the board is its, and a new room goes to it.
  const seasons = seasonRoutes(
    [adminRetreat({ isCurrent: true }), adminRetreat({ id: sampleRetreat.id })],
    sampleRetreat.id,
  );
  const { writes, calls } = fakeApi({
    ...seasons.routes,
    [`GET /api/admin/rooms?retreatId=${sampleRetreat.id}`]: () =>
      Response.json({ retreat: sampleRetreat, rooms: [], unassigned: [] }),
    "POST /api/admin/rooms": () => Response.json({}, { status: 201 }),
  });
  renderWithClient(<RoomsSection />, { toaster: true });
  const form = await screen.findByRole("form", { name: "Add room" });
  fireEvent.change(within(form).getByLabelText("Room name"), { target: { value: "   " } });
  fireEvent.click(within(form).getByRole("button", { name: "Add room" }));
  expect(await screen.findByText(roomNameRequiredMessage)).toBeTruthy();
  expect(screen.getByText("Failed to add room")).toBeTruthy();
  expect(writes()).toHaveLength(0);

  fireEvent.change(within(form).getByLabelText("Room name"), { target: { value: " Frangipani " } });
  fireEvent.change(within(form).getByLabelText("Room type"), { target: { value: " twin " } });
  fireEvent.change(within(form).getByLabelText("Beds"), { target: { value: "3" } });
  fireEvent.click(within(form).getByRole("button", { name: "Add room" }));
  expect(await screen.findByText("Room added")).toBeTruthy();
  expect(writes()).toEqual([
    {
      method: "POST",
      url: "/api/admin/rooms",
      body: { name: "Frangipani", type: "twin", capacity: 3, retreatId: sampleRetreat.id },
    },
  ]);
  // Never the current retreat's board (a bare GET), not even while the season loads.
  expect(calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/admin/rooms")).map((c) => c.url)).toEqual([
    `/api/admin/rooms?retreatId=${sampleRetreat.id}`,
    `/api/admin/rooms?retreatId=${sampleRetreat.id}`,
  ]);
  await waitFor(() => expect((within(form).getByLabelText("Room name") as HTMLInputElement).value).toBe(""));
  expect((within(form).getByLabelText("Room type") as HTMLInputElement).value).toBe(" twin ");
  expect((within(form).getByLabelText("Beds") as HTMLInputElement).value).toBe("3");
});
