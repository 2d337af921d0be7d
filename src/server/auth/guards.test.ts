import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "../http/errors";
import { registerRouteGuards } from "./guards";
import type { SessionUser } from "./session";

function bareApp(user: Partial<SessionUser> | null = null) {
  const app = Fastify();
  registerErrorHandling(app);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    request.user = user as SessionUser | null;
  });
  registerRouteGuards(app);
  return app;
}

describe("route guards", () => {
  it.each(["/api/admin/things", "/api/vendor/tasks", "/api/guest/schedule/:id", "/api/admin"])(
    "refuses to register %s without config.roles",
    (url) => {
      const app = bareApp();
      expect(() => app.get(url, async () => "x")).toThrow(/has no guard: declare config.roles/);
      expect(() => app.get(url, { config: { roles: [] } }, async () => "x")).toThrow(/has no guard/);
    },
  );

  it("leaves other paths alone (/api/administrator is not /api/admin)", () => {
    const app = bareApp();
    expect(() => app.get("/api/administrator", async () => "x")).not.toThrow();
    expect(() => app.get("/api/current-retreat", async () => "x")).not.toThrow();
  });

  it("guards before body validation: anonymous gets 401, never a 400 about the schema", async () => {
    const app = bareApp(null);
    app.post(
      "/api/admin/things",
      { config: { roles: ["owner"] }, schema: { body: { type: "object", required: ["name"] } } },
      async () => "ok",
    );
    const res = await app.inject({ method: "POST", url: "/api/admin/things", payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
  });

  it("answers 403 to a signed-in user without the role, and runs the handler for one with it", async () => {
    const asStaff = bareApp({ id: "1", role: "staff" });
    asStaff.get("/api/admin/users", { config: { roles: ["owner"] } }, async () => "secret");
    const refused = await asStaff.inject("/api/admin/users");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Forbidden" });

    const asOwner = bareApp({ id: "2", role: "owner" });
    asOwner.get("/api/admin/users", { config: { roles: ["owner"] } }, async () => "secret");
    expect((await asOwner.inject("/api/admin/users")).body).toBe("secret");
    expect(asOwner.protectedRoutes).toEqual([{ method: "GET", url: "/api/admin/users", roles: ["owner"] }]);
  });

  it("keeps a route's own onRequest hooks, after the guard", async () => {
    const app = bareApp(null);
    let ran = false;
    app.get(
      "/api/admin/x",
      {
        config: { roles: ["owner"] },
        onRequest: async () => {
          ran = true;
        },
      },
      async () => "x",
    );
    expect((await app.inject("/api/admin/x")).statusCode).toBe(401);
    expect(ran).toBe(false);
  });
});
