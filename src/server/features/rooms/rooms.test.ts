import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, roomAssignments } from "../../db/schema";
import { insertApplication, insertRetreat, type StaffDesk, staffDesk } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let { app, staff, retreatId } = {} as StaffDesk;

withTestApp(async (built) => {
  ({ app, staff, retreatId } = await staffDesk(built));
});

async function room(body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/rooms",
    headers: { cookie: staff.cookie },
    payload: { name: "Frangipani", retreatId, ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; capacity: number };
}

function assign(roomId: string, applicationId: string, bedNumber?: number) {
  return app.inject({
    method: "POST",
    url: "/api/admin/room-assignments",
    headers: { cookie: staff.cookie },
    payload: { roomId, applicationId, ...(bedNumber ? { bedNumber } : {}) },
  });
}

function board() {
  return app.inject({
    method: "GET",
    url: `/api/admin/rooms?retreatId=${retreatId}`,
    headers: { cookie: staff.cookie },
  });
}

describe("rooms", () => {
  it("creates a room for two by default and audits it", async () => {
    const created = await room();
    expect(created.capacity).toBe(2);
    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, created.id));
    expect(audit.map((a) => a.action)).toEqual(["create"]);
  });

  it("never puts more people in a room than its capacity, counting a couple as two", async () => {
    const r = await room({ name: "Lotus" });
    const couple = await insertApplication(app, { retreatId, applicationType: "couple", partnerFirstName: "Pat" });
    const single = await insertApplication(app, { retreatId });

    expect((await assign(r.id, couple.id)).statusCode).toBe(201);
    const full = await assign(r.id, single.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe("This room has 0 free beds; this booking needs 1.");

    const b = (await board()).json();
    const lotus = b.rooms.find((x: { id: string }) => x.id === r.id);
    expect(lotus.bedsUsed).toBe(2);
    expect(lotus.assignments[0].name).toBe(`${couple.firstName} Tester & Pat`);
    expect(b.unassigned.map((g: { applicationId: string }) => g.applicationId)).toContain(single.id);
  });

  it("keeps a couple together: their application needs two beds in one room", async () => {
    const r = await room({ name: "Single", capacity: 3 });
    const one = await insertApplication(app, { retreatId });
    const two = await insertApplication(app, { retreatId });
    const couple = await insertApplication(app, { retreatId, applicationType: "couple" });
    expect((await assign(r.id, one.id)).statusCode).toBe(201);
    expect((await assign(r.id, two.id)).statusCode).toBe(201);
    const res = await assign(r.id, couple.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This room has 1 free bed; this booking needs 2.");
  });

  it("lets only one of many simultaneous assignments into the last bed", async () => {
    const r = await room({ name: "Contested", capacity: 1 });
    const apps = await Promise.all([1, 2, 3, 4].map(() => insertApplication(app, { retreatId })));
    const results = await Promise.all(apps.map((a) => assign(r.id, a.id)));
    expect(results.map((x) => x.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await app.db.select().from(roomAssignments).where(eq(roomAssignments.roomId, r.id));
    expect(rows).toHaveLength(1);
  });

  it("gives an application one room only; moving is unassign then assign", async () => {
    const a = await room({ name: "A" });
    const b = await room({ name: "B" });
    const guest = await insertApplication(app, { retreatId });
    const first = await assign(a.id, guest.id);
    expect(first.statusCode).toBe(201);
    const second = await assign(b.id, guest.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already has a room/);
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/admin/room-assignments/${first.json().id}`,
      headers: { cookie: staff.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await assign(b.id, guest.id)).statusCode).toBe(201);
  });

  it("refuses applicants without a place and applicants of another retreat", async () => {
    const r = await room({ name: "Rules" });
    const pending = await insertApplication(app, { retreatId, stage: "interview" });
    const res = await assign(r.id, pending.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Only accepted guests (accepted or payment stage) can be given a room.");
    const elsewhere = await insertApplication(app, { retreatId: (await insertRetreat(app)).id, stage: "payment" });
    expect((await assign(r.id, elsewhere.id)).statusCode).toBe(409);
  });

  it("checks bed numbers and will not lower capacity below the beds in use", async () => {
    const r = await room({ name: "Beds" });
    const one = await insertApplication(app, { retreatId });
    const two = await insertApplication(app, { retreatId });
    expect((await assign(r.id, one.id, 1)).statusCode).toBe(201);
    expect((await assign(r.id, two.id, 1)).json().message).toBe("Bed 1 is already taken.");
    expect((await assign(r.id, two.id, 3)).statusCode).toBe(400);
    const shrink = await app.inject({
      method: "PATCH",
      url: `/api/admin/rooms/${r.id}`,
      headers: { cookie: staff.cookie },
      payload: { capacity: 0 },
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().message).toBe("Capacity must be a whole number from 1 to 20.");
    expect((await assign(r.id, two.id, 2)).statusCode).toBe(201);
    const lower = await app.inject({
      method: "PATCH",
      url: `/api/admin/rooms/${r.id}`,
      headers: { cookie: staff.cookie },
      payload: { capacity: 1 },
    });
    expect(lower.statusCode).toBe(409);
  });

  it("is closed to vendors and guests", async () => {
    for (const role of ["vendor", "guest"] as const) {
      const { cookie } = await signedInAs(app, role);
      expect((await app.inject({ method: "GET", url: "/api/admin/rooms", headers: { cookie } })).statusCode).toBe(403);
      const res = await app.inject({
        method: "POST",
        url: "/api/admin/room-assignments",
        headers: { cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
