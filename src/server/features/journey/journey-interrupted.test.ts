/**
 * A journey email cut off mid-send (the process died while it was "sending") is marked failed at
 * the restart (or by the sweep once abandoned) and never claimed again; an ordinary outbox email in the same state is queued again.
 */
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { emailLogs } from "../../db/schema";
import { claimOutboxRow, interruptedAtMostOnce, requeueOrphanedSends, sweepStuckEmails } from "../../email/delivery";
import { queueEmail } from "../../email/outbox";
import { withTestApp } from "../../test/test-app";

let app: FastifyInstance;
withTestApp((a) => {
  app = a;
});

const email = { subject: "s", html: "<p>h</p>", text: "h" };

describe("journey email interrupted mid-send", () => {
  it("is marked failed at restart and never sent again; others are queued again", async () => {
    const journeyId = await queueEmail(app.db, { to: "a@example.com", email, kind: "journey_packing" });
    const otherId = await queueEmail(app.db, { to: "b@example.com", email, kind: "application_received" });
    await app.db
      .update(emailLogs)
      .set({ status: "sending", updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(inArray(emailLogs.id, [journeyId, otherId]));
    // An abandoned journey row is not taken over, even after the abandonment delay.
    expect(await claimOutboxRow(app.db, journeyId)).toBeNull();
    await requeueOrphanedSends(app.db, app.log);
    const [journey] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, journeyId));
    const [other] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, otherId));
    expect(journey).toMatchObject({ status: "failed", errorMessage: interruptedAtMostOnce });
    expect(other!.status).toBe("queued");
    // A retried job finds nothing to send.
    expect(await claimOutboxRow(app.db, journeyId)).toBeNull();
    expect(await claimOutboxRow(app.db, otherId)).not.toBeNull();
  });

  it("is marked failed by the periodic sweep once abandoned (several processes), a recent one is left alone", async () => {
    const abandonedId = await queueEmail(app.db, { to: "c@example.com", email, kind: "journey_arrival" });
    const recentId = await queueEmail(app.db, { to: "d@example.com", email, kind: "journey_arrival" });
    await app.db
      .update(emailLogs)
      .set({ status: "sending", updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(emailLogs.id, abandonedId));
    await app.db.update(emailLogs).set({ status: "sending", updatedAt: new Date() }).where(eq(emailLogs.id, recentId));
    await sweepStuckEmails(app.db, app.queue!, app.log);
    const [abandoned] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, abandonedId));
    const [recent] = await app.db.select().from(emailLogs).where(eq(emailLogs.id, recentId));
    expect(abandoned).toMatchObject({ status: "failed", errorMessage: interruptedAtMostOnce });
    expect(recent!.status).toBe("sending");
    expect(await claimOutboxRow(app.db, abandonedId)).toBeNull();
  });
});
