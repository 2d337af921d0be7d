/**
 * Deterministic demo data for screenshots and benchmarks (`npm run seed:demo`).
 *
 * - Everything hangs off the active retreat created by seedBaseData.
 * - The same options give the same data: every value comes from a seeded PRNG and from fixed
 *   reference dates around demoReferenceDate, never from the clock. Ids are deterministic too
 *   (seed, table and row number encoded in a valid v4-shaped uuid), so URLs are reproducible.
 * - Applications and subscribers scale with the options; everything else is a fixed handful.
 * - Places are never oversold: people (a couple counts 2) in accepted + payment stay within the
 *   retreat's capacity; rows whose draw would overfill it go to the waitlist or are declined.
 * - The retreat gets the demo programme's dates when it has none (seedBaseData leaves them open).
 * - Each application (and subscriber) is built from its own PRNG seeded by (seed, row number),
 *   so rows can be rebuilt on demand (a subscriber linked to application i rebuilds it) without
 *   holding 100k rows in memory.
 * - All inserts run in one transaction. Applications and subscribers go in batches of 2,000 rows,
 *   each batch one INSERT ... SELECT FROM json_populate_recordset($1) (one parameter, so no limit
 *   of 65535 parameters and little per-value work; about twice as fast as the query builder on
 *   PGlite). The fixed handful uses the query builder. A row in `settings` marks the data; a
 *   second run skips.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  type ApplicationStage,
  applicationStages,
  retreatDefaults,
  subscriberSegments,
  subscriberSources,
} from "../../shared/constants";
import { placeHoldingStages } from "../../shared/schemas/payments";
import { type FieldCipher, fieldContext } from "../privacy/field-encryption";
import type { Db } from "./client";
import {
  applications,
  bookingTypes,
  budgetItems,
  emailCampaigns,
  emailMarketingTemplates,
  emailSubscribers,
  emailTemplates,
  expenses,
  interviews,
  jitsiRooms,
  type NewApplication,
  type NewEmailSubscriber,
  type NewExpense,
  type NewInterview,
  type NewJitsiRoom,
  type NewPayment,
  type NewPaymentPlan,
  type NewPaymentReminder,
  type NewRetreatSession,
  type NewTask,
  paymentPlans,
  paymentReminders,
  payments,
  retreatSessions,
  retreats,
  settings,
  tasks,
  vendors,
} from "./schema";
import { seedBaseData } from "./seed";

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** "Now" for the demo data: submissions lie before it, scheduled interviews after it. */
export const demoReferenceDate = new Date("2026-01-01T00:00:00.000Z");
/** The settings key whose row marks a database that already holds demo data. */
export const demoMarkerKey = "demo_data";
export const demoDefaultSeed = 2026;
/** First day of the ten-day retreat programme used for sessions (the retreat is "May 2026"). */
export const demoRetreatFirstDay = "2026-05-10";

export type SeedDemoProgress = { table: string; done: number; total: number };

export type SeedDemoOptions = {
  applications: number;
  subscribers: number;
  /** PRNG seed, an integer 0..2^32-1 (default demoDefaultSeed). */
  seed?: number;
  /** Called after every batch of the large tables (the CLI prints progress with it). */
  onProgress?: (progress: SeedDemoProgress) => void;
  /**
   * Encrypts medical notes as the app does (the CLI passes the configured key). Without it they
   * are written plain, and the server's next start encrypts them (privacy/encrypt-plaintext.ts).
   */
  cipher?: FieldCipher;
};

export type SeedDemoCounts = {
  applications: number;
  emailSubscribers: number;
  vendors: number;
  budgetItems: number;
  expenses: number;
  tasks: number;
  retreatSessions: number;
  interviews: number;
  jitsiRooms: number;
  paymentPlans: number;
  payments: number;
  paymentReminders: number;
  emailTemplates: number;
  emailMarketingTemplates: number;
  emailCampaigns: number;
};

export type SeedDemoSummary = {
  /** True when demo data was already present and nothing was inserted. */
  skipped: boolean;
  message: string;
  retreatId: string;
  seed: number;
  /** Rows inserted per table (all zero when skipped). */
  counts: SeedDemoCounts;
};

export const maxDemoRows = 1_000_000;

export async function seedDemoData(db: Db, options: SeedDemoOptions): Promise<SeedDemoSummary> {
  const seed = options.seed ?? demoDefaultSeed;
  for (const [name, value] of [
    ["applications", options.applications],
    ["subscribers", options.subscribers],
  ] as const) {
    if (!Number.isInteger(value) || value < 0 || value > maxDemoRows) {
      throw new RangeError(`${name} must be an integer from 0 to ${maxDemoRows}, got ${value}`);
    }
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`seed must be an integer from 0 to ${0xffffffff}, got ${seed}`);
  }

  await seedBaseData(db);
  const counts = emptyCounts();

  const result = await db.transaction(async (tx) => {
    // Two runs at once on PostgreSQL: the second waits here, then sees the marker and skips.
    await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
    const retreat = await findActiveRetreat(tx);
    if (await demoDataPresent(tx)) {
      return { skipped: true, retreatId: retreat.id };
    }
    const types = await tx
      .select({ id: bookingTypes.id, name: bookingTypes.name })
      .from(bookingTypes)
      .where(eq(bookingTypes.retreatId, retreat.id));
    const typeId = (name: string) => types.find((t) => t.name === name)?.id ?? null;
    await giveRetreatDates(tx, retreat);
    const base = { seed, retreatId: retreat.id, soloTypeId: typeId("solo"), coupleTypeId: typeId("couple") };
    const room = Math.max(0, retreat.capacity - (await peopleHoldingPlaces(tx, retreat.id)));
    const ctx: Ctx = { ...base, placed: placeWithinCapacity(base, options.applications, room) };
    await seedDemoRows(tx, ctx, options, counts);
    await tx.insert(settings).values({
      key: demoMarkerKey,
      value: JSON.stringify({ seed, applications: options.applications, subscribers: options.subscribers }),
      type: "json",
      category: "demo",
      description: "Set by `npm run seed:demo`: this database holds generated demo data.",
    });
    return { skipped: false, retreatId: retreat.id };
  });

  if (result.skipped) {
    return {
      skipped: true,
      message: "Demo data already present; nothing was added.",
      retreatId: result.retreatId,
      seed,
      counts,
    };
  }
  // Fresh statistics so the first benchmark queries get sensible plans (PGlite has no autovacuum).
  await db.execute(sql`analyze applications, email_subscribers`);
  return { skipped: false, message: "Demo data added.", retreatId: result.retreatId, seed, counts };
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes integers into one 32-bit seed (murmur3 finaliser per step). */
function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h ^= part >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
}

/** Table codes for deterministic ids. */
const idSpace = {
  application: 0x0a01,
  subscriber: 0x0a02,
  vendor: 0x0a03,
  budgetItem: 0x0a04,
  expense: 0x0a05,
  task: 0x0a06,
  session: 0x0a07,
  interview: 0x0a08,
  jitsiRoom: 0x0a09,
  paymentPlan: 0x0a0a,
  payment: 0x0a0b,
  paymentReminder: 0x0a0c,
  emailTemplate: 0x0a0d,
  marketingTemplate: 0x0a0e,
  campaign: 0x0a0f,
} as const;

/** A valid (version 4, variant 8) uuid made of the seed, a table code and the row number. */
function demoId(seed: number, space: number, n: number): string {
  const hex = (value: number, width: number) => value.toString(16).padStart(width, "0");
  return `${hex(seed >>> 0, 8)}-${hex(space, 4)}-4000-8000-${hex(n, 12)}`;
}

// ---------------------------------------------------------------------------------------------
// Dates and money
// ---------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const MINUTE = 60_000;
const ref = demoReferenceDate.getTime();
const applicationsOpen = Date.parse("2025-03-01T00:00:00.000Z");

const at = (ms: number) => new Date(ms);
const daysFromRef = (days: number) => new Date(ref + days * DAY);
/** "YYYY-MM-DD" of an instant (UTC). */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A time on a retreat day in Bali (UTC+8, no daylight saving). */
const baliTime = (dayIndex: number, hhmm: string) =>
  new Date(Date.parse(`${demoRetreatFirstDay}T${hhmm}:00+08:00`) + dayIndex * DAY);
/** Integer pence to a decimal string: 50000 -> "500.00". */
const money = (pence: number) => (pence / 100).toFixed(2);

// ---------------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------------

const firstNames = [
  "Amelia",
  "Oliver",
  "Isla",
  "Noah",
  "Freya",
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

const lastNames = [
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
  "Thomas",
  "Roberts",
  "Martins",
  "Fernández",
  "Moreau",
  "Novak",
  "Hughes",
  "Clarke",
  "Lewis",
  "Hall",
  "Ahmed",
  "Okafor",
  "Mensah",
  "Costa",
  "Byrne",
] as const;

/** [city, country, dialling code, weight]: a UK-based retreat draws mostly from the UK and Europe. */
const places = [
  ["London", "United Kingdom", "+44", 14],
  ["Manchester", "United Kingdom", "+44", 5],
  ["Bristol", "United Kingdom", "+44", 4],
  ["Brighton", "United Kingdom", "+44", 4],
  ["Edinburgh", "United Kingdom", "+44", 3],
  ["Dublin", "Ireland", "+353", 3],
  ["Berlin", "Germany", "+49", 5],
  ["Hamburg", "Germany", "+49", 2],
  ["Amsterdam", "Netherlands", "+31", 4],
  ["Paris", "France", "+33", 3],
  ["Barcelona", "Spain", "+34", 3],
  ["Lisbon", "Portugal", "+351", 2],
  ["Milan", "Italy", "+39", 2],
  ["Stockholm", "Sweden", "+46", 2],
  ["Copenhagen", "Denmark", "+45", 2],
  ["Zürich", "Switzerland", "+41", 1],
  ["Tel Aviv", "Israel", "+972", 2],
  ["Cape Town", "South Africa", "+27", 1],
  ["Melbourne", "Australia", "+61", 4],
  ["Sydney", "Australia", "+61", 3],
  ["Auckland", "New Zealand", "+64", 2],
  ["Singapore", "Singapore", "+65", 2],
  ["Denpasar", "Indonesia", "+62", 1],
  ["Bengaluru", "India", "+91", 1],
  ["Tokyo", "Japan", "+81", 1],
  ["Toronto", "Canada", "+1", 2],
  ["Vancouver", "Canada", "+1", 2],
  ["Portland", "United States", "+1", 2],
  ["Los Angeles", "United States", "+1", 3],
  ["Austin", "United States", "+1", 1],
  ["Mexico City", "Mexico", "+52", 1],
  ["São Paulo", "Brazil", "+55", 1],
] as const;
const placeWeights = places.map((place) => [place, place[3]] as const);

const motivationOpeners = [
  "I have been vegan for {years} years and I want to turn that commitment into more effective advocacy.",
  "After volunteering at a farmed animal sanctuary last summer, I want to learn how to reach far more people.",
  "I run a small vegan food stall in {city} and would love to connect with activists from around the world.",
  "I went vegan {years} years ago after watching Dominion, and I finally feel ready to step up my activism.",
  "Our local animal rights group in {city} is growing quickly and I want to bring new outreach skills home.",
  "As a teacher I want to learn how to talk about animal rights calmly, kindly and persuasively.",
  "I have done street outreach for {years} years and I am starting to feel the burnout everyone warns about.",
  "I am a nurse and I want to understand how to connect animal rights with health conversations.",
  "I started a vegan meetup in {city} during lockdown and it now has hundreds of members.",
  "I work in marketing and want to use those skills for the animals instead of for fast fashion.",
] as const;

const motivationClosers = [
  " The retreat feels like the right place to recharge and come back stronger.",
  " I am especially excited about the street outreach and social media workshops.",
  " Meeting like-minded people in Bali would mean a lot to me after a hard year of campaigning.",
  " I hope to leave with a clear, realistic plan for the next year of my advocacy.",
  " Learning from experienced activists in a supportive setting is exactly what I need right now.",
  " I would love to bring my partner's photography skills to the group as well.",
  " Ten days of community, good food and honest conversations sounds perfect.",
] as const;

const advocacyItems = [
  "Monthly Cube of Truth outreach in {city}.",
  "Volunteer at a local animal sanctuary most weekends.",
  "Run a vegan recipe Instagram account with about {followers}k followers.",
  "Organise vegan potlucks and documentary screenings.",
  "Leafleting and street stalls with our local group.",
  "Regular vigils outside a slaughterhouse near {city}.",
  "Writing to my MP and local councillors about factory farming.",
  "New to activism: mostly conversations with friends and family so far.",
  "Co-founded a student animal rights society at university.",
  "Translate outreach videos and subtitles for international groups.",
] as const;

const dietaryOptions = [
  "Gluten-free",
  "No nuts (allergy)",
  "Soy intolerance",
  "Raw vegan where possible",
  "No onion or garlic",
  "Low FODMAP",
] as const;
const medicalOptions = [
  "Asthma, carries an inhaler",
  "Type 1 diabetes, self-managed",
  "Mild anxiety, prefers a quiet room",
  "Hay fever in spring",
] as const;
const mobilityOptions = ["Knee injury, no long hikes", "Uses a walking stick on stairs"] as const;
const additionalInfoOptions = [
  "Arriving a day early from Singapore.",
  "Happy to help with photography during the week.",
  "Could I bring a yoga mat of my own?",
  "I may need a letter for my employer confirming the dates.",
  "First time travelling to Asia, any tips are welcome!",
] as const;
const internalNoteOptions = [
  "Strong candidate, great outreach record.",
  "Follow up about exact dates.",
  "Referred by a past guest.",
  "Asked about the VIP upgrade by email.",
  "Check references from local group organiser.",
] as const;
const interviewNoteOptions = [
  "Warm, thoughtful and clearly experienced in outreach.",
  "Great energy; a little unsure about the dates.",
  "Very motivated, wants to start a local group afterwards.",
  "Quiet at first but insightful answers about burnout.",
] as const;
const roomPreferences = ["Shared twin is fine", "Private room if available", "No preference", "Quiet room"] as const;

const positiveReasons = [
  "Active in local advocacy group",
  "Clear, specific motivation",
  "Strong social media presence",
  "Relevant professional skills",
  "Referred by a past guest",
] as const;
const negativeReasons = [
  "Limited advocacy experience",
  "Motivation is generic",
  "Dates may not work",
  "Incomplete application",
] as const;

/** Share of each stage among applications (sums to 100). */
const stageWeights: readonly (readonly [ApplicationStage, number])[] = [
  ["new", 24],
  ["screening", 18],
  ["interview", 10],
  ["accepted", 5],
  ["payment", 4],
  ["waitlist", 14],
  ["declined", 25],
];
const scoreRange: Record<ApplicationStage, readonly [number, number]> = {
  new: [20, 80],
  screening: [30, 85],
  interview: [55, 92],
  accepted: [70, 98],
  payment: [72, 100],
  waitlist: [50, 80],
  declined: [5, 55],
};

const subscriberTags = [
  "bali-2026",
  "vegan",
  "instagram",
  "newsletter",
  "volunteer",
  "outreach",
  "returning",
  "press",
] as const;
const referrers = ["instagram", "friend", "podcast", "google", "facebook", "youtube"] as const;
const unsubscribeReasons = [
  "Too many emails",
  "No longer interested",
  "Signed up by mistake",
  "Dates do not work for me",
] as const;

const slugs = new Map<string, string>();
/** "Zoë O'Brien" -> "zoe", "o-brien" (cached: the same few names recur on every row). */
function slug(name: string): string {
  let value = slugs.get(name);
  if (value === undefined) {
    value = name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z]+/g, "-")
      .replace(/^-|-$/g, "");
    slugs.set(name, value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Row builders
// ---------------------------------------------------------------------------------------------

type Ctx = {
  seed: number;
  retreatId: string;
  soloTypeId: string | null;
  coupleTypeId: string | null;
  /** Row numbers allowed to hold a place (accepted or payment); see placeWithinCapacity. */
  placed: ReadonlySet<number>;
};

type DemoApplication = NewApplication & {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  stage: ApplicationStage;
  submittedAt: Date;
  applicationType: "individual" | "couple";
  wantsVipUpgrade: boolean;
  consentMarketing: boolean;
};

const holdsPlace = (stage: ApplicationStage) => (placeHoldingStages as readonly string[]).includes(stage);

/**
 * The rows that keep a drawn accepted or payment stage: in row order, each while it still fits in
 * `room` people (a couple needs 2). The scan stops once the retreat is full, so it stays short
 * however many rows are asked for.
 */
function placeWithinCapacity(ctx: Omit<Ctx, "placed">, applicationCount: number, room: number): Set<number> {
  const placed = new Set<number>();
  let taken = 0;
  for (let i = 0; i < applicationCount && taken < room; i++) {
    const drawn = drawApplication(ctx, i);
    if (!holdsPlace(drawn.stage)) continue;
    const people = drawn.applicationType === "couple" ? 2 : 1;
    if (taken + people > room) continue;
    placed.add(i);
    taken += people;
  }
  return placed;
}

/**
 * Application number i, a pure function of (seed, i) and the placed set: a row drawn into
 * accepted or payment that did not get a place is waitlisted or declined instead.
 */
function makeApplication(ctx: Ctx, i: number): DemoApplication {
  const app = drawApplication(ctx, i);
  if (!holdsPlace(app.stage) || ctx.placed.has(i)) return app;
  const stage = new Rng(mix(ctx.seed, 0x0f10, i)).chance(0.7) ? "waitlist" : "declined";
  return { ...app, stage };
}

/** Application number i as drawn, before places are checked. */
function drawApplication(ctx: Omit<Ctx, "placed">, i: number): DemoApplication {
  const rng = new Rng(mix(ctx.seed, 0xa991, i));
  // The first rows cover every stage, so even small runs show the whole pipeline.
  const stage = i < applicationStages.length ? applicationStages[i]! : rng.weighted(stageWeights);
  const firstName = rng.pick(firstNames);
  const lastName = rng.pick(lastNames);
  const [city, country, dial] = rng.weighted(placeWeights);
  const couple = i === 1 || rng.chance(0.12);
  const phone = `${dial} ${rng.int(700, 799)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;
  const years = rng.int(2, 15);
  const fill = (text: string) =>
    text
      .replace("{years}", String(years))
      .replace("{city}", city)
      .replace("{followers}", String(rng.int(2, 40)));
  const motivations = fill(rng.pick(motivationOpeners)) + rng.pick(motivationClosers);
  const advocacyInvolvement = fill(rng.pick(advocacyItems));

  // New applications are recent; the rest spread from March 2025 to ten days before the reference.
  const submittedAt =
    stage === "new"
      ? ref - rng.float() * 45 * DAY
      : applicationsOpen + rng.float() ** 0.8 * (ref - 10 * DAY - applicationsOpen);
  const updatedAt = Math.min(ref, submittedAt + rng.float() * 30 * DAY);
  const [minScore, maxScore] = scoreRange[stage];
  const score = rng.int(minScore, maxScore);
  const reasons =
    score >= 60
      ? rng.sample(positiveReasons, rng.int(1, 3))
      : [...rng.sample(negativeReasons, rng.int(1, 2)), ...rng.sample(positiveReasons, rng.int(0, 1))];
  const interviewed = stage === "accepted" || stage === "payment" || stage === "declined" || stage === "waitlist";

  let partner: Partial<
    Pick<
      NewApplication,
      "partnerFirstName" | "partnerLastName" | "partnerEmail" | "partnerPhone" | "partnerCity" | "partnerCountry"
    >
  > = {};
  if (couple) {
    let partnerFirstName = rng.pick(firstNames);
    if (partnerFirstName === firstName)
      partnerFirstName = firstNames[(firstNames.indexOf(firstName) + 1) % firstNames.length]!;
    const partnerLastName = rng.chance(0.5) ? lastName : rng.pick(lastNames);
    partner = {
      partnerFirstName,
      partnerLastName,
      partnerEmail: `${slug(partnerFirstName)}.${slug(partnerLastName)}.${i}@example.com`,
      partnerPhone: `${dial} ${rng.int(700, 799)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
      partnerCity: city,
      partnerCountry: country,
    };
  }
  const handle = `${slug(firstName)}.${slug(lastName)}`.replace(/-/g, "");

  return {
    id: demoId(ctx.seed, idSpace.application, i),
    retreatId: ctx.retreatId,
    bookingTypeId: couple ? ctx.coupleTypeId : ctx.soloTypeId,
    applicationType: couple ? "couple" : "individual",
    firstName,
    lastName,
    email: `${slug(firstName)}.${slug(lastName)}.${i}@example.com`,
    phone,
    whatsapp: rng.chance(0.6) ? phone : null,
    city,
    country,
    ...partner,
    instagramHandle: rng.chance(0.55) ? `${handle}_${rng.pick(["vegan", "plants", "for.animals", "eats"])}` : null,
    linkedinUrl: rng.chance(0.25) ? `https://linkedin.example.com/in/${slug(firstName)}-${slug(lastName)}-${i}` : null,
    websiteUrl: rng.chance(0.15) ? `https://${handle}.example.org` : null,
    motivations,
    advocacyInvolvement,
    roomPreference: couple ? "Double bed together" : rng.pick(roomPreferences),
    wantsVipUpgrade: rng.chance(0.18),
    dietaryNotes: rng.chance(0.4) ? rng.pick(dietaryOptions) : null,
    medicalNotes: rng.chance(0.08) ? rng.pick(medicalOptions) : null,
    mobilityNotes: rng.chance(0.04) ? rng.pick(mobilityOptions) : null,
    additionalInfo: rng.chance(0.15) ? rng.pick(additionalInfoOptions) : null,
    stage,
    score,
    scoreReasons: reasons,
    interviewNotes: interviewed ? rng.pick(interviewNoteOptions) : null,
    internalNotes: rng.chance(0.2) ? rng.pick(internalNoteOptions) : null,
    consentGdpr: true,
    consentMarketing: rng.chance(0.6),
    submittedAt: at(submittedAt),
    createdAt: at(submittedAt),
    updatedAt: at(updatedAt),
  };
}

const applicationSegment: Record<ApplicationStage, (typeof subscriberSegments)[number]> = {
  new: "applicant",
  screening: "applicant",
  interview: "applicant",
  accepted: "approved",
  payment: "approved",
  waitlist: "waitlist",
  declined: "rejected",
};

/** Subscriber number i: linked to application i when that applicant opted in to marketing. */
function makeSubscriber(ctx: Ctx, i: number, applicationCount: number): NewEmailSubscriber & { status: string } {
  const rng = new Rng(mix(ctx.seed, 0x5ab5, i));
  const forced = i < subscriberSegments.length; // the first rows cover every segment and source
  const app = !forced && i < applicationCount ? makeApplication(ctx, i) : null;
  const linked = app?.consentMarketing ? app : null;

  let firstName: string;
  let lastName: string;
  let email: string;
  let segment: (typeof subscriberSegments)[number];
  let source: (typeof subscriberSources)[number];
  let subscribedAt: number;
  let metadata: Record<string, unknown>;
  if (linked) {
    firstName = linked.firstName;
    lastName = linked.lastName;
    email = linked.email;
    segment = applicationSegment[linked.stage];
    source = "application_form";
    subscribedAt = linked.submittedAt.getTime();
    metadata = { applicationStage: linked.stage };
  } else {
    firstName = rng.pick(firstNames);
    lastName = rng.pick(lastNames);
    email = `${slug(firstName)}.${slug(lastName)}.${i}@example.org`;
    segment = forced ? subscriberSegments[i]! : rng.weighted([["waitlist", 75] as const, ["applicant", 25] as const]);
    source = forced
      ? subscriberSources[i % subscriberSources.length]!
      : rng.weighted([["waitlist_form", 85] as const, ["admin_upload", 15] as const]);
    subscribedAt = Date.parse("2025-01-01T00:00:00.000Z") + rng.float() * (ref - Date.parse("2025-01-01T00:00:00Z"));
    metadata =
      source === "admin_upload"
        ? { uploadBatch: "2025-10 community list" }
        : { referrer: rng.pick(referrers), utmCampaign: "bali-2026" };
  }

  const unsubscribed = i === subscriberSegments.length || (!forced && rng.chance(0.07));
  const unsubscribedAt = unsubscribed ? subscribedAt + rng.float() * (ref - subscribedAt) : null;
  const lastEmailSent = !unsubscribed && rng.chance(0.7) ? subscribedAt + rng.float() * (ref - subscribedAt) : null;
  const fromForm = source !== "admin_upload";
  const tagCount = rng.weighted([
    [0, 35],
    [1, 35],
    [2, 20],
    [3, 10],
  ] as const);
  return {
    id: demoId(ctx.seed, idSpace.subscriber, i),
    email,
    firstName,
    lastName,
    status: unsubscribed ? "unsubscribed" : "active",
    segment,
    source,
    applicationId: linked?.id ?? null,
    tags: rng.sample(subscriberTags, tagCount),
    metadata,
    applicationEmails: !unsubscribed,
    marketingEmails: !unsubscribed && rng.chance(0.92),
    systemNotifications: !unsubscribed,
    globallyUnsubscribed: unsubscribed,
    preferencesUpdatedAt: unsubscribedAt === null ? null : at(unsubscribedAt),
    unsubscribeReason: unsubscribed ? rng.pick(unsubscribeReasons) : null,
    subscribedAt: at(subscribedAt),
    unsubscribedAt: unsubscribedAt === null ? null : at(unsubscribedAt),
    lastEmailSent: lastEmailSent === null ? null : at(lastEmailSent),
    consentIp: fromForm ? `${rng.pick(["203.0.113", "198.51.100", "192.0.2"])}.${rng.int(1, 254)}` : null,
    consentAt: fromForm ? at(subscribedAt) : null,
    createdAt: at(subscribedAt),
    updatedAt: at(unsubscribedAt ?? subscribedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Inserting
// ---------------------------------------------------------------------------------------------

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const emptyCounts = (): SeedDemoCounts => ({
  applications: 0,
  emailSubscribers: 0,
  vendors: 0,
  budgetItems: 0,
  expenses: 0,
  tasks: 0,
  retreatSessions: 0,
  interviews: 0,
  jitsiRooms: 0,
  paymentPlans: 0,
  payments: 0,
  paymentReminders: 0,
  emailTemplates: 0,
  emailMarketingTemplates: 0,
  emailCampaigns: 0,
});

/** Rows per bulk (JSON) INSERT for applications and subscribers, about 2 MB of JSON. */
const bulkBatchRows = 2000;

/** Rows per INSERT: as many as fit in ~60,000 parameters, at most 2,000. */
function batchSize(columnsPerRow: number): number {
  return Math.max(1, Math.min(2000, Math.floor(60_000 / columnsPerRow)));
}

async function insertRows<T extends Record<string, unknown>>(tx: Tx, table: PgTable, rows: T[]): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = Math.max(...rows.map((row) => Object.keys(row).length));
  const size = batchSize(columns);
  for (let start = 0; start < rows.length; start += size) {
    // biome-ignore lint/suspicious/noExplicitAny: rows are typed by their builders for the table given
    await tx.insert(table).values(rows.slice(start, start + size) as any);
  }
  return rows.length;
}

/**
 * Bulk insert for the large tables: one statement per batch whose only parameter is the batch
 * as JSON, expanded by json_populate_recordset into the table's row type. Far cheaper than one
 * bound parameter per value (no query-builder work per value, no parameter limit). Columns
 * absent from every row keep their defaults; a column given for some rows is NULL elsewhere.
 */
async function insertJsonBatch(tx: Tx, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`Unknown column ${key}`);
    return column.name;
  });
  // Dates become ISO strings through Date.prototype.toJSON; arrays and objects stay JSON.
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      keys.forEach((key, n) => {
        const value = row[key];
        if (value !== null && value !== undefined) out[names[n]!] = value;
      });
      return out;
    }),
  );
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json)`,
  );
}

type DemoRetreat = {
  id: string;
  name: string;
  capacity: number;
  startDate: string | null;
  endDate: string | null;
};

async function findActiveRetreat(tx: Tx): Promise<DemoRetreat> {
  const open = await tx
    .select({
      id: retreats.id,
      name: retreats.name,
      capacity: retreats.capacity,
      startDate: retreats.startDate,
      endDate: retreats.endDate,
    })
    .from(retreats)
    .where(eq(retreats.status, "open"))
    .orderBy(asc(retreats.createdAt));
  const retreat = open.find((r) => r.name === retreatDefaults.name) ?? open[0];
  if (!retreat) throw new Error("No open retreat found; demo data needs one (seedBaseData creates it).");
  return retreat;
}

/** People (a couple counts 2) already in accepted or payment before the demo rows go in. */
async function peopleHoldingPlaces(tx: Tx, retreatId: string): Promise<number> {
  const [row] = await tx
    .select({
      n: sql<number>`coalesce(sum(case when ${applications.applicationType} = 'couple' then 2 else 1 end), 0)::int`,
    })
    .from(applications)
    .where(and(eq(applications.retreatId, retreatId), inArray(applications.stage, [...placeHoldingStages])));
  return Number(row?.n ?? 0);
}

/**
 * Payment plans, refunds and the schedule need dates. A retreat without them gets the demo
 * programme's ten days; dates someone already chose are kept, and a lone date gets its partner.
 */
async function giveRetreatDates(tx: Tx, retreat: DemoRetreat): Promise<void> {
  if (retreat.startDate && retreat.endDate) return;
  const shift = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY);
  const startDate = retreat.startDate ?? (retreat.endDate ? shift(retreat.endDate, -9) : demoRetreatFirstDay);
  const endDate = retreat.endDate ?? shift(startDate, 9);
  await tx.update(retreats).set({ startDate, endDate }).where(eq(retreats.id, retreat.id));
}

/** The marker row, or (for data seeded before the marker existed) a demo-shaped address. */
async function demoDataPresent(tx: Tx): Promise<boolean> {
  const marker = await tx.select({ id: settings.id }).from(settings).where(eq(settings.key, demoMarkerKey)).limit(1);
  if (marker.length > 0) return true;
  const result = await tx.execute(
    sql`select 1 from applications where ${and(
      sql`${applications.id}::text like '%-0a01-4000-8000-%'`,
      sql`${applications.email} like '%@example.com'`,
    )} limit 1`,
  );
  return result.rows.length > 0;
}

async function seedDemoRows(tx: Tx, ctx: Ctx, options: SeedDemoOptions, counts: SeedDemoCounts): Promise<void> {
  const progress = options.onProgress ?? (() => {});

  // Applications, streamed in batches; remember a few of each stage for interviews and payments.
  const byStage = new Map<ApplicationStage, number[]>(applicationStages.map((stage) => [stage, []]));
  const appBatch = bulkBatchRows;
  for (let start = 0; start < options.applications; start += appBatch) {
    const rows: DemoApplication[] = [];
    for (let i = start; i < Math.min(options.applications, start + appBatch); i++) {
      const row = makeApplication(ctx, i);
      if (options.cipher && row.medicalNotes) {
        row.medicalNotes = options.cipher.encrypt(row.medicalNotes, fieldContext("application", "medicalNotes"));
      }
      const bucket = byStage.get(row.stage)!;
      if (bucket.length < 20) bucket.push(i);
      rows.push(row);
    }
    await insertJsonBatch(tx, applications, rows);
    counts.applications += rows.length;
    progress({ table: "applications", done: counts.applications, total: options.applications });
  }
  // Retention counts from the decline (privacy/retention.service.ts); demo rows were declined when last changed.
  await tx
    .update(applications)
    .set({ declinedAt: sql`${applications.updatedAt}` })
    .where(and(eq(applications.stage, "declined"), isNull(applications.declinedAt)));

  // Subscribers.
  let activeSubscribers = 0;
  const subBatch = bulkBatchRows;
  for (let start = 0; start < options.subscribers; start += subBatch) {
    const rows: NewEmailSubscriber[] = [];
    for (let i = start; i < Math.min(options.subscribers, start + subBatch); i++) {
      const row = makeSubscriber(ctx, i, options.applications);
      if (row.status === "active") activeSubscribers++;
      rows.push(row);
    }
    await insertJsonBatch(tx, emailSubscribers, rows);
    counts.emailSubscribers += rows.length;
    progress({ table: "email_subscribers", done: counts.emailSubscribers, total: options.subscribers });
  }

  const rng = new Rng(mix(ctx.seed, 0xf1ed));
  const vendorIds = await seedVendors(tx, ctx, counts);
  await seedFinance(tx, ctx, rng, vendorIds, counts);
  await seedTasks(tx, ctx, rng, counts);
  await seedSessions(tx, ctx, counts);
  const templateIds = await seedEmailContent(tx, ctx, activeSubscribers, counts);
  await seedInterviews(tx, ctx, rng, byStage, counts);
  await seedPayments(tx, ctx, byStage, templateIds.paymentReminder, counts);
  progress({ table: "fixed demo rows", done: 1, total: 1 });
}

// ---------------------------------------------------------------------------------------------
// The fixed handful: vendors, finance, tasks, sessions, email content, interviews, payments
// ---------------------------------------------------------------------------------------------

const expenseCategories = ["accommodation", "food", "transport", "activities", "staff", "utilities"] as const;
type ExpenseCategory = (typeof expenseCategories)[number];

async function seedVendors(tx: Tx, ctx: Ctx, counts: SeedDemoCounts): Promise<Record<ExpenseCategory, string | null>> {
  const list = [
    {
      name: "Ubud Jungle Villas",
      type: "accommodation",
      email: "reservations.ubudvillas@example.org",
      phone: "+62 361 555 0101",
      services: ["Villa rental", "Housekeeping", "Pool and garden"],
      rates: { nightly: "850.00", currency: "GBP" },
      contractStatus: "signed",
      contractSignedAt: daysFromRef(-75),
      notes: "Deposit of 30% paid; balance due 30 days before arrival.",
    },
    {
      name: "Green Spoon Plant Kitchen",
      type: "catering",
      email: "hello.greenspoon@example.org",
      phone: "+62 361 555 0144",
      services: ["Catering", "Private chef", "Cooking class"],
      rates: { perPersonPerDay: "38.00", currency: "GBP" },
      contractStatus: "signed",
      contractSignedAt: daysFromRef(-60),
      notes: "Fully plant-based; gluten-free options on request.",
    },
    {
      name: "Bali Island Transfers",
      type: "transport",
      email: "bookings.balitransfers@example.org",
      phone: "+62 812 555 0199",
      services: ["Airport transfers", "Excursion minibus"],
      rates: { perTrip: "45.00", currency: "GBP" },
      contractStatus: "pending",
      contractSignedAt: null,
      notes: "Waiting for the final arrival list.",
    },
    {
      name: "Sunrise Yoga Collective",
      type: "activities",
      email: "team.sunriseyoga@example.org",
      phone: "+62 813 555 0123",
      services: ["Yoga", "Meditation", "Breathwork"],
      rates: { perSession: "60.00", currency: "GBP" },
      contractStatus: "signed",
      contractSignedAt: daysFromRef(-40),
      notes: null,
    },
    {
      name: "Lens & Light Studio",
      type: "media",
      email: "studio.lensandlight@example.org",
      phone: "+44 20 7946 0321",
      services: ["Photography", "Highlight videos", "Printed albums"],
      rates: { perDay: "320.00", currency: "GBP" },
      contractStatus: "negotiating",
      contractSignedAt: null,
      notes: "Quote includes VIP highlight videos.",
    },
  ];
  const ids = list.map((_, n) => demoId(ctx.seed, idSpace.vendor, n));
  counts.vendors = await insertRows(
    tx,
    vendors,
    list.map((vendor, n) => ({ id: ids[n], ...vendor, isActive: true })),
  );
  return {
    accommodation: ids[0]!,
    food: ids[1]!,
    transport: ids[2]!,
    activities: ids[3]!,
    staff: ids[4]!,
    utilities: null,
  };
}

async function seedFinance(
  tx: Tx,
  ctx: Ctx,
  rng: Rng,
  vendorIds: Record<ExpenseCategory, string | null>,
  counts: SeedDemoCounts,
): Promise<void> {
  const retreatStart = demoRetreatFirstDay;
  const retreatEnd = isoDay(Date.parse(`${demoRetreatFirstDay}T00:00:00Z`) + 9 * DAY);
  const budget: Record<ExpenseCategory, { description: string; pence: number; items: string[] }> = {
    accommodation: {
      description: "Villa rental, ten nights",
      pence: 850_000,
      items: ["Villa deposit (30%)", "Extra night for early arrivals", "Housekeeping tips", "Villa balance"],
    },
    food: {
      description: "Plant-based catering",
      pence: 520_000,
      items: ["Catering deposit", "Welcome dinner", "Cooking class ingredients", "Fruit and snacks"],
    },
    transport: {
      description: "Airport transfers and excursion transport",
      pence: 140_000,
      items: ["Airport pickups, arrival day", "Sanctuary trip minibus", "Waterfall excursion", "Departure transfers"],
    },
    activities: {
      description: "Yoga, workshops and sanctuary visit",
      pence: 260_000,
      items: ["Morning yoga sessions", "Sanctuary donation", "Workshop materials", "Breathwork session"],
    },
    staff: {
      description: "Facilitators and photographer",
      pence: 380_000,
      items: ["Photographer day rate", "Facilitator fees", "Staff flights", "Staff travel insurance"],
    },
    utilities: {
      description: "Wi-Fi, power and water",
      pence: 45_000,
      items: ["Starlink rental", "Generator fuel", "Drinking water refills", "SIM cards for staff"],
    },
  };
  const statuses = ["pending", "approved", "paid", "rejected"] as const;
  const methods = ["card", "cash", "bank_transfer", "check"] as const;
  const beneficiaries = ["participant", "staff", "infrastructure", "owner"] as const;
  const costModels = ["total", "per_person", "daily_rate", "per_trip"] as const;

  const budgetIds = Object.fromEntries(
    expenseCategories.map((category, n) => [category, demoId(ctx.seed, idSpace.budgetItem, n)]),
  ) as Record<ExpenseCategory, string>;
  const spent: Record<string, number> = {};
  const expenseRows: NewExpense[] = [];
  expenseCategories.forEach((category, c) => {
    budget[category].items.forEach((description, s) => {
      const n = c * statuses.length + s;
      const status = statuses[(s + c) % statuses.length]!;
      const costModel = costModels[n % costModels.length]!;
      const pence = rng.int(Math.round(budget[category].pence / 40), Math.round(budget[category].pence / 6));
      const expenseDate = ref - rng.int(5, 120) * DAY;
      if (status === "approved" || status === "paid") spent[category] = (spent[category] ?? 0) + pence;
      expenseRows.push({
        id: demoId(ctx.seed, idSpace.expense, n),
        retreatId: ctx.retreatId,
        budgetItemId: budgetIds[category],
        vendorId: vendorIds[category],
        description,
        amount: money(pence),
        expenseDate: isoDay(expenseDate),
        category,
        subcategory: description.split(" ")[0]!.toLowerCase(),
        receiptNumber: status === "paid" ? `RCPT-${2025}-${String(n + 101).padStart(4, "0")}` : null,
        invoiceNumber: vendorIds[category] ? `INV-${String(4000 + n * 7)}` : null,
        paymentMethod: methods[n % methods.length],
        status,
        approvedAt: status === "approved" || status === "paid" ? at(expenseDate + 2 * DAY) : null,
        paidAt: status === "paid" ? at(expenseDate + 5 * DAY) : null,
        rejectionReason: status === "rejected" ? "Duplicate of an invoice already paid by card." : null,
        notes: status === "pending" ? "Waiting for the receipt." : null,
        beneficiaryType: category === "staff" ? "staff" : beneficiaries[n % beneficiaries.length],
        isParticipantCost: category !== "staff" && category !== "utilities",
        costModel,
        participantCount: costModel === "per_person" ? 15 : null,
        startDate: costModel === "daily_rate" ? retreatStart : null,
        endDate: costModel === "daily_rate" ? retreatEnd : null,
        tripCount: costModel === "per_trip" ? rng.int(2, 6) : null,
        createdAt: at(expenseDate),
        updatedAt: at(expenseDate + 5 * DAY),
      });
    });
  });

  counts.budgetItems = await insertRows(
    tx,
    budgetItems,
    expenseCategories.map((category) => ({
      id: budgetIds[category],
      retreatId: ctx.retreatId,
      category,
      description: budget[category].description,
      budgetedAmount: money(budget[category].pence),
      actualAmount: money(spent[category] ?? 0),
      isPaid: false,
      notes: category === "accommodation" ? "Quote valid until 31 January 2026." : null,
      isParticipantCost: category !== "staff" && category !== "utilities",
      startDate: category === "accommodation" ? retreatStart : null,
      endDate: category === "accommodation" ? retreatEnd : null,
    })),
  );
  counts.expenses = await insertRows(tx, expenses, expenseRows);
}

async function seedTasks(tx: Tx, ctx: Ctx, rng: Rng, counts: SeedDemoCounts): Promise<void> {
  const list: [title: string, category: string, description: string][] = [
    ["Confirm villa booking deposit", "finance", "Check the villa received the 30% deposit and get it in writing."],
    ["Send welcome pack to accepted guests", "guests", "Packing list, arrival instructions and the schedule."],
    ["Book airport transfers for arrivals", "logistics", "Match the flight list to minibus pickups."],
    ["Finalise workshop schedule", "programme", "Confirm facilitators for every workshop slot."],
    ["Order printed photo albums", "vip", "Albums for VIP guests; needs the photographer's selection."],
    ["Collect dietary requirements", "guests", "Share the final list with Green Spoon Plant Kitchen."],
    ["Review travel insurance documents", "guests", "Every guest needs cover before the balance is due."],
    ["Draft Instagram launch posts", "marketing", "Three posts and stories for the application launch."],
    ["Arrange sanctuary visit", "programme", "Agree date, donation and transport with the sanctuary."],
    ["Prepare facilitator contracts", "finance", "Day rates, travel and accommodation terms."],
    ["Set up payment reminders", "finance", "Reminders 14 and 3 days before each instalment."],
    ["Plan opening circle", "programme", "Intentions, introductions and house agreements."],
    ["Update waitlist subscribers", "marketing", "Let the waitlist know how many spots remain."],
    ["Check first-aid kit", "logistics", "Restock and add rehydration salts and insect repellent."],
    ["Book massage therapists for VIP", "vip", "Two therapists, afternoons on days 3 to 8."],
    ["Reconcile vendor invoices", "finance", "Match invoices to expenses before the monthly report."],
  ];
  const statuses = ["pending", "in_progress", "review", "completed"] as const;
  const priorities = ["low", "medium", "high", "urgent"] as const;
  const rows: NewTask[] = list.map(([title, category, description], n) => {
    const status = statuses[n % statuses.length]!;
    const created = ref - rng.int(10, 60) * DAY;
    const due = ref + rng.int(-10, 45) * DAY;
    const completed = status === "completed" ? Math.min(ref - DAY, created + rng.int(2, 9) * DAY) : null;
    return {
      id: demoId(ctx.seed, idSpace.task, n),
      retreatId: ctx.retreatId,
      title,
      description,
      content: `## ${title}\n\n${description}\n\n- [ ] Owner confirmed\n- [ ] Done`,
      category,
      priority: priorities[Math.floor(n / statuses.length) % priorities.length],
      status,
      dueDate: at(due),
      completedAt: completed === null ? null : at(completed),
      notes: status === "review" ? "Ready for a second pair of eyes." : null,
      createdAt: at(created),
      updatedAt: at(completed ?? Math.min(ref, created + rng.int(1, 8) * DAY)),
    };
  });
  counts.tasks = await insertRows(tx, tasks, rows);
}

async function seedSessions(tx: Tx, ctx: Ctx, counts: SeedDemoCounts): Promise<void> {
  type Slot = [start: string, end: string, title: string, type: string, location: string, description: string];
  const workshops = [
    ["Effective street outreach", "Conversation techniques that open minds rather than close them."],
    ["Social media for advocacy", "Planning content that reaches beyond the vegan bubble."],
    ["Avoiding activist burnout", "Sustainable habits, boundaries and support networks."],
    ["Public speaking workshop", "Short talks with feedback in a safe room."],
    ["Campaign strategy", "Choosing winnable campaigns and measuring impact."],
    ["Plant-based cooking class", "Balinese dishes with the Green Spoon team."],
    ["Media and interviews", "Staying on message with journalists."],
    ["Building local groups", "Recruiting, welcoming and keeping volunteers."],
  ] as const;
  const afternoons = [
    ["Farmed animal sanctuary visit", "excursion", "Sanctuary, Tabanan", "Meet the residents and help with care."],
    ["Rice terraces walk", "excursion", "Tegallalang", "A gentle guided walk; bring water and sunscreen."],
    ["Free afternoon", "free", "Villa", "Pool, rest or the VIP massage programme."],
    ["Waterfall excursion", "excursion", "Tibumana waterfall", "Swim and picnic; moderate steps."],
    ["Peer coaching circles", "workshop", "Garden pavilion", "Small groups plan their next six months."],
    ["Beach clean-up", "excursion", "Sanur beach", "With a local environmental group."],
    ["Documentary screening", "workshop", "Villa cinema room", "Screening and discussion."],
    ["Sunset breathwork", "wellness", "Yoga shala", "Guided breathwork with Sunrise Yoga Collective."],
  ] as const;
  const days: Slot[][] = [];
  days.push([
    ["12:00", "17:00", "Arrivals and airport pickups", "arrival", "Ngurah Rai Airport", "Drivers meet each flight."],
    ["18:00", "19:30", "Welcome circle", "ceremony", "Garden pavilion", "Introductions and house agreements."],
    ["19:30", "21:30", "Welcome dinner", "meal", "Villa terrace", "A plant-based Balinese feast."],
  ]);
  for (let d = 0; d < 8; d++) {
    const [title, description] = workshops[d]!;
    const [aTitle, aType, aLocation, aDescription] = afternoons[d]!;
    days.push([
      ["07:00", "08:15", "Morning yoga and meditation", "wellness", "Yoga shala", "All levels welcome."],
      ["10:00", "12:30", title, "workshop", "Garden pavilion", description],
      ["15:00", "17:30", aTitle, aType, aLocation, aDescription],
    ]);
  }
  days.push([
    ["09:00", "11:00", "Closing ceremony", "ceremony", "Garden pavilion", "Commitments, thanks and group photo."],
    ["11:00", "14:00", "Departures", "departure", "Villa", "Transfers to the airport."],
  ]);
  const rows: NewRetreatSession[] = [];
  days.forEach((slots, dayIndex) => {
    for (const [start, end, title, type, location, description] of slots) {
      rows.push({
        id: demoId(ctx.seed, idSpace.session, rows.length),
        retreatId: ctx.retreatId,
        title,
        description,
        startTime: baliTime(dayIndex, start),
        endTime: baliTime(dayIndex, end),
        location,
        type,
        isPublic: type !== "free",
      });
    }
  });
  counts.retreatSessions = await insertRows(tx, retreatSessions, rows);
}

async function seedEmailContent(
  tx: Tx,
  ctx: Ctx,
  activeSubscribers: number,
  counts: SeedDemoCounts,
): Promise<{ paymentReminder: string }> {
  const reminderId = demoId(ctx.seed, idSpace.emailTemplate, 0);
  counts.emailTemplates = await insertRows(tx, emailTemplates, [
    {
      id: reminderId,
      // Names are unique; the demo prefix and seed keep them clear of real templates.
      name: `demo-${ctx.seed}-payment-reminder`,
      subject: "Your retreat payment of {{amount}} is due on {{dueDate}}",
      body: "Hi {{firstName}},\n\nA friendly reminder that {{amount}} for the Bali retreat is due on {{dueDate}}.\n\nWith love,\nThe retreat team",
      type: "payment_reminder",
      variables: ["firstName", "amount", "dueDate"],
    },
    {
      id: demoId(ctx.seed, idSpace.emailTemplate, 1),
      name: `demo-${ctx.seed}-interview-invitation`,
      subject: "Let's talk about the Bali retreat, {{firstName}}",
      body: "Hi {{firstName}},\n\nThank you for applying! Please pick a time for a 30-minute video call: {{bookingLink}}\n\nThe retreat team",
      type: "interview_invitation",
      variables: ["firstName", "bookingLink"],
    },
  ]);
  counts.emailMarketingTemplates = await insertRows(tx, emailMarketingTemplates, [
    {
      id: demoId(ctx.seed, idSpace.marketingTemplate, 0),
      name: "Waitlist update",
      description: "Monthly update for people on the waitlist.",
      category: "waitlist",
      subject: "An update on the Bali retreat, {{firstName}}",
      content: "<h1>Hi {{firstName}}</h1><p>Here is the latest on the Bali Vegan Activism Retreat.</p>",
      variables: ["firstName"],
      usageCount: 3,
    },
    {
      id: demoId(ctx.seed, idSpace.marketingTemplate, 1),
      name: "Applications open",
      description: "Announcement when applications open.",
      category: "announcement",
      subject: "Applications are open: Bali, May 2026",
      content: "<h1>Applications are open</h1><p>Ten days, fifteen activists, one villa. Apply today.</p>",
      variables: [],
      usageCount: 1,
    },
  ]);
  const sentAt = ref - 40 * DAY;
  const total = activeSubscribers;
  const delivered = Math.round(total * 0.97);
  counts.emailCampaigns = await insertRows(tx, emailCampaigns, [
    {
      id: demoId(ctx.seed, idSpace.campaign, 0),
      name: "Applications open: Bali 2026",
      subject: "Applications are open: Bali, May 2026",
      content: "<h1>Applications are open</h1><p>Ten days, fifteen activists, one villa. Apply today.</p>",
      status: "sent",
      campaignType: "marketing",
      targetSegments: ["waitlist", "applicant"],
      targetTags: [],
      fromName: "Retreat HQ",
      fromEmail: "hello@example.org",
      replyTo: "team@example.org",
      sentAt: at(sentAt),
      totalRecipients: total,
      delivered,
      opened: Math.round(delivered * 0.48),
      clicked: Math.round(delivered * 0.12),
      bounced: total - delivered,
      unsubscribed: Math.round(total * 0.004),
      createdAt: at(sentAt - 3 * DAY),
      updatedAt: at(sentAt),
    },
    {
      id: demoId(ctx.seed, idSpace.campaign, 1),
      name: "Final spots remaining",
      subject: "Only a few spots left for Bali 2026",
      content: "<h1>Final spots</h1><p>A few places remain for May. Waitlist members hear first.</p>",
      status: "draft",
      campaignType: "marketing",
      targetSegments: ["waitlist"],
      targetTags: ["bali-2026"],
      fromName: "Retreat HQ",
      fromEmail: "hello@example.org",
      createdAt: at(ref - 2 * DAY),
      updatedAt: at(ref - DAY),
    },
  ]);
  return { paymentReminder: reminderId };
}

async function seedInterviews(
  tx: Tx,
  ctx: Ctx,
  rng: Rng,
  byStage: Map<ApplicationStage, number[]>,
  counts: SeedDemoCounts,
): Promise<void> {
  const planned: { app: number; status: "scheduled" | "completed" | "cancelled" }[] = [];
  const inInterview = byStage.get("interview")!;
  for (const app of inInterview.slice(0, 5)) planned.push({ app, status: "scheduled" });
  for (const stage of ["accepted", "payment", "declined", "waitlist"] as const) {
    for (const app of byStage.get(stage)!.slice(0, stage === "waitlist" ? 1 : 2))
      planned.push({ app, status: "completed" });
  }
  for (const app of inInterview.slice(5, 7)) planned.push({ app, status: "cancelled" });

  const interviewRows: NewInterview[] = [];
  const roomRows: NewJitsiRoom[] = [];
  planned.forEach(({ app: appIndex, status }, n) => {
    const app = makeApplication(ctx, appIndex);
    const id = demoId(ctx.seed, idSpace.interview, n);
    const roomId = demoId(ctx.seed, idSpace.jitsiRoom, n);
    const roomName = `retreat-hq-${ctx.seed.toString(16)}-${slug(app.firstName)}-${n + 1}`;
    const meetingUrl = `https://meet.jit.si/${roomName}`;
    // Business hours in London on whole or half hours; scheduled ones lie after the reference date.
    const dayOffset = status === "scheduled" ? rng.int(1, 21) : -rng.int(5, 60);
    const scheduledAt = ref + dayOffset * DAY + rng.int(18, 33) * 30 * MINUTE;
    const duration = rng.chance(0.8) ? 30 : 45;
    const outcome =
      status !== "completed"
        ? null
        : app.stage === "declined"
          ? "declined"
          : app.stage === "waitlist"
            ? "pending"
            : "accepted";
    interviewRows.push({
      id,
      applicationId: app.id,
      jitsiRoomId: roomId,
      scheduledAt: at(scheduledAt),
      duration,
      status,
      jitsiMeetingUrl: meetingUrl,
      notes: status === "cancelled" ? "Applicant asked to cancel; will rebook after the holidays." : null,
      outcome,
      rating: status === "completed" ? (outcome === "declined" ? rng.int(1, 3) : rng.int(4, 5)) : null,
      feedback:
        status === "completed"
          ? outcome === "declined"
            ? "Kind and curious, but looking for a holiday more than advocacy training."
            : "Thoughtful, experienced and a great fit for the group."
          : null,
      completedAt: status === "completed" ? at(scheduledAt + duration * MINUTE) : null,
      createdAt: at(Math.min(ref, scheduledAt) - 7 * DAY),
      updatedAt: at(status === "completed" ? scheduledAt + duration * MINUTE : Math.min(ref, scheduledAt) - 7 * DAY),
    });
    roomRows.push({
      id: roomId,
      roomName,
      displayName: `Interview: ${app.firstName} ${app.lastName}`,
      interviewId: id,
      applicationId: app.id,
      meetingUrl,
      isActive: status === "scheduled",
      maxParticipants: 10,
      scheduledStart: at(scheduledAt),
      scheduledEnd: at(scheduledAt + duration * MINUTE),
      actualStart: status === "completed" ? at(scheduledAt + 2 * MINUTE) : null,
      actualEnd: status === "completed" ? at(scheduledAt + duration * MINUTE) : null,
      participantCount: status === "completed" ? 2 : 0,
    });
  });
  counts.interviews = await insertRows(tx, interviews, interviewRows);
  counts.jitsiRooms = await insertRows(tx, jitsiRooms, roomRows);
}

async function seedPayments(
  tx: Tx,
  ctx: Ctx,
  byStage: Map<ApplicationStage, number[]>,
  reminderTemplateId: string,
  counts: SeedDemoCounts,
): Promise<void> {
  const paying = [...byStage.get("payment")!.slice(0, 10), ...byStage.get("accepted")!.slice(0, 5)].slice(0, 15);
  const plans: NewPaymentPlan[] = [];
  const paymentRows: NewPayment[] = [];
  const reminders: NewPaymentReminder[] = [];
  const day = (iso: string) => Date.parse(`${iso}T09:00:00.000Z`);

  paying.forEach((appIndex, k) => {
    const app = makeApplication(ctx, appIndex);
    const persons = app.applicationType === "couple" ? 2 : 1;
    const total = (persons === 2 ? 189_700 : 199_700) * persons + (app.wantsVipUpgrade ? 60_000 * persons : 0);
    const deposit = 50_000 * persons;
    const planId = demoId(ctx.seed, idSpace.paymentPlan, k);
    const variant = k % 4;
    const payDay = Math.min(ref - 3 * DAY, app.submittedAt.getTime() + 20 * DAY);
    const base = { applicationId: app.id, bookingTypeId: app.bookingTypeId ?? null, paymentPlanId: planId };
    const pay = (p: Omit<NewPayment, "id" | "applicationId">) => {
      const created = p.paidAt instanceof Date ? p.paidAt.getTime() : Math.min(ref - DAY, payDay);
      paymentRows.push({
        id: demoId(ctx.seed, idSpace.payment, paymentRows.length),
        ...base,
        ...p,
        createdAt: at(created),
        updatedAt: at(created),
      } as NewPayment);
    };
    const remind = (r: Omit<NewPaymentReminder, "id" | "applicationId" | "paymentPlanId">) => {
      reminders.push({
        id: demoId(ctx.seed, idSpace.paymentReminder, reminders.length),
        applicationId: app.id,
        paymentPlanId: planId,
        emailTemplateId: reminderTemplateId,
        ...r,
      });
    };

    let paid = 0;
    let plan: Omit<NewPaymentPlan, "id" | "applicationId" | "totalAmount" | "remainingAmount">;
    if (variant === 0) {
      // Paid in full by card.
      pay({ type: "full", amount: money(total), status: "completed", paidAt: at(payDay), description: "Full payment" });
      paid = total;
      plan = { planType: "full", depositAmount: null, status: "completed", notes: "Paid in full." };
    } else if (variant === 1) {
      // Deposit paid, balance due before the retreat.
      pay({ type: "deposit", amount: money(deposit), status: "completed", paidAt: at(payDay), description: "Deposit" });
      paid = deposit;
      pay({
        type: "balance",
        amount: money(total - deposit),
        status: "pending",
        dueDate: "2026-02-01",
        description: "Balance",
        paymentMethod: k % 2 === 0 ? "stripe" : "bank_transfer",
      });
      plan = {
        planType: "deposit_and_balance",
        depositAmount: money(deposit),
        installmentCount: 1,
        installmentAmount: money(total - deposit),
        finalPaymentDue: "2026-02-01",
        status: "active",
      };
      remind({
        reminderType: "balance_due",
        dueDate: "2026-02-01",
        amount: money(total - deposit),
        daysBefore: 45,
        status: "sent",
        scheduledFor: at(day("2025-12-18")),
        sentAt: at(day("2025-12-18") + 2 * MINUTE),
      });
      remind({
        reminderType: "balance_due",
        dueDate: "2026-02-01",
        amount: money(total - deposit),
        daysBefore: 14,
        status: "pending",
        scheduledFor: at(day("2026-01-18")),
      });
    } else if (variant === 2) {
      // Deposit and three monthly instalments: one paid, one failed, one to come.
      const instalment = Math.floor((total - deposit) / 3);
      const amounts = [instalment, instalment, total - deposit - 2 * instalment];
      pay({ type: "deposit", amount: money(deposit), status: "completed", paidAt: at(payDay), description: "Deposit" });
      pay({
        type: "installment",
        amount: money(amounts[0]!),
        status: "completed",
        dueDate: "2025-11-15",
        paidAt: at(day("2025-11-15")),
        description: "Instalment 1 of 3",
      });
      pay({
        type: "installment",
        amount: money(amounts[1]!),
        status: "failed",
        dueDate: "2025-12-15",
        description: "Instalment 2 of 3",
        metadata: { failureReason: "card_declined" },
      });
      pay({
        type: "installment",
        amount: money(amounts[2]!),
        status: "pending",
        dueDate: "2026-01-15",
        description: "Instalment 3 of 3",
      });
      paid = deposit + amounts[0]!;
      plan = {
        planType: "installments",
        depositAmount: money(deposit),
        installmentCount: 3,
        installmentAmount: money(instalment),
        installmentFrequency: "monthly",
        firstInstallmentDue: "2025-11-15",
        finalPaymentDue: "2026-01-15",
        status: "active",
        autoCharge: true,
      };
      remind({
        reminderType: "overdue",
        dueDate: "2025-12-15",
        amount: money(amounts[1]!),
        daysBefore: 0,
        status: "overdue",
        scheduledFor: at(day("2025-12-16")),
        customMessage: "Your card was declined; please update your payment details.",
      });
      remind({
        reminderType: "installment_due",
        dueDate: "2026-01-15",
        amount: money(amounts[2]!),
        daysBefore: 7,
        status: "pending",
        scheduledFor: at(day("2026-01-08")),
      });
    } else {
      // Deposit failed and the plan was cancelled.
      pay({
        type: "deposit",
        amount: money(deposit),
        status: "failed",
        dueDate: isoDay(payDay),
        description: "Deposit",
        metadata: { failureReason: "insufficient_funds" },
      });
      plan = {
        planType: "deposit_and_balance",
        depositAmount: money(deposit),
        installmentCount: 1,
        installmentAmount: money(total - deposit),
        finalPaymentDue: "2026-02-01",
        status: "cancelled",
        notes: "Guest withdrew after the deposit failed.",
      };
      remind({
        reminderType: "deposit_due",
        dueDate: isoDay(payDay),
        amount: money(deposit),
        daysBefore: 3,
        status: "failed",
        scheduledFor: at(payDay - 3 * DAY),
        metadata: { error: "Mailbox unavailable" },
      });
    }
    plans.push({
      id: planId,
      applicationId: app.id,
      bookingTypeId: app.bookingTypeId ?? null,
      totalAmount: money(total),
      remainingAmount: money(total - paid),
      ...plan,
    });
  });
  counts.paymentPlans = await insertRows(tx, paymentPlans, plans);
  counts.payments = await insertRows(tx, payments, paymentRows);
  counts.paymentReminders = await insertRows(tx, paymentReminders, reminders);
}
