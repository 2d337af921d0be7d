/**
 * Figures from the spec (section 9) that are not booking-type prices in the database. Amounts are
 * numbers, formatted by lib/money at render time; no component spells out a price itself.
 */
export const retreatFacts = {
  days: 10,
  nights: 9,
  /** Spec: at most 15 guests. Static sections quote this; live ones use the retreat's capacity. */
  capacity: 15,
  totalPeople: 18,
  villaRooms: "10-14",
  soloShare: "over 70%",
  priorityApplications: 8,
  reviewDays: "2-3",
  flightCostPounds: { min: 600, max: 1500 },
  premiumHotelPerNightPounds: 200,
  totalValueOverPounds: 4000,
  cancellation: { adminFeePounds: 200, fullRefundDays: 90, partialRefundDays: 30, partialRefundPercent: 50 },
  guaranteeHours: 48,
  packingChecklistWeeks: 8,
  paymentPlan: { instalments: 2, monthsBefore: [6, 3] },
} as const;

/**
 * Extra words for the VIP Ultimate items, matched by the feature text stored in the database.
 * Values are the spec's stated worth of each item.
 */
export const vipItemDetails: Record<string, { worthPounds?: number; detail: string }> = {
  "60-minute 1:1 strategy session": {
    worthPounds: 350,
    detail: "A private hour with the founder to plan your next campaign, career move or project.",
  },
  "Wellness package with unlimited massages": {
    worthPounds: 250,
    detail: "Balinese massages whenever you like during your stay, booked at the villa.",
  },
  "Sponsor-an-animal certificate": {
    worthPounds: 150,
    detail: "A year's sponsorship of a rescued animal at our partner sanctuary, in your name.",
  },
  "Printed photo album": { detail: "A hand-bound album of your ten days, posted to your home after the retreat." },
  "3-5 minute personal highlight video": { detail: "Your retreat, filmed and edited into a short keepsake film." },
  "Scooter and helmet rental": { detail: "Your own scooter and helmet for the whole stay, to explore at your pace." },
};
