import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { applications, paymentPlans } from "../../db/schema";
import { applicant, retreatWithRates } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import {
  acceptIntoRetreat,
  holdsPlace,
  leaveRetreat,
  peopleCountSql,
  peopleOf,
  placesTaken,
  stageWrite,
} from "./admissions.service";

let app: FastifyInstance;
const system = { userId: null };

withTestApp(async (built) => {
  app = built;
});

describe("the capacity rule", () => {
  it("counts a couple as two people and anyone else as one", () => {
    expect(peopleOf("couple")).toBe(2);
    expect(peopleOf("individual")).toBe(1);
    expect(holdsPlace("accepted")).toBe(true);
    expect(holdsPlace("payment")).toBe(true);
    for (const stage of ["new", "screening", "interview", "waitlist", "declined"])
      expect(holdsPlace(stage)).toBe(false);
  });

  it("sums the same people in SQL, and only accepted and payment hold places", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 10 });
    await applicant(app, retreat.id, { applicationType: "couple", stage: "accepted" });
    await applicant(app, retreat.id, { stage: "payment" });
    await applicant(app, retreat.id, { applicationType: "couple", stage: "waitlist" });
    await applicant(app, retreat.id, { applicationType: "couple", stage: "declined" });
    const [all] = await app.db
      .select({ n: peopleCountSql })
      .from(applications)
      .where(eq(applications.retreatId, retreat.id));
    expect(all!.n).toBe(7);
    expect(await placesTaken(app.db, retreat.id)).toBe(3);
  });

  it("gives a couple's two places back when it leaves, and its cancelled plan holds none", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 4 });
    const couple = await applicant(app, retreat.id, { applicationType: "couple" });
    const now = new Date("2030-01-10T12:00:00Z");
    await app.db.transaction(async (tx) => {
      await acceptIntoRetreat(tx, couple, system, now);
      await tx.update(applications).set(stageWrite("accepted", now)).where(eq(applications.id, couple.id));
    });
    expect(await placesTaken(app.db, retreat.id)).toBe(2);
    expect(await placesTaken(app.db, retreat.id, couple.id)).toBe(0);

    await app.db.transaction(async (tx) => {
      await tx.update(applications).set(stageWrite("declined", now)).where(eq(applications.id, couple.id));
      await leaveRetreat(tx, couple, system, { publicUrl: app.config.publicUrl, cipher: app.fieldCipher });
    });
    const plans = await app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, couple.id));
    expect(plans.map((p) => p.status)).toEqual(["cancelled"]);
    expect(await placesTaken(app.db, retreat.id)).toBe(0);
  });
});
