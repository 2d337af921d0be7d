/**
 * Demo data for screenshots and benchmarks: the bulk writer behind the benchmarks' 100,000-row
 * fixture (bench/), some tests and e2e specs. It writes the large tables directly for speed, but
 * what it writes must be data the product itself could produce: src/server/demo/invariants.ts
 * checks that (seed-demo.test.ts asserts no violations).
 *
 * - Everything hangs off the active retreat created by seedBaseData.
 * - Dates are relative to "now" (the clock, or `options.now`): submissions and history lie before
 *   it, scheduled interviews and most task due dates after it, and a retreat without dates gets
 *   a ten-day programme starting about five months ahead (demoRetreatFirstDay).
 * - The same options (and the same day) give the same data: every value comes from a seeded PRNG
 *   and from dates relative to demoReferenceDate. Ids of the generated rows are deterministic
 *   (seed, table and row number encoded in a valid v4-shaped uuid), so URLs are reproducible;
 *   payment plans and payments come from the payments service and get its random ids.
 * - Applications and subscribers scale with the options; everything else is a fixed handful.
 * - Places are never oversold: people (a couple counts 2) in accepted + payment stay within the
 *   retreat's capacity; rows whose draw would overfill it go to the waitlist or are declined.
 *   Every one of them gets its payment plan from the product's acceptance function
 *   (createPlanForAcceptance: plan type, prices and schedule as the product makes them), and
 *   payments, plan completion and cancellation go through the payments service too. Reminders
 *   are planned the way the reminder job plans them (lead times, send moments, overdue notice).
 * - Campaigns are sent to the subscribers the product would send them to (its eligibility rule),
 *   with one email_sends row each and counters counted from those rows; a marketing template's
 *   "used by" count is the number of campaigns started from it.
 * - Each application (and subscriber) is built from its own PRNG seeded by (seed, row number),
 *   so rows can be rebuilt on demand (a subscriber linked to application i rebuilds it) without
 *   holding 100k rows in memory.
 * - All inserts run in one transaction. Applications and subscribers go in batches of 2,000 rows,
 *   each batch one INSERT ... SELECT FROM json_populate_recordset($1) (one parameter, so no limit
 *   of 65535 parameters and little per-value work; about twice as fast as the query builder on
 *   PGlite). The fixed handful uses the query builder and the product's services. A row in
 *   `settings` marks the data; a second run skips.
 */
import { and, asc, count, eq, getTableColumns, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  type ApplicationStage,
  applicationStages,
  businessTimeZone,
  retreatDefaults,
  subscriberSegments,
  subscriberSources,
} from "../../shared/constants";
import { addDays, todayIn } from "../../shared/finance/dates";
import { depositGraceDays } from "../../shared/schemas/places";
import type { Db } from "../db/client";
import {
  applications,
  bookingTypes,
  budgetItems,
  emailCampaigns,
  emailMarketingTemplates,
  emailSends,
  emailSubscribers,
  expenses,
  interviews,
  jitsiRooms,
  type NewApplication,
  type NewEmailSubscriber,
  type NewExpense,
  type NewInterview,
  type NewJitsiRoom,
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
} from "../db/schema";
import { seedBaseData } from "../db/seed";
import type { Tx } from "../db/types";
import { type FieldCipher, fieldContext } from "../encryption/field-encryption";
import { holdsPlace, peopleOf, placesTaken } from "../features/admissions/admissions.service";
import { refreshCampaignCounters } from "../features/email-campaigns/campaign-counters";
import { eligibilityCondition } from "../features/email-campaigns/campaign-eligibility";
import { overdueDaysBefore, reminderSendAt } from "../features/payment-reminders/reminder-schedule";
import { reminderDaysBefore } from "../features/payment-reminders/reminder-sweep";
import {
  cancelActivePlan,
  completePayment,
  completePlan,
  createPlanForAcceptance,
} from "../features/payments/payments.service";
import * as cast from "./demo-cast";

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/**
 * The demo data's "today": the start (UTC midnight) of the day of `now`. Submissions lie before
 * it, scheduled interviews after it; every generated date is an offset from it, so runs on the
 * same day give the same data.
 */
export function demoReferenceDate(now: Date = new Date()): Date {
  return new Date(Math.floor(now.getTime() / DAY) * DAY);
}
/** Days from the reference date to the first day of the demo retreat: about five months. */
export const demoRetreatLeadDays = 150;
/** First day ("YYYY-MM-DD") of the ten-day programme a retreat without dates gets. */
export function demoRetreatFirstDay(now: Date = new Date()): string {
  return isoDay(demoReferenceDate(now).getTime() + demoRetreatLeadDays * DAY);
}
/**
 * The demo retreat is named for the year it runs in: the install's default name carries the year
 * the product was first written for, which is in the past once the demo is five months ahead.
 * Only the untouched default is renamed; a name someone chose is kept.
 */
export function demoRetreatName(currentName: string, firstDay: string): string {
  return currentName === retreatDefaults.name ? `Bali Vegan Activism Retreat ${firstDay.slice(0, 4)}` : currentName;
}
/** The settings key whose row marks a database that already holds demo data. */
export const demoMarkerKey = "demo_data";
export const demoDefaultSeed = 2026;

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
  /** "Now" for the dates (default: the clock); tests pass a fixed one. */
  now?: Date;
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

  const now = options.now ?? new Date();
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
    const retreatFirstDay = await giveRetreatDates(tx, retreat, now);
    const ref = demoReferenceDate(now).getTime();
    const base = {
      seed,
      retreatId: retreat.id,
      soloTypeId: typeId("solo"),
      coupleTypeId: typeId("couple"),
      ref,
      now: now.getTime(),
      applicationsOpen: ref - applicationsOpenDays * DAY,
      retreatFirstDay,
      retreatMonth: monthYear.format(new Date(`${retreatFirstDay}T12:00:00Z`)),
    };
    // People (a couple counts 2) already holding places before the demo rows go in.
    const room = Math.max(0, retreat.capacity - (await placesTaken(tx, retreat.id)));
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

/** Seeded draws (the same seed, the same data): the bulk seeder's and the service-based demo's. */
export class Rng {
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
/** Applications opened about ten months before the reference date. */
const applicationsOpenDays = 306;
const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const at = (ms: number) => new Date(ms);
/** "YYYY-MM-DD" of an instant (UTC). */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Midnight UTC of a "YYYY-MM-DD" day, in ms. */
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
/** A time on a retreat day in Bali (UTC+8, no daylight saving). */
const baliTime = (firstDay: string, dayIndex: number, hhmm: string) =>
  new Date(Date.parse(`${firstDay}T${hhmm}:00+08:00`) + dayIndex * DAY);
/** Integer pence to a decimal string: 50000 -> "500.00". */
const money = (pence: number) => (pence / 100).toFixed(2);

// ---------------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------------

// The service demo's people and texts (demo-cast.ts), with a few more for variety at scale.
const firstNames: readonly string[] = [...cast.firstNames, "Isla"];

const lastNames: readonly string[] = [
  ...cast.lastNames,
  "Thomas",
  "Roberts",
  "Martins",
  "Fernández",
  "Moreau",
  "Novak",
  "Lewis",
  "Hall",
];

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

const motivationOpeners: readonly string[] = [
  ...cast.motivationOpeners,
  "I went vegan {years} years ago after watching Dominion, and I finally feel ready to step up my activism.",
  "I am a nurse and I want to understand how to connect animal rights with health conversations.",
];

const motivationClosers: readonly string[] = [
  ...cast.motivationClosers,
  " I would love to bring my partner's photography skills to the group as well.",
  " Ten days of community, good food and honest conversations sounds perfect.",
];

const advocacyItems: readonly string[] = [
  ...cast.advocacyItems,
  "Run a vegan recipe Instagram account with about {followers}k followers.",
  "Regular vigils outside a slaughterhouse near {city}.",
  "New to activism: mostly conversations with friends and family so far.",
];

const dietaryOptions: readonly string[] = [...cast.dietaryOptions, "No onion or garlic", "Low FODMAP"];
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
  "bali-retreat",
  "vegan",
  "instagram",
  "newsletter",
  "volunteer",
  "outreach",
  "returning",
  "press",
] as const;
/** Subscribers who did not apply signed up over the year before the reference date. */
const subscriberWindowDays = 365;
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
  /** demoReferenceDate, in ms: every generated date is an offset from it. */
  ref: number;
  /** The real "now", in ms: what is already sent or due is decided against it. */
  now: number;
  /** When applications opened, in ms. */
  applicationsOpen: number;
  /** First day of the retreat programme, "YYYY-MM-DD" (the retreat's start date). */
  retreatFirstDay: string;
  /** The retreat's month for texts, e.g. "May 2027". */
  retreatMonth: string;
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
    const people = peopleOf(drawn.applicationType);
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

  // New applications are recent; the rest spread from the opening to ten days before the reference.
  const { ref, applicationsOpen } = ctx;
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
  const { ref } = ctx;
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
    subscribedAt = ref - subscriberWindowDays * DAY + rng.float() * subscriberWindowDays * DAY;
    metadata =
      source === "admin_upload"
        ? { uploadBatch: `${isoDay(ref - 90 * DAY).slice(0, 7)} community list` }
        : { referrer: rng.pick(referrers), utmCampaign: "bali-retreat" };
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
  const retreat = open[0];
  if (!retreat) throw new Error("No open retreat found; demo data needs one (seedBaseData creates it).");
  return retreat;
}

/**
 * Payment plans, refunds and the schedule need dates. A retreat without them gets the demo
 * programme's ten days, about five months ahead; dates someone already chose are kept, and a
 * lone date gets its partner. Returns the start date (the programme's first day).
 */
async function giveRetreatDates(tx: Tx, retreat: DemoRetreat, now: Date): Promise<string> {
  const shift = (day: string, days: number) => isoDay(dayMs(day) + days * DAY);
  const startDate = retreat.startDate ?? (retreat.endDate ? shift(retreat.endDate, -9) : demoRetreatFirstDay(now));
  const endDate = retreat.endDate ?? shift(startDate, 9);
  const name = demoRetreatName(retreat.name, startDate);
  if (startDate !== retreat.startDate || endDate !== retreat.endDate || name !== retreat.name) {
    await tx.update(retreats).set({ startDate, endDate, name }).where(eq(retreats.id, retreat.id));
  }
  return startDate;
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
  const subBatch = bulkBatchRows;
  for (let start = 0; start < options.subscribers; start += subBatch) {
    const rows: NewEmailSubscriber[] = [];
    for (let i = start; i < Math.min(options.subscribers, start + subBatch); i++) {
      rows.push(makeSubscriber(ctx, i, options.applications));
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
  await seedEmailContent(tx, ctx, counts);
  await seedInterviews(tx, ctx, rng, byStage, counts);
  await seedPayments(tx, ctx, byStage, counts);
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
      contractSignedAt: at(ctx.ref - 75 * DAY),
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
      contractSignedAt: at(ctx.ref - 60 * DAY),
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
      contractSignedAt: at(ctx.ref - 40 * DAY),
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
  const retreatStart = ctx.retreatFirstDay;
  const retreatEnd = isoDay(dayMs(ctx.retreatFirstDay) + 9 * DAY);
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
      const expenseDate = ctx.ref - rng.int(5, 120) * DAY;
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
        receiptNumber:
          status === "paid" ? `RCPT-${isoDay(expenseDate).slice(0, 4)}-${String(n + 101).padStart(4, "0")}` : null,
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
      notes: category === "accommodation" ? `Quote valid until ${longDay.format(at(ctx.ref + 30 * DAY))}.` : null,
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
    const created = ctx.ref - rng.int(10, 60) * DAY;
    const due = ctx.ref + rng.int(-10, 45) * DAY;
    const completed = status === "completed" ? Math.min(ctx.ref - DAY, created + rng.int(2, 9) * DAY) : null;
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
      updatedAt: at(completed ?? Math.min(ctx.ref, created + rng.int(1, 8) * DAY)),
    };
  });
  counts.tasks = await insertRows(tx, tasks, rows);
}

async function seedSessions(tx: Tx, ctx: Ctx, counts: SeedDemoCounts): Promise<void> {
  // The service demo's ten-day programme (demo-cast.ts), with the product's session types.
  const days = cast.demoProgramme();
  const rows: NewRetreatSession[] = [];
  days.forEach((slots, dayIndex) => {
    for (const [start, end, title, type, location, description] of slots) {
      rows.push({
        id: demoId(ctx.seed, idSpace.session, rows.length),
        retreatId: ctx.retreatId,
        title,
        description,
        startTime: baliTime(ctx.retreatFirstDay, dayIndex, start),
        endTime: baliTime(ctx.retreatFirstDay, dayIndex, end),
        location,
        type,
        isPublic: type !== "free_time",
      });
    }
  });
  counts.retreatSessions = await insertRows(tx, retreatSessions, rows);
}

/**
 * Two marketing templates and a campaign started from each: one sent to the subscribers the
 * product would send it to (its eligibility rule, among those subscribed by then), with one
 * email_sends row per recipient and the counters counted from them as the sender does; one a
 * draft. (The product's system emails are seedBaseData's; the product makes no others.)
 */
async function seedEmailContent(tx: Tx, ctx: Ctx, counts: SeedDemoCounts): Promise<void> {
  const waitlistTemplate = demoId(ctx.seed, idSpace.marketingTemplate, 0);
  const openTemplate = demoId(ctx.seed, idSpace.marketingTemplate, 1);
  const openSubject = `Applications are open: Bali, ${ctx.retreatMonth}`;
  const openContent = "<h1>Applications are open</h1><p>Ten days, fifteen activists, one villa. Apply today.</p>";
  counts.emailMarketingTemplates = await insertRows(tx, emailMarketingTemplates, [
    {
      id: waitlistTemplate,
      name: "Waitlist update",
      description: "Monthly update for people on the waitlist.",
      category: "waitlist",
      subject: "An update on the Bali retreat, {{firstName}}",
      content: "<h1>Hi {{firstName}}</h1><p>Here is the latest on the Bali Vegan Activism Retreat.</p>",
      variables: ["firstName"],
      // One campaign below started from each template.
      usageCount: 1,
      createdAt: at(ctx.ref - 60 * DAY),
      updatedAt: at(ctx.ref - 60 * DAY),
    },
    {
      id: openTemplate,
      name: "Applications open",
      description: "Announcement when applications open.",
      category: "announcement",
      subject: openSubject,
      content: openContent,
      variables: [],
      usageCount: 1,
      createdAt: at(ctx.ref - 50 * DAY),
      updatedAt: at(ctx.ref - 50 * DAY),
    },
  ]);

  const sentAt = ctx.ref - 40 * DAY;
  const sentId = demoId(ctx.seed, idSpace.campaign, 0);
  const targeting = {
    campaignType: "marketing",
    targetSegments: ["waitlist", "applicant"],
    targetTags: [] as string[],
  };
  const audience = and(eligibilityCondition(targeting), lte(emailSubscribers.subscribedAt, at(sentAt - DAY)));
  const [eligible] = await tx.select({ n: count() }).from(emailSubscribers).where(audience);
  // The product refuses to send a campaign nobody would receive: with no audience it stays a draft.
  const sent = Number(eligible?.n ?? 0) > 0;
  counts.emailCampaigns = await insertRows(tx, emailCampaigns, [
    {
      id: sentId,
      name: `Applications open: Bali ${ctx.retreatMonth}`,
      subject: openSubject,
      content: openContent,
      status: sent ? "sent" : "draft",
      ...targeting,
      fromName: "Retreat HQ",
      fromEmail: "hello@example.org",
      replyTo: "team@example.org",
      templateId: openTemplate,
      startedAt: sent ? at(sentAt) : null,
      sentAt: sent ? at(sentAt + 20 * MINUTE) : null,
      createdAt: at(sentAt - 3 * DAY),
      updatedAt: at(sent ? sentAt + 20 * MINUTE : sentAt - 3 * DAY),
    },
    {
      id: demoId(ctx.seed, idSpace.campaign, 1),
      name: "Final spots remaining",
      subject: `Only a few spots left for Bali, ${ctx.retreatMonth}`,
      content: "<h1>Final spots</h1><p>A few places remain. Waitlist members hear first.</p>",
      status: "draft",
      campaignType: "marketing",
      targetSegments: ["waitlist"],
      targetTags: ["bali-retreat"],
      fromName: "Retreat HQ",
      fromEmail: "hello@example.org",
      templateId: waitlistTemplate,
      createdAt: at(ctx.ref - 2 * DAY),
      updatedAt: at(ctx.ref - DAY),
    },
  ]);
  if (!sent) return;
  // One row per recipient in one statement (a 100k-subscriber fixture must stay quick); about
  // one address in fifty bounced.
  const sentIso = at(sentAt + 10 * MINUTE).toISOString();
  await tx.execute(sql`
    insert into ${emailSends} (campaign_id, subscriber_id, email, status, attempts, sent_at, bounced_at, created_at, updated_at)
    select ${sentId}::uuid, ${emailSubscribers.id}, ${emailSubscribers.email},
      case when right(${emailSubscribers.id}::text, 2) in ('0f', '3a', '7c', 'b1', 'e5') then 'bounced' else 'sent' end,
      1, ${sentIso}::timestamptz,
      case when right(${emailSubscribers.id}::text, 2) in ('0f', '3a', '7c', 'b1', 'e5') then ${sentIso}::timestamptz + interval '2 minutes' end,
      ${at(sentAt).toISOString()}::timestamptz, ${sentIso}::timestamptz
    from ${emailSubscribers} where ${audience}`);
  await refreshCampaignCounters(tx, sentId);
  await tx
    .update(emailCampaigns)
    .set({ updatedAt: at(sentAt + 20 * MINUTE) })
    .where(eq(emailCampaigns.id, sentId));
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
    const scheduledAt = ctx.ref + dayOffset * DAY + rng.int(18, 33) * 30 * MINUTE;
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
      createdAt: at(Math.min(ctx.ref, scheduledAt) - 7 * DAY),
      updatedAt: at(
        status === "completed" ? scheduledAt + duration * MINUTE : Math.min(ctx.ref, scheduledAt) - 7 * DAY,
      ),
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

/** How a place holder has paid so far; `daysAgo` is when they were accepted. */
const payers = {
  paidInFull: { daysAgo: 100 },
  onSchedule: { daysAgo: 80 },
  behind: { daysAgo: 45 },
  depositPaid: { daysAgo: 3 },
  justAccepted: { daysAgo: 1 },
  /** Accepted, never paid the deposit, and the place was released (the places sweep's rule). */
  released: { daysAgo: 40 },
} as const;
type Payer = keyof typeof payers;

const HOUR = 3_600_000;
const system = { userId: null, ipAddress: null, userAgent: null };
/** The reminder job's "scheduled" payments: the deposit and instalments a plan schedules. */
const remindedTypes = ["deposit", "installment"];

type DemoPlan = { planId: string; applicationId: string };

/**
 * Payment plans through the product: every place holder is accepted with
 * createPlanForAcceptance (rate, add-on, deposit and instalment dates as the product makes them)
 * some days ago, pays through completePayment according to its payer profile, and a fully paid
 * plan is completed with completePlan. One declined application shows a released place: its
 * plan was cancelled with cancelActivePlan. Then the reminders the reminder job would have
 * planned and sent by now.
 */
async function seedPayments(
  tx: Tx,
  ctx: Ctx,
  byStage: Map<ApplicationStage, number[]>,
  counts: SeedDemoCounts,
): Promise<void> {
  const today = todayIn(businessTimeZone, at(ctx.now));
  const plans: DemoPlan[] = [];
  let accepted = 0;
  let paying = 0;
  for (const i of [...ctx.placed].sort((a, b) => a - b)) {
    const app = makeApplication(ctx, i);
    const payer: Payer =
      app.stage === "accepted"
        ? accepted++ % 2 === 0
          ? "depositPaid"
          : "justAccepted"
        : (["paidInFull", "onSchedule", "behind"] as const)[paying++ % 3]!;
    const plan = await acceptAndPay(tx, ctx, app, payer, today);
    if (plan) plans.push(plan);
  }
  // A declined applicant who had been accepted and let the deposit lapse (not one of those
  // with a declining interview, seeded from the first two).
  const released = byStage.get("declined")![2];
  if (released !== undefined) {
    const plan = await acceptAndPay(tx, ctx, makeApplication(ctx, released), "released", today);
    if (plan) plans.push(plan);
  }
  if (plans.length === 0) return;
  const planIds = plans.map((p) => p.planId);
  counts.paymentPlans = Number(
    (await tx.select({ n: count() }).from(paymentPlans).where(inArray(paymentPlans.id, planIds)))[0]?.n ?? 0,
  );
  counts.payments = Number(
    (await tx.select({ n: count() }).from(payments).where(inArray(payments.paymentPlanId, planIds)))[0]?.n ?? 0,
  );
  counts.paymentReminders = await insertRows(tx, paymentReminders, await remindersSoFar(tx, ctx, planIds, today));
}

async function acceptAndPay(
  tx: Tx,
  ctx: Ctx,
  app: DemoApplication,
  payer: Payer,
  today: string,
): Promise<DemoPlan | null> {
  // Accepted at least a week after applying, and not in the future.
  let acceptedOn = addDays(today, -payers[payer].daysAgo);
  const earliest = addDays(isoDay(app.submittedAt.getTime()), 7);
  if (acceptedOn < earliest) acceptedOn = earliest;
  if (acceptedOn > today) acceptedOn = today;
  const acceptedAt = dayMs(acceptedOn) + 8 * HOUR;
  const created = await createPlanForAcceptance(tx, app.id, acceptedOn, system);
  if (!created) return null;
  const { planId } = created;
  const scheduled = await tx
    .select({ id: payments.id, type: payments.type, dueDate: payments.dueDate })
    .from(payments)
    .where(eq(payments.paymentPlanId, planId))
    .orderBy(asc(payments.dueDate), sql`(${payments.metadata}->>'sequence')::int`);
  let touched = acceptedAt;
  for (const [n, payment] of scheduled.entries()) {
    const due = dayMs(payment.dueDate!) + 10 * HOUR;
    let paidAt: number | null = null;
    if (payer === "paidInFull") paidAt = Math.min(due, ctx.now - 2 * DAY);
    else if (payer === "onSchedule") paidAt = payment.dueDate! < today ? due : null;
    else if (payer === "behind" || payer === "depositPaid")
      paidAt = payment.type === "deposit" ? acceptedAt + DAY : null;
    if (paidAt === null) continue;
    paidAt = Math.min(Math.max(paidAt, acceptedAt + HOUR), ctx.now - HOUR);
    touched = Math.max(touched, paidAt);
    await completePayment(
      tx,
      payment.id,
      { paymentMethod: n % 2 === 0 ? "bank_transfer" : "card", paidAt: at(paidAt) },
      system,
    );
  }
  if (payer === "paidInFull") await completePlan(tx as unknown as Db, planId, system);
  if (payer === "released") {
    // The places sweep releases a place whose deposit is still unpaid a grace period after its
    // due date: the application is declined then and its plan cancelled.
    touched = Math.min(acceptedAt + (depositGraceDays + 1) * DAY, ctx.now - HOUR);
    await cancelActivePlan(tx, app.id, system);
    await tx
      .update(applications)
      .set({ updatedAt: at(touched), declinedAt: at(touched) })
      .where(eq(applications.id, app.id));
  }
  // The rows' own dates: written when accepted, changed when paid (or cancelled).
  const acceptedIso = at(acceptedAt).toISOString();
  const touchedIso = at(touched).toISOString();
  await tx
    .update(payments)
    .set({
      createdAt: at(acceptedAt),
      updatedAt: sql`coalesce(${payments.paidAt}, ${payer === "released" ? touchedIso : acceptedIso}::timestamptz)`,
    })
    .where(eq(payments.paymentPlanId, planId));
  await tx
    .update(paymentPlans)
    .set({ createdAt: at(acceptedAt), updatedAt: at(touched) })
    .where(eq(paymentPlans.id, planId));
  return { planId, applicationId: app.id };
}

/**
 * The reminders the reminder job (payment-reminders/reminder-sweep.ts) would hold by now for
 * these plans, from its own schedule: "upcoming" ones at each lead time that fell after the
 * payment was created, sent when their moment passed while the payment was still unpaid; for a
 * payment now past due, the overdue notice, and the last upcoming one overtaken by the due date
 * (status "overdue"). Pending ones belong to unpaid payments of active plans only (the job drops
 * the rest), and the first one that went out for a payment still due failed, so the Payments
 * tab shows a failed reminder to send again.
 */
async function remindersSoFar(tx: Tx, ctx: Ctx, planIds: string[], today: string): Promise<NewPaymentReminder[]> {
  const days = await reminderDaysBefore(tx);
  const rows = await tx
    .select({ payment: payments, planStatus: paymentPlans.status })
    .from(payments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
    .where(and(inArray(payments.paymentPlanId, planIds), inArray(payments.type, remindedTypes)))
    .orderBy(asc(payments.applicationId), asc(payments.dueDate), sql`(${payments.metadata}->>'sequence')::int`);
  const reminders: NewPaymentReminder[] = [];
  let failedOne = false;
  for (const { payment: p, planStatus } of rows) {
    if (!p.dueDate) continue;
    const live = p.status === "pending" && planStatus === "active";
    const paidAt = p.status === "completed" && p.paidAt ? p.paidAt.getTime() : null;
    if (!live && paidAt === null) continue;
    const createdAt = p.createdAt.getTime();
    const pastDue = p.dueDate < today;
    const add = (reminderType: string, daysBefore: number, scheduledFor: number, status: string) => {
      const went = status === "sent" || status === "failed";
      reminders.push({
        id: demoId(ctx.seed, idSpace.paymentReminder, reminders.length),
        paymentPlanId: p.paymentPlanId,
        applicationId: p.applicationId,
        paymentId: p.id,
        reminderType,
        dueDate: p.dueDate,
        amount: p.amount,
        currency: p.currency,
        daysBefore,
        status,
        scheduledFor: at(scheduledFor),
        sentAt: status === "sent" ? at(Math.min(scheduledFor + MINUTE, ctx.now)) : null,
        metadata: status === "failed" ? { error: "Could not queue the email: Connection terminated unexpectedly" } : {},
        createdAt: at(createdAt),
        updatedAt: at(went || status === "overdue" ? Math.min(scheduledFor + MINUTE, ctx.now) : createdAt),
      });
    };
    const upcoming = days
      .map((daysBefore) => ({ daysBefore, at: reminderSendAt(p.dueDate!, daysBefore).getTime() }))
      // A moment that had passed before the payment existed gets no reminder.
      .filter((r) => r.at >= createdAt);
    for (const [n, r] of upcoming.entries()) {
      if (paidAt !== null) {
        // Paid: what went out before the payment stays; the rest was dropped.
        if (r.at <= paidAt && r.at <= ctx.now) add("upcoming", r.daysBefore, r.at, "sent");
      } else if (pastDue) {
        add("upcoming", r.daysBefore, r.at, n === upcoming.length - 1 ? "overdue" : "sent");
      } else if (r.at <= ctx.now) {
        add("upcoming", r.daysBefore, r.at, failedOne ? "sent" : "failed");
        failedOne = true;
      } else {
        add("upcoming", r.daysBefore, r.at, "pending");
      }
    }
    if (live && pastDue) {
      const notice = reminderSendAt(p.dueDate, overdueDaysBefore).getTime();
      add("overdue", overdueDaysBefore, notice, notice <= ctx.now ? "sent" : "pending");
    }
  }
  return reminders;
}
