/**
 * The journey on a moving clock: the sweep runs at chosen moments (an injected `now`), on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL).
 */
import { and, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import { applications, emailLogs, journeySends, travelComplianceForms } from "../../db/schema";
import { insertApplication, insertRetreat, travelFormBody } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { runJourneySweep } from "./journey.service";

let app: FastifyInstance;
withTestApp((a) => {
  app = a;
});

const dayMs = 86_400_000;
const today = todayIn("UTC");
const start = addDays(today, 100);
const startMs = Date.parse(`${start}T00:00:00Z`);
const at = (daysBeforeStart: number) => new Date(startMs - daysBeforeStart * dayMs + 10 * 3_600_000);

async function journeyMail(applicationId: string) {
  const [app_] = await app.db.select().from(applications).where(eq(applications.id, applicationId));
  const rows = await app.db
    .select({ kind: emailLogs.kind, subject: emailLogs.subject })
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, app_!.email), like(emailLogs.kind, "journey_%")));
  return rows.map((r) => r.kind!.replace("journey_", "")).sort();
}

describe("journey sweep on a moving clock", () => {
  it("accepted 9 weeks before: packing at 8 weeks, travel reminders until the form arrives, then none", async () => {
    const retreat = await insertRetreat(app, { name: "Journey 9w", startDate: start, endDate: addDays(start, 7) });
    const guest = await insertApplication(app, { retreatId: retreat.id, stage: "accepted", acceptedAt: at(63) });
    const config = app.config;

    await runJourneySweep(app.db, config, at(63));
    expect(await journeyMail(guest.id)).toEqual(["welcome"]);
    await runJourneySweep(app.db, config, at(57));
    expect(await journeyMail(guest.id)).toEqual(["welcome"]);
    await runJourneySweep(app.db, config, at(56));
    expect(await journeyMail(guest.id)).toEqual(["packing", "welcome"]);
    // Sweeping again (another process, a restart) sends nothing twice.
    await runJourneySweep(app.db, config, at(56));
    await runJourneySweep(app.db, config, at(50));
    expect(await journeyMail(guest.id)).toEqual(["packing", "welcome"]);
    await runJourneySweep(app.db, config, at(42));
    expect(await journeyMail(guest.id)).toEqual(["packing", "travel_6w", "welcome"]);

    await app.db.insert(travelComplianceForms).values(travelFormBody(guest.id) as never);
    await runJourneySweep(app.db, config, at(21));
    await runJourneySweep(app.db, config, at(7));
    expect(await journeyMail(guest.id)).toEqual(["arrival", "packing", "travel_6w", "welcome"]);
    await runJourneySweep(app.db, config, new Date(startMs + 8 * dayMs + 10 * 3_600_000));
    const kinds = await journeyMail(guest.id);
    expect(kinds).toEqual(["arrival", "feedback", "packing", "travel_6w", "welcome"]);
    const [packing] = await app.db
      .select({ subject: emailLogs.subject })
      .from(emailLogs)
      .where(and(eq(emailLogs.recipientEmail, guest.email), eq(emailLogs.kind, "journey_packing")));
    expect(packing!.subject.toLowerCase()).toContain("packing");
  });

  it("accepted 7 weeks before: the packing list at once, the missed 10-week reminder never", async () => {
    const retreat = await insertRetreat(app, { name: "Journey 7w", startDate: start, endDate: addDays(start, 7) });
    const guest = await insertApplication(app, { retreatId: retreat.id, stage: "accepted", acceptedAt: at(49) });
    await runJourneySweep(app.db, app.config, at(49));
    expect(await journeyMail(guest.id)).toEqual(["packing", "welcome"]);
    const sends = await app.db.select().from(journeySends).where(eq(journeySends.applicationId, guest.id));
    expect(sends.map((s) => s.stepKey).sort()).toEqual(["packing", "welcome"]);
  });

  it("a guest not accepted gets nothing", async () => {
    const retreat = await insertRetreat(app, { name: "Journey none", startDate: start });
    const guest = await insertApplication(app, { retreatId: retreat.id, stage: "interview" });
    await runJourneySweep(app.db, app.config, at(10));
    expect(await journeyMail(guest.id)).toEqual([]);
  });
});
