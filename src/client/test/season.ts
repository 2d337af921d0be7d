import type { AdminRetreat } from "../../shared/schemas/retreats-admin";
import type { SeasonSelection } from "../../shared/schemas/seasons";
import type { ApiCall, ApiRoutes } from "./fake-api";

/**
 * The season switcher's side of the API for component tests: a retreat as GET /api/admin/retreats
 * lists it, and routes answering GET/PUT /api/admin/season and GET /api/admin/retreats, with the
 * user's choice kept between calls (as the server keeps it).
 */
export function adminRetreat(overrides: Partial<AdminRetreat> = {}): AdminRetreat {
  return {
    id: crypto.randomUUID(),
    name: "Bali Vegan Activism Retreat 2026",
    description: null,
    startDate: "2026-05-10",
    endDate: "2026-05-19",
    capacity: 15,
    placesTaken: 0,
    location: "Bali, Indonesia",
    status: "open",
    currency: "GBP",
    timezone: "Asia/Makassar",
    isCurrent: false,
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function seasonRoutes(retreats: AdminRetreat[], selected: string | null = null) {
  const state = { selected };
  const current = () => retreats.find((r) => r.isCurrent)?.id ?? null;
  const reply = (): SeasonSelection => ({ retreatId: state.selected ?? current(), selectedRetreatId: state.selected });
  const routes: ApiRoutes = {
    "GET /api/admin/season": () => Response.json(reply()),
    "PUT /api/admin/season": (call: ApiCall) => {
      const wanted = (call.body as { retreatId: string | null }).retreatId;
      if (wanted && !retreats.some((r) => r.id === wanted))
        return Response.json({ message: "Retreat not found." }, { status: 404 });
      state.selected = wanted;
      return Response.json(reply());
    },
    "GET /api/admin/retreats": () => Response.json(retreats),
  };
  return { routes, state };
}
