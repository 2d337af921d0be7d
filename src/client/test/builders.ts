import type { AdminApplication } from "../../shared/schemas/applications-admin";
import type { GuestMe } from "../../shared/schemas/guests";
import type { BookingType, CurrentRetreat } from "../../shared/schemas/retreats";
import type { ScheduleRetreat, Session } from "../../shared/schemas/schedule";
import type { PublicSite, PublicSiteContent } from "../../shared/schemas/site-content";
import type { VendorDto } from "../../shared/schemas/vendors";

/**
 * Sample API bodies for component tests: each builder gives a complete DTO with plain defaults, and
 * a test overrides only the fields it reads.
 */

/** The retreat the schedule, vendor and guest screens show: Bali 2026, on Bali time. */
export const sampleRetreat = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Bali 2026",
  startDate: "2026-05-10",
  endDate: "2026-05-19",
  location: "Bali, Indonesia",
  timeZone: "Asia/Makassar",
} satisfies ScheduleRetreat;

/** A session of `sampleRetreat`; the fields a test does not give are empty (no description, public). */
export function retreatSession(fields: Partial<Session> & Pick<Session, "id" | "title">): Session {
  return {
    retreatId: sampleRetreat.id,
    description: null,
    date: "2026-05-10",
    startTime: "2026-05-10T01:00:00.000Z",
    endTime: "2026-05-10T02:00:00.000Z",
    localStartTime: "09:00",
    localEndTime: "10:00",
    location: null,
    type: "workshop",
    isPublic: true,
    ...fields,
  };
}

/** An application as the admin API returns it: an individual application with only the required answers. */
export function adminApplication(overrides: Partial<AdminApplication> = {}): AdminApplication {
  return {
    id: crypto.randomUUID(),
    retreatId: null,
    applicationType: "individual",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: null,
    city: null,
    country: null,
    stage: "new",
    score: 0,
    submittedAt: "2026-01-03T10:00:00.000Z",
    motivations: null,
    advocacyInvolvement: null,
    roomPreference: null,
    internalNotes: null,
    interviewNotes: null,
    instagramHandle: null,
    linkedinUrl: null,
    websiteUrl: null,
    partnerFirstName: null,
    partnerLastName: null,
    partnerEmail: null,
    partnerPhone: null,
    partnerCity: null,
    partnerCountry: null,
    wantsVipUpgrade: false,
    additionalInfo: null,
    dietaryNotes: null,
    keepOnPriorityList: false,
    ...overrides,
  };
}

/** A vendor record: active, no contact details or linked user, contract pending. */
export function vendorDto(overrides: Partial<VendorDto> & Pick<VendorDto, "id" | "name">): VendorDto {
  return {
    type: null,
    email: null,
    phone: null,
    services: [],
    userId: null,
    notes: null,
    isActive: true,
    contractStatus: "pending",
    ...overrides,
  };
}

/** What GET /api/guest/me says of Ana, a guest of `sampleRetreat` with no room, notes or payments yet. */
export function guestMe(overrides: Partial<GuestMe> = {}): GuestMe {
  return {
    firstName: "Ana",
    applicationId: "00000000-0000-4000-8000-0000000000ff",
    retreat: sampleRetreat,
    room: null,
    dietaryNotes: null,
    travelForm: {
      submitted: false,
      status: null,
      submittedAt: null,
      url: "/travel-form/00000000-0000-4000-8000-0000000000ff",
    },
    paymentsDue: [],
    ...overrides,
  };
}

/** A booking type of the current retreat: Solo at £1,997 with a £500 deposit, for one person. */
export function bookingType(overrides: Partial<BookingType> = {}): BookingType {
  return {
    id: crypto.randomUUID(),
    name: "solo",
    displayName: "Solo",
    description: null,
    basePrice: "1997.00",
    depositAmount: "500.00",
    currency: "GBP",
    maxOccupancy: 1,
    isAddon: false,
    features: [],
    ...overrides,
  };
}

/** What GET /api/current-retreat says of the open retreat (undated, 15 places, in pounds). */
export function currentRetreat(overrides: Partial<CurrentRetreat> = {}): CurrentRetreat {
  return {
    id: crypto.randomUUID(),
    name: "Bali Vegan Activism Retreat 2026",
    description: null,
    startDate: null,
    endDate: null,
    capacity: 15,
    location: "Bali, Indonesia",
    currency: "GBP",
    bookingTypes: [],
    ...overrides,
  };
}

/** What GET /api/site-content says: a short published site for the first season (spec texts where tests read them). */
export function publicSite(content: Partial<PublicSiteContent> = {}, overrides: Partial<PublicSite> = {}): PublicSite {
  return {
    retreatId: null,
    seasonYear: 2026,
    content: {
      hero: { eyebrow: "By application only", title: "Bali Vegan Activism Retreat 2026", lead: "Ten days in Bali." },
      about: {
        eyebrow: "Why Bali",
        title: "An island that makes compassion feel easy",
        bodyHtml: "<p>About Bali.</p>",
      },
      included: [{ icon: "house", title: "A private luxury villa", text: "Ten nights in one villa." }],
      schedule: [
        { title: "Soft Landing", description: "Early arrivals settle in." },
        { title: "Arrival Window", description: "Everyone arrives." },
      ],
      dates: { label: "May 2026", detail: "Exact dates to be announced" },
      audience: [{ title: "Solo travellers", text: "Most guests come alone." }],
      faq: [{ question: "Can I come on my own?", answerHtml: "<p>Absolutely.</p>" }],
      team: [
        {
          name: "Maya Lindqvist",
          role: "Founder & Host",
          location: "London & Bali",
          bioHtml: "<p>Maya runs campaigns.</p>",
          portrait: "team-founder",
        },
      ],
      contact: { email: "hello@baliveganretreat.example", social: [] },
      notice: { show: true, text: "This website is still in early development." },
      ...content,
    },
    ...overrides,
  };
}
