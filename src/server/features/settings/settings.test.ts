import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { auditLogs, settings } from "../../db/schema";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let cookie: string;
let ownerId: string;

withTestApp(async (built) => {
  app = built;
  const owner = await signedInAs(app, "owner");
  cookie = owner.cookie;
  ownerId = owner.user.id;
});

const put = (payload: object) =>
  app.inject({ method: "PUT", url: "/api/admin/settings", payload, headers: { cookie } });
const get = () => app.inject({ url: "/api/admin/settings", headers: { cookie } });

describe("settings", () => {
  it("starts with the spec's defaults", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: "GBP", defaultCapacity: 15, defaultLocation: "Bali, Indonesia" });
  });

  it("saves to settings rows, reads them back, and audits only what changed", async () => {
    const res = await put({ currency: "EUR", defaultCapacity: 20, defaultLocation: "  Ubud, Bali " });
    expect(res.statusCode).toBe(200);
    expect((await get()).json()).toEqual({ currency: "EUR", defaultCapacity: 20, defaultLocation: "Ubud, Bali" });
    const [row] = await app.db.select().from(settings).where(eq(settings.key, "defaultCapacity"));
    expect(row).toMatchObject({ value: "20", type: "number", category: "general" });

    const [audit] = await app.db.select().from(auditLogs).where(eq(auditLogs.entityType, "settings"));
    expect(audit).toMatchObject({
      userId: ownerId,
      action: "update",
      oldValues: { currency: "GBP", defaultCapacity: 15, defaultLocation: "Bali, Indonesia" },
      newValues: { currency: "EUR", defaultCapacity: 20, defaultLocation: "Ubud, Bali" },
    });

    await put({ currency: "EUR", defaultCapacity: 21, defaultLocation: "Ubud, Bali" });
    const audits = await app.db.select().from(auditLogs).where(eq(auditLogs.entityType, "settings"));
    expect(audits.at(-1)!.newValues).toEqual({ defaultCapacity: 21 });
  });

  it.each([
    [{ currency: "USD", defaultCapacity: 15, defaultLocation: "Bali" }, "Currency must be GBP or EUR."],
    [{ currency: "GBP", defaultCapacity: 0, defaultLocation: "Bali" }, "Default capacity must be between 1 and 100."],
    [{ currency: "GBP", defaultCapacity: 101, defaultLocation: "Bali" }, "Default capacity must be between 1 and 100."],
    [{ currency: "GBP", defaultCapacity: 2.5, defaultLocation: "Bali" }, "Default capacity must be a whole number."],
    [{ currency: "GBP", defaultCapacity: 15, defaultLocation: "   " }, "Default location is required."],
  ])("refuses %j with a clear message", async (body, message) => {
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses unknown fields and missing fields", async () => {
    expect(
      (await put({ currency: "GBP", defaultCapacity: 15, defaultLocation: "Bali", theme: "dark" })).statusCode,
    ).toBe(400);
    expect((await put({ currency: "GBP" })).statusCode).toBe(400);
  });

  it("falls back to the default when a stored value is nonsense", async () => {
    await app.db.update(settings).set({ value: "lots" }).where(eq(settings.key, "defaultCapacity"));
    expect((await get()).json().defaultCapacity).toBe(15);
  });
});
