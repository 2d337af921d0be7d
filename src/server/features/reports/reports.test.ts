import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type {
  ArrivalsReport,
  KitchenGrant,
  KitchenReport,
  RoomingReport,
  VendorLists,
} from "../../../shared/schemas/reports";
import { auditLogs, travelComplianceForms, vendors } from "../../db/schema";
import { insertApplication, insertRetreat, travelFormBody } from "../../test/builders";
import { pdfText } from "../../test/pdf-text";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";
import { reportAuditActions } from "./reports.service";

let app: FastifyInstance;
let staff: Signed;
let owner: Signed;
let guest: Signed;
let retreatId: string;
let otherRetreatId: string;
let ada: string;
let couple: string;
let bo: string;
let ip = 0;

/** What must never leave the server in a list: Ada's medication, condition and passport number. */
const secrets = ["Salbutamol inhaler", "Exercise-induced asthma", "ZX9876543210"];

async function submitTravel(applicationId: string, overrides: Record<string, unknown>) {
  ip += 1;
  const res = await app.inject({
    method: "POST",
    url: "/api/travel-compliance",
    payload: travelFormBody(applicationId, overrides),
    remoteAddress: `10.21.0.${ip}`,
  });
  expect(res.statusCode, res.body).toBe(201);
}

withTestApp(async (built) => {
  app = built;
  staff = await signedInAs(app, "staff");
  owner = await signedInAs(app, "owner");
  guest = await signedInAs(app, "guest");
  retreatId = (await insertRetreat(app, { name: "Bali 2030", startDate: "2030-05-01", endDate: "2030-05-10" })).id;
  otherRetreatId = (await insertRetreat(app, { name: "Lisbon 2031" })).id;

  ada = (await insertApplication(app, { retreatId, firstName: "Ada", lastName: "Lovelace", stage: "payment" })).id;
  couple = (
    await insertApplication(app, {
      retreatId,
      firstName: "Sam",
      lastName: "Rivera",
      applicationType: "couple",
      partnerFirstName: "Kim",
      partnerLastName: "Rivera",
      dietaryNotes: "gluten free",
    })
  ).id;
  bo = (await insertApplication(app, { retreatId, firstName: "Bo", lastName: "Other" })).id;
  // Not holding a place, or at another retreat: on no list.
  await insertApplication(app, {
    retreatId,
    firstName: "Ivy",
    lastName: "Interview",
    stage: "interview",
    dietaryNotes: "Nut-free",
  });
  await insertApplication(app, {
    retreatId: otherRetreatId,
    firstName: "Lou",
    lastName: "Lisbon",
    dietaryNotes: "Raw",
  });

  const adaTravel = {
    passportNumber: "ZX9876543210",
    allergies: "Peanuts",
    medications: "Salbutamol inhaler",
    medicalConditions: "Exercise-induced asthma",
    dietaryRequirements: "Gluten-free, no mushrooms",
    outboundFlightNumber: "QR 962",
    outboundDepartureAirport: "DOH",
    outboundArrivalAirport: "DPS",
    outboundArrivalDate: "2030-05-01T14:30",
    returnFlightNumber: "QR 963",
    returnDepartureAirport: "DPS",
    returnArrivalAirport: "DOH",
    returnDepartureDate: "2030-05-10T09:15",
    airportPickupRequired: true,
  };
  await submitTravel(ada, { ...adaTravel, outboundArrivalDate: "2030-05-01T13:00" });
  // Sent again with the flight moved: the list shows the latest, marked as updated.
  await submitTravel(ada, adaTravel);
  await submitTravel(bo, {
    dietaryRequirements: "None",
    outboundFlightNumber: '=HYPERLINK("http://evil.example")',
    outboundArrivalAirport: "DPS",
    outboundArrivalDate: "2030-05-01T16:00",
  });
  // Bo's form is old news.
  await app.db
    .update(travelComplianceForms)
    .set({ submittedAt: sql`now() - interval '10 days'` })
    .where(eq(travelComplianceForms.applicationId, bo));
});

const get = (url: string, cookie: string | null = staff.cookie) =>
  app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const send = (method: "POST" | "DELETE", url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const kitchenReads = async (by: string) =>
  app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, reportAuditActions.kitchenRead), eq(auditLogs.userId, by)));

function expectNoSecrets(text: string) {
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe("the kitchen list", () => {
  it("lists every booking with a place: dietary needs and decrypted allergies, per booking and as counts", async () => {
    const res = await get(`/api/admin/reports/kitchen?retreatId=${retreatId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expectNoSecrets(res.body);
    const report = res.json() as KitchenReport;
    expect(report.retreat).toEqual({ id: retreatId, name: "Bali 2030" });
    expect(report.guests).toEqual([
      {
        applicationId: ada,
        name: "Ada Lovelace",
        people: 1,
        dietaryRequirements: "Gluten-free, no mushrooms",
        allergies: "Peanuts",
        travelFormSubmitted: true,
      },
      {
        applicationId: bo,
        name: "Bo Other",
        people: 1,
        dietaryRequirements: null,
        allergies: null,
        travelFormSubmitted: true,
      },
      {
        applicationId: couple,
        name: "Sam Rivera & Kim Rivera",
        people: 2,
        dietaryRequirements: "gluten free",
        allergies: null,
        travelFormSubmitted: false,
      },
    ]);
    expect(report.counts).toEqual({
      people: 4,
      withDietaryRequirements: 3,
      withAllergies: 1,
      withoutRequirements: 1,
      requirements: [
        { label: "Gluten-free", people: 3 },
        { label: "No mushrooms", people: 1 },
      ],
      allergies: [{ label: "Peanuts", people: 1 }],
    });
  });

  it("keeps allergies encrypted at rest and audits each view and download by who, format and field, never the values", async () => {
    const { rows } = await app.db.execute(
      sql`select allergies from travel_compliance_forms where application_id = ${ada}`,
    );
    expect(String(rows[0]!.allergies)).toMatch(/^enc:v1:/);

    const before = (await kitchenReads(owner.user.id)).length;
    for (const format of ["json", "csv", "pdf"]) {
      expect(
        (await get(`/api/admin/reports/kitchen?retreatId=${retreatId}&format=${format}`, owner.cookie)).statusCode,
      ).toBe(200);
    }
    const reads = (await kitchenReads(owner.user.id)).slice(before);
    expect(reads.map((r) => r.newValues?.format)).toEqual(["json", "csv", "pdf"]);
    for (const read of reads) {
      expect(read).toMatchObject({
        entityType: "retreat",
        entityId: retreatId,
        newValues: { fields: ["allergies"], bookings: 3, withAllergies: 1 },
      });
      expect(JSON.stringify(read)).not.toContain("Peanuts");
    }
  });

  it("downloads as a formula-safe CSV and a PDF titled and dated with the retreat's name", async () => {
    const csv = await get(`/api/admin/reports/kitchen?retreatId=${retreatId}&format=csv`);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="kitchen-list-bali-2030-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows).toEqual([
      ["Guest", "People", "Dietary requirements", "Allergies"],
      ["Ada Lovelace", "1", "Gluten-free, no mushrooms", "Peanuts"],
      ["Bo Other", "1", "", ""],
      ["Sam Rivera & Kim Rivera", "2", "gluten free", ""],
    ]);
    expectNoSecrets(csv.body);

    const pdf = await get(`/api/admin/reports/kitchen?retreatId=${retreatId}&format=pdf`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toMatch(/^attachment; filename="kitchen-list-bali-2030-[\d-]+\.pdf"$/);
    const { text } = await pdfText(pdf.rawPayload);
    for (const expected of [
      "Kitchen list",
      "Bali 2030",
      "Printed ",
      "People 4",
      "With allergies 1",
      "Peanuts 1",
      "Gluten-free 3",
      "Ada Lovelace 1 Gluten-free, no mushrooms Peanuts",
      "Sam Rivera & Kim Rivera 2 gluten free",
    ]) {
      expect(text).toContain(expected);
    }
    expectNoSecrets(text);
  });
});

describe("arrivals and departures", () => {
  it("groups flights by day and time window, with pickups, recent changes and who has sent nothing", async () => {
    const res = await get(`/api/admin/reports/arrivals?retreatId=${retreatId}`);
    expect(res.statusCode, res.body).toBe(200);
    expectNoSecrets(res.body);
    const report = res.json() as ArrivalsReport;
    expect(report.arrivals).toMatchObject([
      {
        day: "2030-05-01",
        window: "afternoon",
        travellers: [
          {
            name: "Ada Lovelace",
            time: "14:30",
            flightNumber: "QR 962",
            from: "DOH",
            to: "DPS",
            airportPickup: true,
            recentChange: "updated",
          },
          { name: "Bo Other", time: "16:00", airportPickup: false, recentChange: null },
        ],
      },
    ]);
    expect(report.departures).toMatchObject([
      {
        day: "2030-05-10",
        window: "morning",
        travellers: [{ name: "Ada Lovelace", time: "09:15", flightNumber: "QR 963" }],
      },
    ]);
    expect(report.withoutTravelForm).toEqual([{ applicationId: couple, name: "Sam Rivera & Kim Rivera", people: 2 }]);
    expect(report.pickupPeople).toBe(1);
  });

  it("downloads as a CSV whose formula-looking cells are plain text, and as a PDF", async () => {
    const csv = await get(`/api/admin/reports/arrivals?retreatId=${retreatId}&format=csv`);
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      "Direction",
      "Day",
      "Time window",
      "Time",
      "Guest",
      "People",
      "Flight",
      "From",
      "To",
      "Airport pickup",
      "Changed in the last 7 days",
    ]);
    expect(rows.slice(1)).toEqual([
      [
        "Arrival",
        "2030-05-01",
        "Afternoon (12:00–17:59)",
        "14:30",
        "Ada Lovelace",
        "1",
        "QR 962",
        "DOH",
        "DPS",
        "yes",
        "Updated",
      ],
      [
        "Arrival",
        "2030-05-01",
        "Afternoon (12:00–17:59)",
        "16:00",
        "Bo Other",
        "1",
        `'=HYPERLINK("http://evil.example")`,
        "",
        "DPS",
        "no",
        "",
      ],
      [
        "Departure",
        "2030-05-10",
        "Morning (06:00–11:59)",
        "09:15",
        "Ada Lovelace",
        "1",
        "QR 963",
        "DPS",
        "DOH",
        "",
        "Updated",
      ],
    ]);

    const pdf = await get(`/api/admin/reports/arrivals?retreatId=${retreatId}&format=pdf`);
    const { text } = await pdfText(pdf.rawPayload);
    for (const expected of [
      "Arrivals and departures",
      "Bali 2030",
      "People to pick up 1",
      "Wednesday 1 May 2030 · Afternoon (12:00–17:59)",
      "14:30 Ada Lovelace 1 QR 962 DOH – DPS Pickup Updated",
      "Friday 10 May 2030 · Morning (06:00–11:59)",
      "No travel form yet",
      "Sam Rivera & Kim Rivera",
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe("the rooming list", () => {
  it("shows every room bed by bed (a couple in two beds), free beds, and who has no room", async () => {
    const room = async (name: string, capacity: number) => {
      const res = await send("POST", "/api/admin/rooms", staff.cookie, { name, type: "Villa", capacity, retreatId });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    await room("Frangipani", 2);
    const lotus = await room("Lotus", 4);
    const assign = async (roomId: string, applicationId: string, bedNumber: number | null) =>
      expect(
        (await send("POST", "/api/admin/room-assignments", staff.cookie, { roomId, applicationId, bedNumber }))
          .statusCode,
      ).toBe(201);
    await assign(lotus, couple, 2);
    await assign(lotus, ada, null);

    const res = await get(`/api/admin/reports/rooming?retreatId=${retreatId}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as RoomingReport;
    expect(report.rooms.map((r) => [r.name, r.beds.map((b) => [b.bed, b.guest, b.bedChosen])])).toEqual([
      [
        "Frangipani",
        [
          [1, null, false],
          [2, null, false],
        ],
      ],
      [
        "Lotus",
        [
          [1, "Ada Lovelace", false],
          [2, "Sam Rivera", true],
          [3, "Kim Rivera", true],
          [4, null, false],
        ],
      ],
    ]);
    expect(report.unassigned).toEqual([{ applicationId: bo, name: "Bo Other", people: 1 }]);
    expect(report.counts).toEqual({ beds: 6, taken: 3, unassignedPeople: 1 });

    const csv = parse((await get(`/api/admin/reports/rooming?retreatId=${retreatId}&format=csv`)).body, {
      bom: true,
    }) as string[][];
    expect(csv).toEqual([
      ["Room", "Type", "Bed", "Guest", "Bed chosen"],
      ["Frangipani", "Villa", "1", "", ""],
      ["Frangipani", "Villa", "2", "", ""],
      ["Lotus", "Villa", "1", "Ada Lovelace", "no"],
      ["Lotus", "Villa", "2", "Sam Rivera", "yes"],
      ["Lotus", "Villa", "3", "Kim Rivera", "yes"],
      ["Lotus", "Villa", "4", "", ""],
    ]);
    const { text } = await pdfText(
      (await get(`/api/admin/reports/rooming?retreatId=${retreatId}&format=pdf`)).rawPayload,
    );
    for (const expected of [
      "Rooming list",
      "Bali 2030",
      "Beds taken 3 of 6",
      "Frangipani (Villa) · 2 beds Bed 1 Free Bed 2 Free",
      "Lotus (Villa) · 4 beds",
      "Bed 1 Ada Lovelace (bed not chosen)",
      "Bed 3 Kim Rivera",
      "Not in a room yet",
      "Bo Other",
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe("bad input", () => {
  it("answers 404 for an unknown retreat, 400 for a bad id or format, and keeps vendors and guests out", async () => {
    for (const kind of ["kitchen", "arrivals", "rooming"]) {
      const unknown = await get(`/api/admin/reports/${kind}?retreatId=${crypto.randomUUID()}&format=pdf`);
      expect(unknown.statusCode, kind).toBe(404);
      expect(unknown.json()).toEqual({ message: "Retreat not found." });
      expect((await get(`/api/admin/reports/${kind}?retreatId=nope`)).statusCode).toBe(400);
      expect((await get(`/api/admin/reports/${kind}?retreatId=${retreatId}&format=xlsx`)).statusCode).toBe(400);
      expect((await get(`/api/admin/reports/${kind}?retreatId=${retreatId}`, guest.cookie)).statusCode).toBe(403);
      expect((await get(`/api/admin/reports/${kind}?retreatId=${retreatId}`, null)).statusCode).toBe(401);
    }
  });

  it("refuses the audited kitchen read from another site", async () => {
    const res = await app.inject({
      method: "GET",
      url: `/api/admin/reports/kitchen?retreatId=${retreatId}`,
      headers: { cookie: staff.cookie, "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("the kitchen list given to a caterer", () => {
  it("is granted for one retreat, seen in the vendor portal without medical details, audited, and revoked", async () => {
    const caterer = await signedInAs(app, "vendor");
    const [vendor] = await app.db
      .insert(vendors)
      .values({ name: "Warung Catering", type: "Catering", userId: caterer.user.id })
      .returning();
    const otherVendor = await signedInAs(app, "vendor");
    await app.db.insert(vendors).values({ name: "Driver Made", userId: otherVendor.user.id });
    const vendorKitchen = (id: string, cookie: string, format = "json") =>
      get(`/api/vendor/reports/kitchen?retreatId=${id}&format=${format}`, cookie);

    // Nothing given yet.
    expect((await vendorKitchen(retreatId, caterer.cookie)).statusCode).toBe(404);
    expect((await get("/api/vendor/lists", caterer.cookie)).json()).toEqual({ items: [] });

    const granted = await send("POST", "/api/admin/reports/kitchen/grants", staff.cookie, {
      vendorId: vendor!.id,
      retreatId,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const grant = granted.json() as KitchenGrant;
    expect(grant).toMatchObject({
      vendorName: "Warung Catering",
      vendorCanSignIn: true,
      retreatId,
      grantedBy: "Staff Tester",
    });
    const again = await send("POST", "/api/admin/reports/kitchen/grants", staff.cookie, {
      vendorId: vendor!.id,
      retreatId,
    });
    expect(again.statusCode).toBe(409);
    const listed = await get(`/api/admin/reports/kitchen/grants?retreatId=${retreatId}`);
    expect((listed.json() as { items: KitchenGrant[] }).items.map((g) => g.id)).toEqual([grant.id]);
    const [grantAudit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, reportAuditActions.grant), eq(auditLogs.entityId, vendor!.id)));
    expect(grantAudit).toMatchObject({
      userId: staff.user.id,
      newValues: { list: "kitchen", retreatId, grantId: grant.id },
    });

    const lists = (await get("/api/vendor/lists", caterer.cookie)).json() as VendorLists;
    expect(lists.items).toMatchObject([{ list: "kitchen", retreatId, retreatName: "Bali 2030" }]);
    const seen = await vendorKitchen(retreatId, caterer.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expectNoSecrets(seen.body);
    expect((seen.json() as KitchenReport).guests.map((g) => [g.name, g.allergies])).toEqual([
      ["Ada Lovelace", "Peanuts"],
      ["Bo Other", null],
      ["Sam Rivera & Kim Rivera", null],
    ]);
    const pdf = await vendorKitchen(retreatId, caterer.cookie, "pdf");
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain("Kitchen list");
    expect(text).toContain("Peanuts");
    expectNoSecrets(text);
    const vendorReads = await kitchenReads(caterer.user.id);
    expect(vendorReads.map((r) => r.newValues)).toMatchObject([
      { format: "json", vendorId: vendor!.id, grantId: grant.id, fields: ["allergies"] },
      { format: "pdf", vendorId: vendor!.id, grantId: grant.id },
    ]);

    // Only that retreat, only that vendor, and never the admin's lists.
    expect((await vendorKitchen(otherRetreatId, caterer.cookie)).statusCode).toBe(404);
    expect((await vendorKitchen(crypto.randomUUID(), caterer.cookie)).statusCode).toBe(404);
    const stranger = await vendorKitchen(retreatId, otherVendor.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: "This list has not been shared with you." });
    for (const kind of ["kitchen", "arrivals", "rooming"]) {
      expect((await get(`/api/admin/reports/${kind}?retreatId=${retreatId}`, caterer.cookie)).statusCode).toBe(403);
    }

    const revoked = await send("DELETE", `/api/admin/reports/kitchen/grants/${grant.id}`, staff.cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await vendorKitchen(retreatId, caterer.cookie)).statusCode).toBe(404);
    expect((await get("/api/vendor/lists", caterer.cookie)).json()).toEqual({ items: [] });
    expect((await get(`/api/admin/reports/kitchen/grants?retreatId=${retreatId}`)).json()).toEqual({ items: [] });
    const [revokeAudit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, reportAuditActions.revoke), eq(auditLogs.entityId, vendor!.id)));
    expect(revokeAudit).toMatchObject({ userId: staff.user.id, newValues: { grantId: grant.id } });
    expect((await send("DELETE", `/api/admin/reports/kitchen/grants/${grant.id}`, staff.cookie)).statusCode).toBe(404);

    // It can be given again later.
    const regranted = await send("POST", "/api/admin/reports/kitchen/grants", owner.cookie, {
      vendorId: vendor!.id,
      retreatId,
    });
    expect(regranted.statusCode).toBe(201);
    expect((await vendorKitchen(retreatId, caterer.cookie)).statusCode).toBe(200);
    // A deactivated vendor loses it, and cannot be given one.
    await app.db.update(vendors).set({ isActive: false }).where(eq(vendors.id, vendor!.id));
    expect((await vendorKitchen(retreatId, caterer.cookie)).statusCode).toBe(404);
    const inactive = await send("POST", "/api/admin/reports/kitchen/grants", staff.cookie, {
      vendorId: vendor!.id,
      retreatId: otherRetreatId,
    });
    expect(inactive.statusCode).toBe(409);
  });

  it("refuses an unknown vendor or retreat", async () => {
    const unknownVendor = await send("POST", "/api/admin/reports/kitchen/grants", staff.cookie, {
      vendorId: crypto.randomUUID(),
      retreatId,
    });
    expect(unknownVendor.statusCode).toBe(404);
    expect(unknownVendor.json()).toEqual({ message: "Vendor not found." });
    const [vendor] = await app.db.insert(vendors).values({ name: "Someone" }).returning();
    const unknownRetreat = await send("POST", "/api/admin/reports/kitchen/grants", staff.cookie, {
      vendorId: vendor!.id,
      retreatId: crypto.randomUUID(),
    });
    expect(unknownRetreat.statusCode).toBe(404);
    expect((await send("POST", "/api/admin/reports/kitchen/grants", staff.cookie, {})).statusCode).toBe(400);
    expect(
      (await send("DELETE", `/api/admin/reports/kitchen/grants/${crypto.randomUUID()}`, staff.cookie)).statusCode,
    ).toBe(404);
    expect((await get("/api/vendor/lists", guest.cookie)).statusCode).toBe(403);
  });
});
