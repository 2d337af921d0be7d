/**
 * Business constants from the spec, in one place. Prices here only seed the database; every
 * price shown to a user is read from the booking_types table.
 */
export const currency = "GBP" as const;

/**
 * The organisers' office clock (the spec keeps interviews in London): interview slots, payment
 * due dates and reminders, the books, and back-office timestamps such as sign-ins and the audit
 * trail. A retreat's own programme is shown in the retreat's time zone instead.
 */
export const businessTimeZone = "Europe/London";
export const currencies = ["GBP", "EUR"] as const;

/**
 * The organisers' name on every public page (header, footer, tab titles): it does not change with
 * the season, unlike the retreat's name, which the landing page takes from the season it shows.
 */
export const brandName = "Bali Vegan Retreat";

export const retreatDefaults = {
  name: "Bali Vegan Activism Retreat 2026",
  description:
    "A ten-day vegan activism retreat in Bali, May 2026 (exact dates to be announced): community, advocacy training and luxury villa living for at most 15 guests.",
  capacity: 15,
  location: "Bali, Indonesia",
  currency,
} as const;

export const depositAmountPounds = "500.00";

export const seedBookingTypes = [
  {
    name: "solo",
    displayName: "Solo",
    description: "Your own bed in a shared villa room.",
    basePrice: "1997.00",
    maxOccupancy: 1,
    isAddon: false,
    priority: 1,
    features: ["Own bed", "All meals (plant-based)", "Workshops and excursions", "Airport pickup"],
  },
  {
    name: "couple",
    displayName: "Couple (per person)",
    description: "Couples rate per person, sharing a bed.",
    basePrice: "1897.00",
    maxOccupancy: 2,
    isAddon: false,
    priority: 2,
    features: ["Shared bed for two", "All meals (plant-based)", "Workshops and excursions", "Airport pickup"],
  },
  {
    name: "vip",
    displayName: "VIP Ultimate",
    description: "Add-on to either rate, worth £1,300+.",
    basePrice: "600.00",
    maxOccupancy: 1,
    isAddon: true,
    priority: 3,
    features: [
      "60-minute 1:1 strategy session",
      "Wellness package with unlimited massages",
      "Sponsor-an-animal certificate",
      "Printed photo album",
      "3-5 minute personal highlight video",
      "Scooter and helmet rental",
    ],
  },
] as const;

export { type ApplicationStage, applicationStages } from "./application-stages";

export const roles = ["owner", "staff", "vendor", "guest"] as const;
export type Role = (typeof roles)[number];

export const subscriberSegments = ["waitlist", "applicant", "approved", "rejected"] as const;
export const subscriberSources = ["waitlist_form", "application_form", "admin_upload"] as const;
