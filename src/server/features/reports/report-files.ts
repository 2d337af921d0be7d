import type { Readable } from "node:stream";
import { formatInstant } from "../../../shared/display/time";
import {
  type ArrivalsReport,
  bedGuestLabel,
  type KitchenReport,
  type ReportKind,
  type RoomingReport,
  recentChangeLabels,
  reportTitles,
  roomBedsNote,
  type Traveller,
  travelGroupHeading,
} from "../../../shared/schemas/reports";
import { csvStream } from "../../http/csv-cells";
import { type PdfRow, renderPdf } from "../../http/pdf-document";

type AnyReport = KitchenReport | ArrivalsReport | RoomingReport;

/** "kitchen-list-bali-2030-2030-04-28": the list, the retreat and the day it was read. */
export function reportFileName(kind: ReportKind, report: AnyReport, extension: "csv" | "pdf"): string {
  const slug = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return `${slug(reportTitles[kind])}-${slug(report.retreat.name) || "retreat"}-${report.generatedAt.slice(0, 10)}.${extension}`;
}

/** What the PDF prints under the title: "Printed 28 Apr 2030, 14:05 (London time)". */
const printed = (report: AnyReport) => `Printed ${formatInstant(report.generatedAt)}`;

async function* each<T>(rows: T[]): AsyncIterable<T> {
  yield* rows;
}

// ---------------------------------------------------------------------------------------------
// Kitchen
// ---------------------------------------------------------------------------------------------

export function kitchenCsv(report: KitchenReport): Readable {
  return csvStream(
    each(
      report.guests.map((g) => ({
        name: g.name,
        people: String(g.people),
        dietaryRequirements: g.dietaryRequirements ?? "",
        allergies: g.allergies ?? "",
      })),
    ),
    [
      ["name", "Guest"],
      ["people", "People"],
      ["dietaryRequirements", "Dietary requirements"],
      ["allergies", "Allergies"],
    ],
  );
}

export function kitchenPdf(report: KitchenReport): Promise<Buffer> {
  const { counts } = report;
  return renderPdf({ title: reportTitles.kitchen, subtitle: report.retreat.name, dated: printed(report) }, (pdf) => {
    pdf.paragraph("All meals are plant-based. A couple answers once for both: their answers count for two people.", {
      muted: true,
    });
    pdf.facts([
      ["People", String(counts.people)],
      ["With dietary requirements", String(counts.withDietaryRequirements)],
      ["With allergies", String(counts.withAllergies)],
      ["With neither", String(counts.withoutRequirements)],
    ]);
    const countRows = (title: string, items: KitchenReport["counts"]["requirements"]): PdfRow[] =>
      items.length ? [{ heading: title }, ...items.map((item) => [item.label, String(item.people)])] : [];
    const rows = [
      ...countRows("Allergies", counts.allergies),
      ...countRows("Dietary requirements", counts.requirements),
    ];
    if (rows.length) {
      pdf.heading("Counts");
      pdf.table(
        [
          { header: "Item", width: 0.8 },
          { header: "People", width: 0.2, align: "right" },
        ],
        rows,
      );
    }
    pdf.heading("Guests");
    pdf.table(
      [
        { header: "Guest", width: 0.3 },
        { header: "People", width: 0.1, align: "right" },
        { header: "Dietary requirements", width: 0.3 },
        { header: "Allergies", width: 0.3 },
      ],
      report.guests.map((g) => [g.name, String(g.people), g.dietaryRequirements ?? "—", g.allergies ?? "—"]),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Arrivals and departures
// ---------------------------------------------------------------------------------------------

// An en dash, not an arrow: Helvetica has no arrow (pdf-document.ts).
const route = (t: Traveller) => [t.from, t.to].filter(Boolean).join(" – ");
const changeLabel = (t: Traveller) => (t.recentChange ? recentChangeLabels[t.recentChange] : "");

export function arrivalsCsv(report: ArrivalsReport): Readable {
  const rows = (["arrivals", "departures"] as const).flatMap((direction) =>
    report[direction].flatMap((group) =>
      group.travellers.map((t) => ({
        direction: direction === "arrivals" ? "Arrival" : "Departure",
        day: group.day ?? "",
        window: travelGroupHeading(group).split(" · ")[1] ?? "",
        time: t.time ?? "",
        name: t.name,
        people: String(t.people),
        flight: t.flightNumber ?? "",
        from: t.from ?? "",
        to: t.to ?? "",
        pickup: direction === "arrivals" ? (t.airportPickup ? "yes" : "no") : "",
        changed: changeLabel(t),
      })),
    ),
  );
  return csvStream(each(rows), [
    ["direction", "Direction"],
    ["day", "Day"],
    ["window", "Time window"],
    ["time", "Time"],
    ["name", "Guest"],
    ["people", "People"],
    ["flight", "Flight"],
    ["from", "From"],
    ["to", "To"],
    ["pickup", "Airport pickup"],
    ["changed", `Changed in the last ${report.recentChangeDays} days`],
  ]);
}

export function arrivalsPdf(report: ArrivalsReport): Promise<Buffer> {
  return renderPdf({ title: reportTitles.arrivals, subtitle: report.retreat.name, dated: printed(report) }, (pdf) => {
    pdf.paragraph(
      `Flight times are local times at the airport. "New" and "Updated" mark travel forms sent in the last ${report.recentChangeDays} days.`,
      { muted: true },
    );
    pdf.facts([["People to pick up", String(report.pickupPeople)]]);
    for (const direction of ["arrivals", "departures"] as const) {
      pdf.heading(direction === "arrivals" ? "Arrivals" : "Departures");
      if (report[direction].length === 0) {
        pdf.paragraph("No flights yet.", { muted: true });
        continue;
      }
      pdf.table(
        [
          { header: "Time", width: 0.09 },
          { header: "Guest", width: 0.27 },
          { header: "People", width: 0.09, align: "right" },
          { header: "Flight", width: 0.12 },
          { header: "Route", width: 0.19 },
          { header: direction === "arrivals" ? "Pickup" : "", width: 0.1 },
          { header: "Changed", width: 0.14 },
        ],
        report[direction].flatMap((group): PdfRow[] => [
          { heading: travelGroupHeading(group) },
          ...group.travellers.map((t) => [
            t.time ?? "—",
            t.name,
            String(t.people),
            t.flightNumber ?? "—",
            route(t) || "—",
            direction === "arrivals" ? (t.airportPickup ? "Pickup" : "—") : "",
            changeLabel(t) || "—",
          ]),
        ]),
      );
    }
    if (report.withoutTravelForm.length) {
      pdf.heading("No travel form yet");
      pdf.paragraph(report.withoutTravelForm.map((b) => b.name).join(", "));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Rooming
// ---------------------------------------------------------------------------------------------

export function roomingCsv(report: RoomingReport): Readable {
  const rows = report.rooms.flatMap((room) =>
    room.beds.map((bed) => ({
      room: room.name,
      type: room.type ?? "",
      bed: String(bed.bed),
      guest: bed.guest ?? "",
      chosen: bed.guest ? (bed.bedChosen ? "yes" : "no") : "",
    })),
  );
  return csvStream(each(rows), [
    ["room", "Room"],
    ["type", "Type"],
    ["bed", "Bed"],
    ["guest", "Guest"],
    ["chosen", "Bed chosen"],
  ]);
}

export function roomingPdf(report: RoomingReport): Promise<Buffer> {
  return renderPdf({ title: reportTitles.rooming, subtitle: report.retreat.name, dated: printed(report) }, (pdf) => {
    pdf.facts([
      ["Beds taken", `${report.counts.taken} of ${report.counts.beds}`],
      ["People without a room", String(report.counts.unassignedPeople)],
    ]);
    if (report.rooms.length === 0) pdf.paragraph("No rooms yet.", { muted: true });
    else
      pdf.table(
        [
          { header: "Bed", width: 0.15 },
          { header: "Guest", width: 0.85 },
        ],
        report.rooms.flatMap((room): PdfRow[] => [
          {
            heading: [`${room.name}${room.type ? ` (${room.type})` : ""}`, `${room.capacity} beds`, roomBedsNote(room)]
              .filter(Boolean)
              .join(" · "),
          },
          ...room.beds.map((bed) => [`Bed ${bed.bed}`, bedGuestLabel(room, bed)]),
        ]),
      );
    if (report.unassigned.length) {
      pdf.heading("Not in a room yet");
      pdf.paragraph(report.unassigned.map((b) => b.name).join(", "));
    }
  });
}
