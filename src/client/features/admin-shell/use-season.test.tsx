// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import { useSeason } from "./use-season";

function Probe() {
  const { retreatId, retreat, isLoading } = useSeason();
  return <p data-testid="probe">{isLoading ? "loading" : `${retreatId ?? "none"}:${retreat?.name ?? "none"}`}</p>;
}

const current = adminRetreat({ name: "Bali 2026", isCurrent: true });
const past = adminRetreat({ name: "Bali 2025", status: "completed" });

afterEach(resetClientTest);

describe("useSeason", () => {
  it("is the season the server remembers for the user, with its retreat's facts", async () => {
    fakeApi(seasonRoutes([current, past], past.id).routes);
    renderWithClient(<Probe />);
    expect(screen.getByTestId("probe").textContent).toBe("loading");
    expect(await screen.findByText(`${past.id}:Bali 2025`)).toBeTruthy();
  });

  it("is the current retreat when the user chose none", async () => {
    fakeApi(seasonRoutes([past, current]).routes);
    renderWithClient(<Probe />);
    expect(await screen.findByText(`${current.id}:Bali 2026`)).toBeTruthy();
  });

  it("falls back to the current retreat when the season cannot be read", async () => {
    fakeApi({ "GET /api/admin/retreats": () => Response.json([past, current]) }, () =>
      Response.json({ message: "boom" }, { status: 500 }),
    );
    renderWithClient(<Probe />);
    expect(await screen.findByText(`${current.id}:Bali 2026`)).toBeTruthy();
  });

  it("has no season when there is no retreat at all", async () => {
    fakeApi(seasonRoutes([]).routes);
    renderWithClient(<Probe />);
    expect(await screen.findByText("none:none")).toBeTruthy();
  });
});
