import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { bookingTypes, retreats } from "../../db/schema";
import { seedBaseData } from "../../db/seed";
import { withTestApp } from "../../test/test-app";

let app: FastifyInstance;
withTestApp(async (built) => {
  app = built;
});

describe("GET /api/current-retreat", () => {
  it("returns the seeded retreat with prices from the booking types", async () => {
    const res = await app.inject("/api/current-retreat");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe("Bali Vegan Activism Retreat 2026");
    expect(body.capacity).toBe(15);
    expect(body.location).toBe("Bali, Indonesia");
    expect(body.currency).toBe("GBP");
    const prices = Object.fromEntries(
      body.bookingTypes.map((b: { name: string; basePrice: string }) => [b.name, b.basePrice]),
    );
    expect(prices).toEqual({ solo: "1997.00", couple: "1897.00", vip: "600.00" });
    const solo = body.bookingTypes.find((b: { name: string }) => b.name === "solo");
    expect(solo.depositAmount).toBe("500.00");
  });

  it("follows price changes in the database", async () => {
    await app.db.update(bookingTypes).set({ basePrice: "2100.00" }).where(eq(bookingTypes.name, "solo"));
    const res = await app.inject("/api/current-retreat");
    expect(res.json().bookingTypes.find((b: { name: string }) => b.name === "solo").basePrice).toBe("2100.00");
  });

  it("seeding again adds nothing", async () => {
    await seedBaseData(app.db);
    await seedBaseData(app.db);
    expect(await app.db.select().from(retreats)).toHaveLength(1);
    expect(await app.db.select().from(bookingTypes)).toHaveLength(3);
  });

  it("a retreat renamed by the organiser does not bring the default one back on the next start", async () => {
    await app.db.update(retreats).set({ name: "Bali Vegan Activism Retreat 2027" });
    await seedBaseData(app.db);
    const names = (await app.db.select().from(retreats)).map((r) => r.name);
    expect(names).toEqual(["Bali Vegan Activism Retreat 2027"]);
  });

  it("answers 404 when no retreat is open", async () => {
    await app.db.update(retreats).set({ status: "completed" });
    const res = await app.inject("/api/current-retreat");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No active retreat found at this time.");
  });
});
