/**
 * The lists the team works from (docs/decisions/017-lists-and-receipts.md): the kitchen list
 * (dietary needs and allergies), arrivals and departures, and the rooming list, each as a page,
 * a CSV and a PDF: GET /api/admin/reports/{kitchen|arrivals|rooming}?retreatId=&format=json|csv|pdf.
 * Staff may give a vendor (a caterer) the kitchen list of one retreat.
 */
import { z } from "zod";
import { reportFormats } from "../report-paths";
import { formatDayHeading } from "./schedule";

export {
  type ReportFormat,
  type ReportKind,
  recentChangeDays,
  reportFormats,
  reportKinds,
  reportPath,
  reportTitles,
  vendorKitchenPath,
} from "../report-paths";

const retreatId = z.uuid("Retreat id must be a uuid.");
const format = z.enum(reportFormats, { message: "Format must be json, csv or pdf." }).default("json");

/** The admin lists: the retreat (the current one when none is named) and the format. */
export const reportQuerySchema = z.strictObject({ retreatId: retreatId.optional(), format });
export type ReportQuery = z.infer<typeof reportQuerySchema>;
/** The vendor's kitchen list: always one named retreat, the one they were given. */
export const vendorReportQuerySchema = z.strictObject({ retreatId, format });

const reportRetreatSchema = z.object({ id: z.uuid(), name: z.string() });
const reportHead = {
  retreat: reportRetreatSchema,
  /** When the list was read: the PDF and CSV carry it too. */
  generatedAt: z.string(),
};

// ---------------------------------------------------------------------------------------------
// Kitchen
// ---------------------------------------------------------------------------------------------

/** One booking at the table: a couple is one row for two people, and its answers count for both. */
export const kitchenGuestSchema = z.object({
  applicationId: z.uuid(),
  name: z.string(),
  people: z.number().int(),
  /** From the travel form, or else what they wrote when applying; null when nothing was said. */
  dietaryRequirements: z.string().nullable(),
  /** Decrypted from the travel form (medical data: every read is audited). */
  allergies: z.string().nullable(),
  travelFormSubmitted: z.boolean(),
});
export type KitchenGuest = z.infer<typeof kitchenGuestSchema>;

export const kitchenCountSchema = z.object({ label: z.string(), people: z.number().int() });
export type KitchenCount = z.infer<typeof kitchenCountSchema>;

export const kitchenReportSchema = z.object({
  ...reportHead,
  guests: z.array(kitchenGuestSchema),
  counts: z.object({
    people: z.number().int(),
    withDietaryRequirements: z.number().int(),
    withAllergies: z.number().int(),
    withoutRequirements: z.number().int(),
    /** Each requirement named, most common first ("Gluten-free": 3 people). */
    requirements: z.array(kitchenCountSchema),
    allergies: z.array(kitchenCountSchema),
  }),
});
export type KitchenReport = z.infer<typeof kitchenReportSchema>;

// ---------------------------------------------------------------------------------------------
// Arrivals and departures
// ---------------------------------------------------------------------------------------------

export const timeWindows = ["night", "morning", "afternoon", "evening"] as const;
export type TimeWindow = (typeof timeWindows)[number];
/** Flight times are the guest's local wall-clock times; windows cut the day for the driver's runs. */
export const timeWindowLabels: Record<TimeWindow, string> = {
  night: "Night (00:00–05:59)",
  morning: "Morning (06:00–11:59)",
  afternoon: "Afternoon (12:00–17:59)",
  evening: "Evening (18:00–23:59)",
};

export function timeWindowOf(time: string): TimeWindow {
  const hour = Number(time.slice(0, 2));
  if (hour < 6) return "night";
  if (hour < 12) return "morning";
  if (hour < 18) return "afternoon";
  return "evening";
}

export const travellerSchema = z.object({
  applicationId: z.uuid(),
  name: z.string(),
  people: z.number().int(),
  flightNumber: z.string().nullable(),
  /** Departure and arrival airports of this flight. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** "14:30" on the local clock; null when only the day is known. */
  time: z.string().nullable(),
  airportPickup: z.boolean(),
  /** "new" (first sent) or "updated" (sent again) within recentChangeDays; null otherwise. */
  recentChange: z.enum(["new", "updated"]).nullable(),
  changedAt: z.string(),
});
export type Traveller = z.infer<typeof travellerSchema>;

export const travelGroupSchema = z.object({
  /** "2030-05-01"; null for flights without a date. */
  day: z.string().nullable(),
  window: z.enum(timeWindows).nullable(),
  travellers: z.array(travellerSchema),
});
export type TravelGroup = z.infer<typeof travelGroupSchema>;

/** "Sunday 10 May 2030 · Afternoon (12:00–17:59)", "Sunday 10 May 2030 · Time not given", "Date not given". */
export function travelGroupHeading(group: Pick<TravelGroup, "day" | "window">): string {
  if (!group.day) return "Date not given";
  return `${formatDayHeading(group.day)} · ${group.window ? timeWindowLabels[group.window] : "Time not given"}`;
}

export const recentChangeLabels = { new: "New", updated: "Updated" } as const;

export const arrivalsReportSchema = z.object({
  ...reportHead,
  recentChangeDays: z.number().int(),
  /** By the outbound flight's arrival, earliest first. */
  arrivals: z.array(travelGroupSchema),
  /** By the return flight's departure, earliest first. */
  departures: z.array(travelGroupSchema),
  /** Bookings with a place and no travel form yet. */
  withoutTravelForm: z.array(z.object({ applicationId: z.uuid(), name: z.string(), people: z.number().int() })),
  /** People to collect at the airport on arrival. */
  pickupPeople: z.number().int(),
});
export type ArrivalsReport = z.infer<typeof arrivalsReportSchema>;

// ---------------------------------------------------------------------------------------------
// Rooming
// ---------------------------------------------------------------------------------------------

export const roomingBedSchema = z.object({
  bed: z.number().int(),
  /** The person in the bed, or null when it is free. */
  guest: z.string().nullable(),
  applicationId: z.uuid().nullable(),
  /** false when staff put the booking in the room without choosing its bed: it is shown in the first free one. */
  bedChosen: z.boolean(),
});

export const roomingRoomSchema = z.object({
  roomId: z.uuid(),
  name: z.string(),
  type: z.string().nullable(),
  capacity: z.number().int(),
  beds: z.array(roomingBedSchema),
});
export type RoomingRoom = z.infer<typeof roomingRoomSchema>;

/**
 * A bed's guest as the list prints it: "(bed not chosen)" marks a booking put in a room without a
 * bed only where other beds of the room were chosen; a room where none were gets one note instead.
 */
export function bedGuestLabel(room: RoomingRoom, bed: RoomingRoom["beds"][number]): string {
  if (!bed.guest) return "Free";
  const someChosen = room.beds.some((b) => b.guest && b.bedChosen);
  return bed.bedChosen || !someChosen ? bed.guest : `${bed.guest} (bed not chosen)`;
}

/** "Beds not chosen yet" for a room with guests and no chosen bed; null otherwise. */
export function roomBedsNote(room: RoomingRoom): string | null {
  const taken = room.beds.filter((b) => b.guest);
  return taken.length > 0 && taken.every((b) => !b.bedChosen) ? "Beds not chosen yet" : null;
}

export const roomingReportSchema = z.object({
  ...reportHead,
  rooms: z.array(roomingRoomSchema),
  /** Bookings with a place and no room yet. */
  unassigned: z.array(z.object({ applicationId: z.uuid(), name: z.string(), people: z.number().int() })),
  counts: z.object({ beds: z.number().int(), taken: z.number().int(), unassignedPeople: z.number().int() }),
});
export type RoomingReport = z.infer<typeof roomingReportSchema>;

// ---------------------------------------------------------------------------------------------
// The kitchen list given to a vendor
// ---------------------------------------------------------------------------------------------

export const kitchenGrantNotFoundMessage = "This list has not been shared with you.";
export const grantNotFoundMessage = "Grant not found.";
export const alreadyGrantedMessage = "This vendor already has the kitchen list of this retreat.";
export const vendorNotFoundMessage = "Vendor not found.";
export const vendorInactiveGrantMessage = "This vendor is inactive. Reactivate it before sharing a list with it.";

export const kitchenGrantSchema = z.object({
  id: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  /** Whether the vendor has a portal login to read the list with. */
  vendorCanSignIn: z.boolean(),
  retreatId: z.uuid(),
  grantedAt: z.string(),
  grantedBy: z.string().nullable(),
});
export type KitchenGrant = z.infer<typeof kitchenGrantSchema>;

export const kitchenGrantListQuerySchema = z.strictObject({ retreatId: retreatId.optional() });
export const kitchenGrantListSchema = z.object({ items: z.array(kitchenGrantSchema) });
export type KitchenGrantList = z.infer<typeof kitchenGrantListSchema>;

/** POST /api/admin/reports/kitchen/grants. */
export const kitchenGrantInputSchema = z.strictObject({
  vendorId: z.uuid("Please choose a vendor."),
  retreatId: retreatId.optional(),
});
export type KitchenGrantInput = z.input<typeof kitchenGrantInputSchema>;
export const grantIdParamsSchema = z.object({ id: z.uuid("Grant id must be a uuid.") });

/** GET /api/vendor/lists: what the signed-in vendor has been given. */
export const vendorListsSchema = z.object({
  items: z.array(
    z.object({ list: z.literal("kitchen"), retreatId: z.uuid(), retreatName: z.string(), grantedAt: z.string() }),
  ),
});
export type VendorLists = z.infer<typeof vendorListsSchema>;
