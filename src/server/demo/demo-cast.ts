/**
 * Who the demo is about: the people, places and texts the service-based demo seeder
 * (seed-demo-services.ts) feeds into the product. Only content lives here; every rule (prices,
 * capacity, stages, plans, reminders) stays with the services that apply it.
 */

/** A demo sign-in: fixed passwords are fine because the data is for demonstrations only. */
export type DemoSignIn = {
  role: "owner" | "staff" | "vendor" | "guest";
  email: string;
  password: string;
  firstName: string;
  lastName: string;
};

export const demoSignIns = {
  owner: {
    role: "owner",
    email: "demo-owner@example.com",
    password: "retreat-demo-owner",
    firstName: "Maya",
    lastName: "Hartley",
  },
  staff: {
    role: "staff",
    email: "demo-staff@example.com",
    password: "retreat-demo-staff",
    firstName: "Sam",
    lastName: "Okafor",
  },
  vendor: {
    role: "vendor",
    email: "demo-vendor@example.com",
    password: "retreat-demo-vendor",
    firstName: "Wayan",
    lastName: "Sudarma",
  },
  guest: {
    role: "guest",
    email: "demo-guest@example.com",
    password: "retreat-demo-guest",
    firstName: "Isla",
    lastName: "Morgan",
  },
} as const satisfies Record<string, DemoSignIn>;

/**
 * What happens to an application after it is submitted:
 * - guest: accepted, pays its deposit, gets a room, a travel form and a guest portal account;
 * - accepted / accepted-partial / accepted-unpaid: accepted after a past interview, then the
 *   deposit paid, part of it paid by bank transfer, or nothing paid yet;
 * - payment: accepted, deposit and first instalment paid, moved on to the payment stage;
 * - cancelled-paid / cancelled-unpaid: accepted, then the booking cancelled (with or without a refund);
 * - interview-waitlist / interview-declined: interviewed in the past, then waitlisted or declined;
 * - upcoming: an interview booked in the coming days; upcoming-cancelled: booked, then cancelled;
 * - screening, screening-waitlist, new, new-declined: never interviewed.
 */
export type Fate =
  | "guest"
  | "accepted"
  | "accepted-partial"
  | "accepted-unpaid"
  | "payment"
  | "cancelled-paid"
  | "cancelled-unpaid"
  | "interview-waitlist"
  | "interview-declined"
  | "upcoming"
  | "upcoming-cancelled"
  | "screening"
  | "screening-waitlist"
  | "new"
  | "new-declined";

export type CastEntry = { fate: Fate; couple?: boolean; vip?: boolean };

/**
 * The demo's applications in submission order (oldest first, roughly). 15 people are accepted
 * (two couples count two each) on a retreat of 15; two bookings are then cancelled, so 13 places
 * stay held and the two freed ones are offered to the waitlist by the product itself.
 */
export const demoCast: readonly CastEntry[] = [
  { fate: "guest" },
  { fate: "accepted", vip: true },
  { fate: "payment" },
  { fate: "interview-declined" },
  { fate: "accepted", couple: true },
  { fate: "cancelled-paid" },
  { fate: "interview-waitlist" },
  { fate: "payment", vip: true },
  { fate: "accepted-partial" },
  { fate: "interview-waitlist" },
  { fate: "accepted-unpaid", couple: true },
  { fate: "cancelled-unpaid" },
  { fate: "interview-declined" },
  { fate: "accepted" },
  { fate: "accepted-unpaid" },
  { fate: "interview-waitlist", couple: true },
  { fate: "accepted-unpaid" },
  { fate: "accepted" },
  { fate: "new-declined" },
  { fate: "screening-waitlist" },
  { fate: "new-declined" },
  { fate: "upcoming" },
  { fate: "upcoming", couple: true },
  { fate: "upcoming-cancelled" },
  { fate: "upcoming" },
  { fate: "screening-waitlist" },
  { fate: "upcoming" },
  { fate: "upcoming" },
  { fate: "screening" },
  { fate: "screening", couple: true },
  { fate: "new-declined" },
  { fate: "screening" },
  { fate: "screening" },
  { fate: "screening" },
  { fate: "new" },
  { fate: "new" },
  { fate: "new", couple: true },
  { fate: "new" },
  { fate: "new" },
  { fate: "new" },
  { fate: "new" },
  { fate: "new" },
];

/** Applications beyond the cast (--applications) cycle through the fates that hold no place. */
export const extraFates: readonly Fate[] = ["new", "screening", "screening-waitlist", "new-declined", "new"];

/** Days before today an application of this fate was submitted (a range; the PRNG picks within it). */
export const submittedDaysAgo: Record<Fate, readonly [number, number]> = {
  // The oldest, so the demo guest is interviewed and accepted first, whatever room is left.
  guest: [112, 120],
  accepted: [80, 110],
  "accepted-partial": [80, 100],
  "accepted-unpaid": [70, 95],
  payment: [90, 110],
  "cancelled-paid": [85, 105],
  "cancelled-unpaid": [75, 95],
  "interview-waitlist": [70, 100],
  "interview-declined": [75, 105],
  upcoming: [12, 30],
  "upcoming-cancelled": [15, 30],
  screening: [5, 20],
  "screening-waitlist": [30, 60],
  new: [0, 9],
  "new-declined": [25, 60],
};

export const firstNames = [
  "Amelia",
  "Oliver",
  "Freya",
  "Noah",
  "Leo",
  "Maya",
  "Arjun",
  "Sofia",
  "Lucas",
  "Chloe",
  "Mateo",
  "Hannah",
  "Kai",
  "Zoë",
  "Finn",
  "Aisha",
  "Jonas",
  "Priya",
  "Elias",
  "Lena",
  "Tomás",
  "Emma",
  "Ravi",
  "Nora",
  "Theo",
  "Inês",
  "Samuel",
  "Yuki",
  "Grace",
  "Marco",
  "Ella",
  "Daniel",
  "Lucía",
  "Ethan",
  "Saoirse",
  "Omar",
  "Anika",
  "Felix",
  "Ruby",
] as const;

export const lastNames = [
  "Smith",
  "Jones",
  "Patel",
  "Williams",
  "Brown",
  "Taylor",
  "Müller",
  "García",
  "Rossi",
  "Silva",
  "Nguyen",
  "Kowalski",
  "O'Brien",
  "Murphy",
  "Schmidt",
  "Jansen",
  "Dubois",
  "Andersson",
  "Cohen",
  "Khan",
  "Singh",
  "Tanaka",
  "Walker",
  "Wright",
  "Evans",
  "Hughes",
  "Clarke",
  "Ahmed",
  "Okafor",
  "Mensah",
  "Costa",
  "Byrne",
] as const;

/** [city, country, dialling code]. */
export const homeTowns = [
  ["London", "United Kingdom", "+44"],
  ["Manchester", "United Kingdom", "+44"],
  ["Bristol", "United Kingdom", "+44"],
  ["Brighton", "United Kingdom", "+44"],
  ["Edinburgh", "United Kingdom", "+44"],
  ["Dublin", "Ireland", "+353"],
  ["Berlin", "Germany", "+49"],
  ["Amsterdam", "Netherlands", "+31"],
  ["Paris", "France", "+33"],
  ["Barcelona", "Spain", "+34"],
  ["Lisbon", "Portugal", "+351"],
  ["Stockholm", "Sweden", "+46"],
  ["Melbourne", "Australia", "+61"],
  ["Auckland", "New Zealand", "+64"],
  ["Singapore", "Singapore", "+65"],
  ["Toronto", "Canada", "+1"],
  ["Portland", "United States", "+1"],
] as const;

export const motivationOpeners = [
  "I have been vegan for {years} years and I want to turn that commitment into more effective advocacy.",
  "After volunteering at a farmed animal sanctuary last summer, I want to learn how to reach far more people.",
  "I run a small vegan food stall in {city} and would love to connect with activists from around the world.",
  "Our local animal rights group in {city} is growing quickly and I want to bring new outreach skills home.",
  "As a teacher I want to learn how to talk about animal rights calmly, kindly and persuasively.",
  "I have done street outreach for {years} years and I am starting to feel the burnout everyone warns about.",
  "I started a vegan meetup in {city} and it now has hundreds of members who want to do more.",
  "I work in marketing and want to use those skills for the animals instead of for fast fashion.",
] as const;

export const motivationClosers = [
  " The retreat feels like the right place to recharge and come back stronger.",
  " I am especially excited about the street outreach and social media workshops.",
  " Meeting like-minded people in Bali would mean a lot to me after a hard year of campaigning.",
  " I hope to leave with a clear, realistic plan for the next year of my advocacy.",
  " Learning from experienced activists in a supportive setting is exactly what I need right now.",
] as const;

export const advocacyItems = [
  "Monthly Cube of Truth outreach in {city} with our local chapter.",
  "Volunteer at a local animal sanctuary most weekends.",
  "Run a vegan recipe account with a few thousand followers.",
  "Organise vegan potlucks and documentary screenings every month.",
  "Leafleting and street stalls with our local group.",
  "Writing to my MP and local councillors about factory farming.",
  "Co-founded a student animal rights society at university.",
  "Translate outreach videos and subtitles for international groups.",
] as const;

export const dietaryOptions = [
  "Gluten-free",
  "No nuts (allergy)",
  "Soy intolerance",
  "Raw vegan where possible",
] as const;

export const subscriberTags = ["newsletter", "instagram", "outreach", "volunteer", "podcast", "returning"] as const;

/** The ten-day programme, day by day: [start, end, title, type, location, description]. */
export type ProgrammeSlot = readonly [
  start: string,
  end: string,
  title: string,
  type: "workshop" | "talk" | "meal" | "excursion" | "free_time" | "other",
  location: string,
  description: string,
];

const workshops = [
  ["Effective street outreach", "Conversations that change minds, with role play."],
  ["Social media for the animals", "Content that reaches beyond the vegan bubble."],
  ["Avoiding activist burnout", "Sustainable habits for the long haul."],
  ["Building a local group", "Recruiting, retaining and running meetings."],
  ["Talking to family and friends", "Kind, honest conversations at the dinner table."],
  ["Media and interviews", "Staying on message with journalists."],
  ["Campaign strategy", "Choosing targets and measuring wins."],
  ["Your next twelve months", "A personal advocacy plan to take home."],
] as const;

const afternoons: readonly (readonly [string, ProgrammeSlot[3], string, string])[] = [
  ["Sanctuary visit", "excursion", "Bali animal sanctuary", "Meet the residents and the carers."],
  ["Plant-based cooking class", "workshop", "Villa kitchen", "Balinese dishes with Green Spoon."],
  ["Free afternoon", "free_time", "Villa", "Pool, massage or a nap."],
  ["Rice terrace walk", "excursion", "Tegallalang", "A gentle two-hour walk."],
  ["Free afternoon", "free_time", "Villa", "Pool, massage or a nap."],
  ["Waterfall trip", "excursion", "Tibumana waterfall", "Swim and picnic."],
  ["Guest talk: sanctuary life", "talk", "Garden pavilion", "Q&A with a sanctuary founder."],
  ["Free afternoon", "free_time", "Villa", "Pack, rest, say goodbye to the pool."],
];

export function demoProgramme(): ProgrammeSlot[][] {
  const days: ProgrammeSlot[][] = [
    [
      ["14:00", "17:00", "Arrivals and check-in", "other", "Villa reception", "Airport pickups all afternoon."],
      [
        "18:00",
        "19:00",
        "Opening circle",
        "talk",
        "Garden pavilion",
        "Intentions, introductions and house agreements.",
      ],
      ["19:30", "21:30", "Welcome dinner", "meal", "Villa terrace", "A plant-based Balinese feast."],
    ],
  ];
  for (let d = 0; d < 8; d++) {
    const [title, description] = workshops[d]!;
    const [aTitle, aType, aLocation, aDescription] = afternoons[d]!;
    days.push([
      ["07:00", "08:15", "Morning yoga and meditation", "other", "Yoga shala", "All levels welcome."],
      ["10:00", "12:30", title, "workshop", "Garden pavilion", description],
      ["15:00", "17:30", aTitle, aType, aLocation, aDescription],
    ]);
  }
  days.push([
    ["09:00", "11:00", "Closing ceremony", "talk", "Garden pavilion", "Commitments, thanks and a group photo."],
    ["11:00", "14:00", "Departures", "other", "Villa", "Transfers to the airport."],
  ]);
  return days;
}
