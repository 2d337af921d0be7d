import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { retreatFullMessage } from "../../../shared/schemas/payments";
import { applications, paymentPlans } from "../../db/schema";
import { applicant, retreatWithRates } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { placesTaken } from "./admissions.service";

let app: FastifyInstance;
let staff: string;

withTestApp(async (built) => {
  app = built;
  staff = (await signedInAs(app, "staff")).cookie;
});

function accept(id: string) {
  return app.inject({
    method: "POST",
    url: `/api/admin/applications/${id}/escalate/accepted`,
    headers: { cookie: staff },
    payload: { notify: false },
  });
}

describe("places on a retreat", () => {
  it("counts a couple as two and refuses acceptances beyond capacity with 409", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 3 });
    const couple = await applicant(app, retreat.id, { applicationType: "couple" });
    const solo = await applicant(app, retreat.id);
    const secondCouple = await applicant(app, retreat.id, { applicationType: "couple" });
    const late = await applicant(app, retreat.id);
    // Declined and waitlisted applications hold no place.
    await applicant(app, retreat.id, { stage: "declined" });

    expect((await accept(solo.id)).statusCode).toBe(200);
    expect((await accept(secondCouple.id)).statusCode).toBe(200);
    expect(await placesTaken(app.db, retreat.id)).toBe(3);
    const full = await accept(couple.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(retreatFullMessage(3, 3));
    const alsoFull = await accept(late.id);
    expect(alsoFull.json().message).toBe("The retreat is full: 3 of 3 places are taken.");
    const [stored] = await app.db.select().from(applications).where(eq(applications.id, late.id));
    expect(stored!.stage).toBe("interview");
    expect(await app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, late.id))).toEqual([]);
  });

  it("tells staff when only one place is left and a couple needs two", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 2 });
    const solo = await applicant(app, retreat.id);
    const couple = await applicant(app, retreat.id, { applicationType: "couple" });
    expect((await accept(solo.id)).statusCode).toBe(200);
    const res = await accept(couple.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("There is room for 1 more and a couple needs 2: 1 of 2 places are taken.");
    // A declined place is free again.
    const declined = await app.inject({
      method: "POST",
      url: `/api/admin/applications/${solo.id}/escalate/declined`,
      headers: { cookie: staff },
      payload: { notify: false },
    });
    expect(declined.statusCode).toBe(200);
    expect((await accept(couple.id)).statusCode).toBe(200);
    expect(await placesTaken(app.db, retreat.id)).toBe(2);
  });

  // PGlite is one connection, so requests there run one at a time; the race needs PostgreSQL.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "30 acceptances at once for 15 places: exactly 15 accepted with 15 plans, the rest 409",
    async () => {
      const { retreat } = await retreatWithRates(app, { capacity: 15 });
      const people = await Promise.all(Array.from({ length: 30 }, () => applicant(app, retreat.id)));
      const ids = people.map((p) => p.id);
      const results = await Promise.all(ids.map((id) => accept(id)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(15);
      expect(codes.filter((c) => c === 409)).toHaveLength(15);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json().message).toBe("The retreat is full: 15 of 15 places are taken.");
      }
      const accepted = await app.db
        .select({ id: applications.id })
        .from(applications)
        .where(and(inArray(applications.id, ids), eq(applications.stage, "accepted")));
      expect(accepted).toHaveLength(15);
      const plans = await app.db.select().from(paymentPlans).where(inArray(paymentPlans.applicationId, ids));
      expect(plans).toHaveLength(15);
      expect(new Set(plans.map((p) => p.applicationId))).toEqual(new Set(accepted.map((a) => a.id)));
      expect(await placesTaken(app.db, retreat.id)).toBe(15);
    },
    60_000,
  );
});
