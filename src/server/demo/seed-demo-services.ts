/**
 * `npm run seed:demo`: demo data made by the product's own services, so every rule the product
 * keeps (capacity with couples counting two, plans on acceptance, stage moves, reminders, campaign
 * counters, template usage) holds by construction. The seeder decides only *what happens*
 * (who applies, who is interviewed, accepted, pays, cancels); the services decide what that means.
 *
 * - Dates are relative to `now`: the retreat starts about five months ahead, applications,
 *   past interviews and payments lie before today, upcoming interviews and most task due dates after.
 * - Services that keep their own clock (submitting, accepting, paying) record the real time. The
 *   one thing written directly is an application's submission time, moved into the past after
 *   the service stored it, because the product only ever records "now" there.
 * - One transaction: a failed seed leaves the database as it was. An advisory lock and the
 *   marker row in `settings` (shared with the bulk writer in db/seed-demo.ts) make a second run skip.
 * - Emails the product queues go through its no-SMTP path (recorded as "logged" in the outbox),
 *   so seeding never mails anyone, even with SMTP_URL set.
 * - `seed` makes names, texts and choices repeatable; ids and timestamps come from the services.
 */
import { count, eq, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import { retreatDefaults } from "../../shared/constants";
import { addDays, addMonths, todayIn } from "../../shared/finance/dates";
import { applicationSubmissionSchema } from "../../shared/schemas/applications";
import { completeInterviewSchema, interviewDefaults } from "../../shared/schemas/interviews";
import { recordPaymentSchema } from "../../shared/schemas/payments";
import { zonedToUtc } from "../../shared/schemas/schedule";
import { vendorTaskActions } from "../../shared/schemas/tasks";
import { travelComplianceSchema } from "../../shared/schemas/travel";
import { upsertUserWithPassword } from "../auth/users.service";
import type { Config } from "../config";
import type { Db } from "../db/client";
import {
  applications,
  budgetItems,
  emailCampaigns,
  emailLogs,
  emailMarketingTemplates,
  emailSubscribers,
  expenses,
  interviews,
  paymentPlans,
  paymentReminders,
  payments,
  placeOffers,
  retreatSessions,
  roomAssignments,
  rooms,
  settings,
  tasks,
  travelComplianceForms,
  users,
  vendorBookings,
  vendors,
} from "../db/schema";
import { seedBaseData } from "../db/seed";
import type { DbOrTx } from "../db/types";
import { deliverEmail, emailStatus } from "../email/delivery";
import type { FieldCipher } from "../encryption/field-encryption";
import { escalateApplication } from "../features/applications/applications.admin.service";
import { submitApplication } from "../features/applications/applications.service";
import type { Actor as AuditActor } from "../features/audit/audit.service";
import { runCampaignSender } from "../features/email-campaigns/campaign-sender";
import { TokenBucket } from "../features/email-campaigns/campaign-throttle";
import { createCampaign, sendCampaign } from "../features/email-campaigns/email-campaigns.service";
import { importSubscribers } from "../features/email-subscribers/email-subscribers.import";
import { updateSubscriber } from "../features/email-subscribers/email-subscribers.service";
import { createMarketingTemplate } from "../features/email-templates/marketing-templates.service";
import { createBudgetItem } from "../features/finance/budgets.service";
import { approveExpense, createExpense, markExpensePaid } from "../features/finance/expenses.service";
import { inviteGuest } from "../features/guests/guests.service";
import { interviewSettings } from "../features/interviews/interview-records";
import { cancelInterview, completeInterview, createInterview } from "../features/interviews/interviews.service";
import { runReminderSweep } from "../features/payment-reminders/reminder-sweep";
import { markPaymentCompleted, recordManualPayment } from "../features/payments/payments.service";
import { cancelBooking } from "../features/places/cancellation.service";
import { updateRetreat } from "../features/retreats/retreats.admin.service";
import { getCurrentRetreat } from "../features/retreats/retreats.service";
import { assignRoom, createRoom } from "../features/rooms/rooms.service";
import { createSession } from "../features/schedule/schedule.service";
import { payLinkFor } from "../features/stripe/pay-link";
import { changeTaskStatus, createTask } from "../features/tasks/tasks.service";
import { submitTravelForm } from "../features/travel/travel.service";
import { createUser } from "../features/users/users.service";
import { createVendorBooking, updateVendorBooking } from "../features/vendors/vendor-bookings.service";
import { createVendor } from "../features/vendors/vendors.service";
import { joinWaitlist } from "../features/waitlist/waitlist.service";
import { AppError } from "../http/errors";
import {
  advocacyItems,
  type CastEntry,
  demoCast,
  demoProgramme,
  demoSignIns,
  dietaryOptions,
  extraFates,
  type Fate,
  firstNames,
  homeTowns,
  lastNames,
  motivationClosers,
  motivationOpeners,
  submittedDaysAgo,
  subscriberTags,
} from "./demo-cast";
import { demoDefaultSeed, demoMarkerKey, demoRetreatFirstDay, demoRetreatName, Rng } from "./seed-demo";

export { demoSignIns } from "./demo-cast";

export const demoCastSize = demoCast.length;
export const defaultDemoApplications = 50;
export const maxDemoApplications = 2000;
export const defaultDemoSubscribers = 300;
export const maxDemoSubscribers = 50_000;

export type ServiceSeedConfig = Pick<
  Config,
  "publicUrl" | "emailFrom" | "jitsiBaseUrl" | "sessionSecret" | "stripe" | "emailRatePerSecond"
>;

export type ServiceSeedOptions = {
  config: ServiceSeedConfig;
  /** Encrypts passport and medical fields as the app does. */
  cipher: FieldCipher;
  /** PRNG seed, an integer 0..2^32-1 (default demoDefaultSeed): the same seed gives the same people and texts. */
  seed?: number;
  /** Applications in all, at least the demo cast (default 50); the extra ones never hold a place. */
  applications?: number;
  /** Email subscribers imported through the CSV import (default 300). */
  subscribers?: number;
  /** "Today" for the dates the seeder chooses; keep it near the real time (some services use their own clock). */
  now?: Date;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
};

export type ServiceSeedCounts = {
  users: number;
  applications: number;
  interviews: number;
  paymentPlans: number;
  payments: number;
  paymentReminders: number;
  placeOffers: number;
  rooms: number;
  roomAssignments: number;
  travelForms: number;
  sessions: number;
  vendors: number;
  vendorBookings: number;
  tasks: number;
  budgetItems: number;
  expenses: number;
  emailSubscribers: number;
  marketingTemplates: number;
  emailCampaigns: number;
  emailsLogged: number;
};

export type ServiceSeedSummary = {
  skipped: boolean;
  message: string;
  retreatId: string | null;
  seed: number;
  /** Rows in each table after seeding (all zero when skipped). */
  counts: ServiceSeedCounts;
  retreatDates: { startDate: string; endDate: string } | null;
};

/** The demo acts as a signed-in user (never the anonymous system), from no address. */
type Actor = AuditActor & { userId: string; ipAddress: string | null; userAgent: string | null };

const seedUserAgent = "npm run seed:demo";
const hour = 3_600_000;
const day = 24 * hour;

/** "Zoë O'Brien" -> "zoe", "o-brien". */
function slug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, "-")
    .replace(/^-|-$/g, "");
}

function validateOptions(options: ServiceSeedOptions) {
  const seed = options.seed ?? demoDefaultSeed;
  const applicationCount = options.applications ?? defaultDemoApplications;
  const subscriberCount = options.subscribers ?? defaultDemoSubscribers;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`seed must be an integer from 0 to ${0xffffffff}, got ${seed}`);
  }
  if (
    !Number.isInteger(applicationCount) ||
    applicationCount < demoCastSize ||
    applicationCount > maxDemoApplications
  ) {
    throw new RangeError(
      `applications must be an integer from ${demoCastSize} to ${maxDemoApplications}, got ${applicationCount}`,
    );
  }
  if (!Number.isInteger(subscriberCount) || subscriberCount < 0 || subscriberCount > maxDemoSubscribers) {
    throw new RangeError(`subscribers must be an integer from 0 to ${maxDemoSubscribers}, got ${subscriberCount}`);
  }
  return { seed, applicationCount, subscriberCount };
}

const zeroCounts = (): ServiceSeedCounts => ({
  users: 0,
  applications: 0,
  interviews: 0,
  paymentPlans: 0,
  payments: 0,
  paymentReminders: 0,
  placeOffers: 0,
  rooms: 0,
  roomAssignments: 0,
  travelForms: 0,
  sessions: 0,
  vendors: 0,
  vendorBookings: 0,
  tasks: 0,
  budgetItems: 0,
  expenses: 0,
  emailSubscribers: 0,
  marketingTemplates: 0,
  emailCampaigns: 0,
  emailsLogged: 0,
});

export async function seedDemoThroughServices(db: Db, options: ServiceSeedOptions): Promise<ServiceSeedSummary> {
  const { seed, applicationCount, subscriberCount } = validateOptions(options);
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});

  // The retreat, its booking types and the system email templates, as on every start.
  await seedBaseData(db);

  return db.transaction(async (tx) => {
    // The lock seedBaseData and the bulk writer take: two runs at once queue here, the second skips.
    await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
    const [marker] = await tx.select({ id: settings.id }).from(settings).where(eq(settings.key, demoMarkerKey));
    if (marker) {
      return {
        skipped: true,
        message: "Demo data already present; nothing was added.",
        retreatId: null,
        seed,
        counts: zeroCounts(),
        retreatDates: null,
      };
    }
    // Services open their own transactions; inside this one they become savepoints.
    const seeder = new DemoSeeder(tx as unknown as Db, options, { seed, applicationCount, subscriberCount, now, log });
    const result = await seeder.run();
    await tx.insert(settings).values({
      key: demoMarkerKey,
      value: JSON.stringify({ seed, applications: applicationCount, subscribers: subscriberCount, via: "services" }),
      type: "json",
      category: "demo",
      description: "Set by `npm run seed:demo`: this database holds generated demo data.",
    });
    return {
      skipped: false,
      message: "Demo data added.",
      retreatId: result.retreatId,
      seed,
      counts: await countRows(tx),
      retreatDates: result.retreatDates,
    };
  });
}

async function countRows(db: DbOrTx): Promise<ServiceSeedCounts> {
  const n = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return {
    users: await n(users),
    applications: await n(applications),
    interviews: await n(interviews),
    paymentPlans: await n(paymentPlans),
    payments: await n(payments),
    paymentReminders: await n(paymentReminders),
    placeOffers: await n(placeOffers),
    rooms: await n(rooms),
    roomAssignments: await n(roomAssignments),
    travelForms: await n(travelComplianceForms),
    sessions: await n(retreatSessions),
    vendors: await n(vendors),
    vendorBookings: await n(vendorBookings),
    tasks: await n(tasks),
    budgetItems: await n(budgetItems),
    expenses: await n(expenses),
    emailSubscribers: await n(emailSubscribers),
    marketingTemplates: await n(emailMarketingTemplates),
    emailCampaigns: await n(emailCampaigns),
    emailsLogged: Number(
      (await db.select({ n: count() }).from(emailLogs).where(eq(emailLogs.status, emailStatus.logged)))[0]?.n ?? 0,
    ),
  };
}

type Applicant = {
  index: number;
  fate: Fate;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  couple: boolean;
  submittedAt: Date;
};

/** A logger that says nothing (the campaign sender wants one). */
const quietLog = {
  level: "silent",
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  child() {
    return quietLog;
  },
} as unknown as FastifyBaseLogger;

class DemoSeeder {
  private readonly rng: Rng;
  private readonly today: string;
  private readonly links: { publicUrl: string; cipher: FieldCipher };
  private owner!: Actor;
  private staff!: Actor;
  private vendorUser!: Actor;
  private retreatId!: string;
  private retreatStart!: string;
  private retreatEnd!: string;
  private readonly applicants: Applicant[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: ServiceSeedOptions,
    private readonly plan: {
      seed: number;
      applicationCount: number;
      subscriberCount: number;
      now: Date;
      log: (line: string) => void;
    },
  ) {
    this.rng = new Rng(plan.seed);
    this.today = todayIn(interviewDefaults.timeZone, plan.now);
    this.links = { publicUrl: options.config.publicUrl, cipher: options.cipher };
  }

  private get now(): Date {
    return this.plan.now;
  }

  private step(text: string) {
    this.plan.log(text);
  }

  async run(): Promise<{ retreatId: string; retreatDates: { startDate: string; endDate: string } }> {
    this.step("users");
    await this.seedUsers();
    this.step("retreat dates and programme");
    await this.seedRetreat();
    const sessions = await this.seedProgramme();
    this.step("vendors and bookings");
    const vendorIds = await this.seedVendors(sessions);
    this.step("applications");
    await this.submitApplications();
    this.step("interviews, acceptances and stage moves");
    await this.runAdmissions();
    this.step("payments");
    await this.seedPayments();
    this.step("cancelled bookings");
    await this.cancelBookings();
    this.step("guest account, rooms and travel forms");
    await this.seedGuestSide();
    this.step("tasks");
    await this.seedTasks();
    this.step("finance");
    await this.seedFinance(vendorIds);
    this.step("subscribers and campaigns");
    await this.seedEmail();
    this.step("payment reminders");
    await runReminderSweep(
      this.db,
      {
        publicUrl: this.options.config.publicUrl,
        sessionSecret: this.options.config.sessionSecret,
        stripe: this.options.config.stripe,
        cipher: this.options.cipher,
      },
      this.now,
    );
    this.step("outbox");
    await this.deliverOutbox();
    return { retreatId: this.retreatId, retreatDates: { startDate: this.retreatStart, endDate: this.retreatEnd } };
  }

  // -------------------------------------------------------------------------------------------
  // Users: the owner as `npm run user:create` makes one, the rest as an owner adds them.
  // -------------------------------------------------------------------------------------------

  private async seedUsers() {
    const o = demoSignIns.owner;
    const { user: owner } = await upsertUserWithPassword(this.db, {
      email: o.email,
      password: o.password,
      role: "owner",
      firstName: o.firstName,
      lastName: o.lastName,
    });
    this.owner = { userId: owner.id, ipAddress: null, userAgent: seedUserAgent };
    const add = async (who: typeof demoSignIns.staff | typeof demoSignIns.vendor) => {
      const { user } = await createUser(
        this.db,
        {
          email: who.email,
          firstName: who.firstName,
          lastName: who.lastName,
          role: who.role,
          password: who.password,
        },
        { ...this.owner, sessionId: null },
        this.links,
      );
      return { userId: user.id, ipAddress: null, userAgent: seedUserAgent };
    };
    this.staff = await add(demoSignIns.staff);
    this.vendorUser = await add(demoSignIns.vendor);
  }

  // -------------------------------------------------------------------------------------------
  // The retreat: ten days starting about five months from today, in its own time zone.
  // -------------------------------------------------------------------------------------------

  private async seedRetreat() {
    // The retreat the public site shows (seedBaseData made it when there was none).
    const open = await getCurrentRetreat(this.db);
    if (!open) throw new Error("No open retreat found; demo data needs one (seedBaseData creates it).");
    this.retreatId = open.id;
    // The same "about five months ahead" as the bulk writer (one definition).
    this.retreatStart = demoRetreatFirstDay(this.now);
    this.retreatEnd = addDays(this.retreatStart, 9);
    // The default description says the dates are still to be announced; the demo announces them.
    const description =
      "A ten-day vegan activism retreat in Bali: community, advocacy training and luxury villa living for at most 15 guests.";
    await updateRetreat(
      this.db,
      open.id,
      {
        name: demoRetreatName(open.name, this.retreatStart),
        startDate: this.retreatStart,
        endDate: this.retreatEnd,
        ...(open.description === retreatDefaults.description ? { description } : {}),
      },
      this.owner,
    );
  }

  private async seedProgramme(): Promise<Map<string, string[]>> {
    const byTitle = new Map<string, string[]>();
    const days = demoProgramme();
    for (const [index, slots] of days.entries()) {
      const date = addDays(this.retreatStart, index);
      for (const [startTime, endTime, title, type, location, description] of slots) {
        const session = await createSession(
          this.db,
          {
            title,
            description,
            date,
            startTime,
            endTime,
            location,
            type,
            isPublic: type !== "free_time",
            retreatId: this.retreatId,
          },
          this.owner,
        );
        byTitle.set(title, [...(byTitle.get(title) ?? []), session.id]);
      }
    }
    return byTitle;
  }

  // -------------------------------------------------------------------------------------------
  // Vendors: the demo vendor user runs the caterer, booked for meals and the cooking class.
  // -------------------------------------------------------------------------------------------

  private async seedVendors(sessions: Map<string, string[]>): Promise<Record<string, string>> {
    const list = [
      {
        key: "food",
        name: "Green Spoon Plant Kitchen",
        type: "catering",
        email: "hello.greenspoon@example.org",
        phone: "+62 361 555 0144",
        services: ["Catering", "Private chef", "Cooking class"],
        userId: this.vendorUser.userId,
        notes: "Fully plant-based; gluten-free options on request.",
      },
      {
        key: "activities",
        name: "Sunrise Yoga Collective",
        type: "activities",
        email: "team.sunriseyoga@example.org",
        phone: "+62 813 555 0123",
        services: ["Yoga", "Meditation", "Breathwork"],
        userId: null,
        notes: null,
      },
      {
        key: "accommodation",
        name: "Ubud Jungle Villas",
        type: "accommodation",
        email: "reservations.ubudvillas@example.org",
        phone: "+62 361 555 0101",
        services: ["Villa rental", "Housekeeping"],
        userId: null,
        notes: "Deposit of 30% paid; balance due 30 days before arrival.",
      },
      {
        key: "transport",
        name: "Bali Island Transfers",
        type: "transport",
        email: "bookings.balitransfers@example.org",
        phone: "+62 812 555 0199",
        services: ["Airport transfers", "Excursion minibus"],
        userId: null,
        notes: "Waiting for the final arrival list.",
      },
    ];
    const ids: Record<string, string> = {};
    for (const { key, ...vendor } of list) {
      ids[key] = (await createVendor(this.db, vendor, this.owner)).id;
    }
    const book = async (vendorId: string, title: string, which: number[], rate: string, description: string) => {
      const found = sessions.get(title) ?? [];
      const made: string[] = [];
      for (const n of which) {
        const sessionId = found[n];
        if (!sessionId) continue;
        const booking = await createVendorBooking(
          this.db,
          { vendorId, retreatSessionId: sessionId, rate, description },
          this.owner,
        );
        made.push(booking.id);
      }
      return made;
    };
    const food = ids.food!;
    const confirmed = [
      ...(await book(food, "Welcome dinner", [0], "420.00", "Welcome feast for guests and team")),
      ...(await book(food, "Plant-based cooking class", [0], "180.00", "Class and ingredients")),
    ];
    await book(food, "Closing ceremony", [0], "260.00", "Farewell brunch after the ceremony");
    await book(ids.activities!, "Morning yoga and meditation", [0, 1, 2, 3, 4, 5, 6, 7], "60.00", "Morning class");
    await book(ids.transport!, "Arrivals and check-in", [0], "45.00", "Airport pickups");
    await book(ids.transport!, "Departures", [0], "45.00", "Airport drop-offs");
    for (const id of confirmed) await updateVendorBooking(this.db, id, { status: "confirmed" }, this.owner);
    return ids;
  }

  // -------------------------------------------------------------------------------------------
  // Applications: submitted through the public form's service, then dated back.
  // -------------------------------------------------------------------------------------------

  private castEntry(index: number): CastEntry {
    return demoCast[index] ?? { fate: extraFates[(index - demoCastSize) % extraFates.length]! };
  }

  private async submitApplications() {
    const used = new Set<string>();
    for (let index = 0; index < this.plan.applicationCount; index++) {
      const entry = this.castEntry(index);
      // Each application has its own stream, so --applications does not change the cast's people.
      const rng = new Rng((this.plan.seed + Math.imul(index + 1, 0x9e3779b1)) >>> 0);
      const isGuest = entry.fate === "guest";
      let firstName: string = rng.pick(firstNames);
      let lastName: string = rng.pick(lastNames);
      for (let attempt = 0; used.has(`${firstName} ${lastName}`) && attempt < 20; attempt++) {
        lastName = rng.pick(lastNames);
      }
      if (isGuest) ({ firstName, lastName } = demoSignIns.guest);
      used.add(`${firstName} ${lastName}`);
      const [city, country, dial] = rng.pick(homeTowns);
      const years = rng.int(2, 15);
      const fill = (text: string) => text.replace("{years}", String(years)).replace("{city}", city);
      const email = isGuest ? demoSignIns.guest.email : `${slug(firstName)}.${slug(lastName)}.${index + 1}@example.com`;
      const couple = Boolean(entry.couple);
      let partnerFirstName = "";
      let partnerLastName = "";
      if (couple) {
        partnerFirstName = rng.pick(firstNames);
        if (partnerFirstName === firstName) partnerFirstName = rng.pick(firstNames.filter((n) => n !== firstName));
        partnerLastName = rng.chance(0.5) ? lastName : rng.pick(lastNames);
      }
      const phone = () => `${dial} ${rng.int(700, 799)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;
      const input = applicationSubmissionSchema.parse({
        retreatId: this.retreatId,
        firstName,
        lastName,
        email,
        phone: phone(),
        city,
        country,
        instagramHandle: rng.chance(0.5) ? `${slug(firstName)}.for.animals` : "",
        motivations: fill(rng.pick(motivationOpeners)) + rng.pick(motivationClosers),
        advocacyInvolvement: fill(rng.pick(advocacyItems)),
        dietaryNotes: rng.chance(0.35) ? rng.pick(dietaryOptions) : "",
        consentGdpr: true,
        consentMarketing: rng.chance(0.7),
        applicationType: couple ? "couple" : "individual",
        partnerFirstName,
        partnerLastName,
        partnerEmail: couple ? `${slug(partnerFirstName)}.${slug(partnerLastName)}.${index + 1}@example.com` : "",
        partnerPhone: couple ? phone() : "",
        partnerCity: couple ? city : "",
        partnerCountry: couple ? country : "",
        wantsVipUpgrade: Boolean(entry.vip),
      });
      const { id } = await submitApplication(this.db, input, {
        clientIp: "127.0.0.1",
        publicUrl: this.options.config.publicUrl,
      });
      const [minDays, maxDays] = submittedDaysAgo[entry.fate];
      const submittedAt = new Date(
        this.now.getTime() - rng.int(minDays * 24, maxDays * 24) * hour - rng.int(0, 59) * 60_000,
      );
      // The one direct write: the product records "now" as the submission time; the demo has a history.
      await this.db.update(applications).set({ submittedAt, createdAt: submittedAt }).where(eq(applications.id, id));
      this.applicants.push({
        index,
        fate: entry.fate,
        id,
        firstName,
        lastName,
        email,
        couple,
        submittedAt,
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Admissions: screening, interviews (past and upcoming), acceptances, waitlist, declines.
  // -------------------------------------------------------------------------------------------

  private escalate(
    id: string,
    to: "screening" | "interview" | "accepted" | "payment" | "waitlist" | "declined",
    notes?: string,
  ) {
    const config = this.options.config;
    return escalateApplication(
      this.db,
      id,
      to,
      {
        ...this.links,
        notes,
        notify: true,
        payUrlFor: (applicationId, secrets) => payLinkFor(config, applicationId, secrets),
      },
      this.owner,
    );
  }

  private withFate(...fates: Fate[]): Applicant[] {
    return this.applicants.filter((a) => fates.includes(a.fate));
  }

  private async runAdmissions() {
    const settingsFor = interviewSettings(this.options.config);
    const interviewed = this.withFate(
      "guest",
      "accepted",
      "accepted-partial",
      "accepted-unpaid",
      "payment",
      "cancelled-paid",
      "cancelled-unpaid",
      "interview-waitlist",
      "interview-declined",
    ).sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());

    // Screened first (staff read the application), then interviewed some weeks later.
    for (const a of interviewed) await this.escalate(a.id, "screening", "Strong written application.");
    const times = ["10:00", "11:30", "14:00", "15:30"];
    for (const [k, a] of interviewed.entries()) {
      const interviewDay = addDays(this.today, -(6 + 3 * k));
      const scheduledAt = zonedToUtc(interviewDay, times[k % times.length]!, interviewDefaults.timeZone);
      const interviewer = k % 2 === 0 ? this.owner : this.staff;
      // Booked a week before it took place: the service's clock is set to then.
      const bookedAt = new Date(scheduledAt.getTime() - 7 * day);
      const { item } = await createInterview(
        this.db,
        {
          applicationId: a.id,
          scheduledAt: scheduledAt.toISOString(),
          duration: 30,
          interviewerId: interviewer.userId,
        },
        interviewer,
        settingsFor,
        bookedAt,
      );
      const accepted = !a.fate.startsWith("interview-");
      const outcome = accepted ? "accepted" : a.fate === "interview-declined" ? "declined" : "pending";
      const input = completeInterviewSchema.parse({
        outcome,
        rating: accepted ? this.rng.int(4, 5) : outcome === "declined" ? this.rng.int(1, 3) : 3,
        feedback: accepted
          ? "Thoughtful, experienced and a great fit for the group."
          : outcome === "declined"
            ? "Kind and curious, but looking for a holiday more than advocacy training."
            : "Good fit; waiting to see how many places remain.",
        advance: outcome !== "pending",
      });
      try {
        await completeInterview(this.db, item.interview.id, input, interviewer, this.links);
      } catch (error) {
        // The product refused the acceptance (the retreat is full): the applicant waits instead.
        if (!(error instanceof AppError) || error.code !== "conflict" || !accepted) throw error;
        await completeInterview(
          this.db,
          item.interview.id,
          { ...input, outcome: "pending", advance: false },
          interviewer,
          this.links,
        );
        await this.escalate(a.id, "waitlist", "No place left when the interview was completed.");
        a.fate = "interview-waitlist";
        continue;
      }
      if (outcome === "pending") await this.escalate(a.id, "waitlist", "Waitlisted after the interview.");
    }

    // Upcoming interviews over the next two weeks (booking them moves the application to interview).
    const upcoming = this.withFate("upcoming", "upcoming-cancelled");
    for (const [k, a] of upcoming.entries()) {
      if (k % 2 === 0) await this.escalate(a.id, "screening");
      const when = zonedToUtc(
        addDays(this.today, 1 + 2 * k),
        times[(k + 1) % times.length]!,
        interviewDefaults.timeZone,
      );
      const interviewer = k % 2 === 0 ? this.staff : this.owner;
      const { item } = await createInterview(
        this.db,
        { applicationId: a.id, scheduledAt: when.toISOString(), duration: 30, interviewerId: interviewer.userId },
        interviewer,
        settingsFor,
        this.now,
      );
      if (a.fate === "upcoming-cancelled") await cancelInterview(this.db, item.interview.id, interviewer, settingsFor);
    }

    for (const a of this.withFate("screening")) await this.escalate(a.id, "screening");
    for (const a of this.withFate("screening-waitlist")) {
      await this.escalate(a.id, "screening");
      await this.escalate(a.id, "waitlist", "Good application; the retreat is nearly full.");
    }
    for (const a of this.withFate("new-declined")) {
      await this.escalate(a.id, "declined", "Motivation reads as a holiday rather than advocacy.");
    }
  }

  // -------------------------------------------------------------------------------------------
  // Payments: what accepted applicants have paid so far, recorded as staff record it.
  // -------------------------------------------------------------------------------------------

  private async scheduledPayments(applicationId: string) {
    return this.db
      .select({ id: payments.id, amount: payments.amount, planId: payments.paymentPlanId, status: payments.status })
      .from(payments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
      .where(sql`${payments.applicationId} = ${applicationId} and ${paymentPlans.status} = 'active'`)
      .orderBy(payments.dueDate);
  }

  private async seedPayments() {
    for (const a of this.withFate("guest", "accepted", "payment", "cancelled-paid")) {
      const scheduled = await this.scheduledPayments(a.id);
      const method = a.index % 2 === 0 ? "bank_transfer" : "card";
      const take = a.fate === "payment" ? 2 : 1;
      for (const p of scheduled.slice(0, take)) {
        if (p.status === "pending") await markPaymentCompleted(this.db, p.id, method, this.owner);
      }
      if (a.fate === "payment") await this.escalate(a.id, "payment", "Deposit and first instalment received.");
    }
    for (const a of this.withFate("accepted-partial")) {
      const [first] = await this.scheduledPayments(a.id);
      if (!first?.planId) continue;
      const input = recordPaymentSchema.parse({
        paymentPlanId: first.planId,
        amount: "250.00",
        paymentMethod: "bank_transfer",
        paidAt: new Date(this.now.getTime() - 3 * hour).toISOString(),
        description: "First part of the deposit",
      });
      await recordManualPayment(this.db, input, this.owner);
    }
  }

  /** Two bookings cancelled after acceptance: plans cancelled, a refund where money was paid, places offered on. */
  private async cancelBookings() {
    const reasons: Partial<Record<Fate, string>> = {
      "cancelled-paid": "Family emergency, cannot travel",
      "cancelled-unpaid": "Changed jobs and cannot get the time off",
    };
    for (const a of this.withFate("cancelled-paid", "cancelled-unpaid")) {
      await cancelBooking(this.db, a.id, { reason: reasons[a.fate]! }, this.owner, this.links, this.now);
    }
  }

  // -------------------------------------------------------------------------------------------
  // The guest side: rooms for everyone holding a place, the demo guest's portal account and
  // travel forms.
  // -------------------------------------------------------------------------------------------

  private async holdingPlaces(): Promise<Applicant[]> {
    const rows = await this.db
      .select({ id: applications.id, stage: applications.stage })
      .from(applications)
      .where(inArray(applications.stage, ["accepted", "payment"]));
    const holding = new Set(rows.map((r) => r.id));
    return this.applicants.filter((a) => holding.has(a.id));
  }

  private async seedGuestSide() {
    const roomList = [
      ["Frangipani", "Double", 2],
      ["Hibiscus", "Double", 2],
      ["Lotus", "Twin", 2],
      ["Bamboo", "Twin", 2],
      ["Jasmine", "Twin", 2],
      ["Banyan", "Triple", 3],
      ["Orchid", "Twin", 2],
    ] as const;
    const made: { id: string; free: number }[] = [];
    for (const [name, type, capacity] of roomList) {
      const room = await createRoom(this.db, { name, type, capacity, retreatId: this.retreatId }, this.owner);
      made.push({ id: room.id, free: capacity });
    }
    // Couples first (they need a room with two free beds), then everyone else.
    const holding = (await this.holdingPlaces()).sort((a, b) => Number(b.couple) - Number(a.couple));
    for (const a of holding) {
      const beds = a.couple ? 2 : 1;
      const room = made.find((r) => r.free >= beds);
      if (!room) break;
      await assignRoom(this.db, { roomId: room.id, applicationId: a.id }, this.owner);
      room.free -= beds;
    }

    const guest = this.applicants.find((a) => a.fate === "guest");
    if (guest && holding.some((a) => a.id === guest.id)) {
      const g = demoSignIns.guest;
      // An account with the guest's password first, then staff invite the application onto it.
      await createUser(
        this.db,
        { email: g.email, firstName: g.firstName, lastName: g.lastName, role: "guest", password: g.password },
        { ...this.owner, sessionId: null },
        this.links,
      );
      await inviteGuest(this.db, guest.id, this.owner, this.links);
    }

    const travellers = holding.filter((a) => a.fate === "guest" || a.fate === "payment");
    for (const [k, a] of travellers.entries()) {
      const input = travelComplianceSchema.parse({
        applicationId: a.id,
        insuranceProvider: k % 2 === 0 ? "World Nomads" : "True Traveller",
        insurancePolicyNumber: `WN-${400_000 + a.index * 37}`,
        insuranceCoverage: "Medical, repatriation and cancellation",
        insuranceExpiryDate: addMonths(this.retreatEnd, 3),
        outboundFlightNumber: k % 2 === 0 ? "SQ 938" : "QR 962",
        outboundDepartureDate: `${addDays(this.retreatStart, -1)}T21:40`,
        outboundArrivalDate: `${this.retreatStart}T13:05`,
        outboundDepartureAirport: "LHR",
        outboundArrivalAirport: "DPS",
        returnFlightNumber: k % 2 === 0 ? "SQ 947" : "QR 963",
        returnDepartureDate: `${this.retreatEnd}T16:30`,
        returnArrivalDate: `${addDays(this.retreatEnd, 1)}T06:55`,
        returnDepartureAirport: "DPS",
        returnArrivalAirport: "LHR",
        emergencyContactName: `${a.lastName === "Morgan" ? "Ruth" : "Alex"} ${a.lastName}`,
        emergencyContactRelationship: "Parent",
        emergencyContactPhone: "+44 7700 900123",
        emergencyContactEmail: "",
        passportNumber: `5${String(10_000_000 + a.index * 7_331).slice(0, 8)}`,
        passportExpiryDate: addMonths(this.today, 60),
        nationality: "British",
        allergies: k === 0 ? "Tree nuts" : "",
        medications: "",
        medicalConditions: "",
        dietaryRequirements: "Vegan (of course)",
        specialRequests: k === 0 ? "A quiet room if possible" : "",
        airportPickupRequired: true,
      });
      await submitTravelForm(this.db, input, {
        publicUrl: this.options.config.publicUrl,
        cipher: this.options.cipher,
        submitter: { userId: null, ipAddress: "127.0.0.1", userAgent: seedUserAgent },
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Tasks: due dates around today; the vendor's own tasks moved by the vendor.
  // -------------------------------------------------------------------------------------------

  private async seedTasks() {
    type TaskPlan = [
      title: string,
      category: string,
      description: string,
      dueInDays: number,
      assignee: "owner" | "staff" | "vendor",
      status: "pending" | "in_progress" | "review" | "completed",
      priority: "low" | "medium" | "high" | "urgent",
    ];
    const list: TaskPlan[] = [
      [
        "Confirm villa booking deposit",
        "finance",
        "Get the villa's receipt for the 30% deposit.",
        -20,
        "owner",
        "completed",
        "high",
      ],
      [
        "Draft Instagram launch posts",
        "marketing",
        "Three posts and stories for the application launch.",
        -12,
        "staff",
        "completed",
        "medium",
      ],
      [
        "Chase unpaid deposits",
        "finance",
        "Call the accepted guests whose deposit is still open.",
        -1,
        "owner",
        "in_progress",
        "urgent",
      ],
      [
        "Send welcome pack to accepted guests",
        "guests",
        "Packing list, arrival instructions and the schedule.",
        3,
        "staff",
        "in_progress",
        "high",
      ],
      [
        "Share the welcome dinner menu",
        "vendor",
        "Menu and allergen sheet for the first evening.",
        5,
        "vendor",
        "review",
        "medium",
      ],
      [
        "Update waitlist subscribers",
        "marketing",
        "Tell the waitlist how many places remain.",
        7,
        "staff",
        "pending",
        "medium",
      ],
      [
        "Collect dietary requirements",
        "guests",
        "Share the final list with Green Spoon Plant Kitchen.",
        14,
        "staff",
        "pending",
        "high",
      ],
      [
        "Confirm cooking class ingredients",
        "vendor",
        "Quantities for 15 guests plus the team.",
        21,
        "vendor",
        "in_progress",
        "medium",
      ],
      [
        "Prepare facilitator contracts",
        "finance",
        "Day rates, travel and accommodation terms.",
        30,
        "owner",
        "pending",
        "medium",
      ],
      [
        "Review travel insurance documents",
        "guests",
        "Every guest needs cover before the balance is due.",
        45,
        "staff",
        "pending",
        "high",
      ],
      [
        "Arrange sanctuary visit",
        "programme",
        "Agree the date, donation and transport with the sanctuary.",
        60,
        "owner",
        "pending",
        "medium",
      ],
      [
        "Book airport transfers for arrivals",
        "logistics",
        "Match the flight list to minibus pickups.",
        90,
        "staff",
        "pending",
        "high",
      ],
      [
        "Plan the farewell brunch",
        "vendor",
        "Menu and timing after the closing ceremony.",
        120,
        "vendor",
        "pending",
        "low",
      ],
      [
        "Check first-aid kit",
        "logistics",
        "Restock, add rehydration salts and insect repellent.",
        140,
        "staff",
        "pending",
        "low",
      ],
    ];
    const people = { owner: this.owner, staff: this.staff, vendor: this.vendorUser };
    for (const [title, category, description, dueInDays, assignee, status, priority] of list) {
      const task = await createTask(
        this.db,
        {
          title,
          description,
          category,
          priority,
          assigneeId: people[assignee].userId,
          dueDate: addDays(this.today, dueInDays),
          retreatId: this.retreatId,
        },
        this.owner,
      );
      // The vendor moves their own tasks with the portal's buttons; staff approve.
      const mover = assignee === "vendor" ? this.vendorUser : this.owner;
      const path = ["in_progress", "review", "completed"] as const;
      for (const to of path.slice(0, path.indexOf(status as (typeof path)[number]) + 1)) {
        const actor = to === "completed" ? this.owner : mover;
        // The vendor portal's own limits: only their tasks, only start and complete.
        const vendorLimits = { allowed: vendorTaskActions, onlyAssignee: this.vendorUser.userId };
        await changeTaskStatus(this.db, task.id, to, {
          via: "button",
          actor,
          ...(actor === this.vendorUser ? vendorLimits : {}),
        });
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Finance: a budget per category and a handful of vendor expenses at various stages.
  // -------------------------------------------------------------------------------------------

  private async seedFinance(vendorIds: Record<string, string>) {
    const budget = [
      ["accommodation", "Villa rental, ten nights", "8500.00"],
      ["food", "Plant-based catering", "5200.00"],
      ["transport", "Airport transfers and excursions", "1400.00"],
      ["activities", "Yoga, workshops and sanctuary visit", "2600.00"],
      ["staff", "Facilitators and photographer", "3800.00"],
      ["utilities", "Wi-Fi, power and water", "450.00"],
    ] as const;
    for (const [category, description, budgetedAmount] of budget) {
      await createBudgetItem(
        this.db,
        {
          category,
          description,
          budgetedAmount,
          isParticipantCost: category !== "staff" && category !== "utilities",
          retreatId: this.retreatId,
        },
        this.owner,
      );
    }
    const spend = [
      ["Villa deposit (30%)", "2550.00", "accommodation", -40, "paid", "bank_transfer"],
      ["Catering deposit", "1000.00", "food", -25, "paid", "bank_transfer"],
      ["Yoga teacher retainer", "240.00", "activities", -10, "approved", "card"],
      ["Minibus reservation", "90.00", "transport", -4, "pending", "card"],
    ] as const;
    for (const [description, amount, category, daysAgo, status, paymentMethod] of spend) {
      const expense = await createExpense(
        this.db,
        {
          description,
          amount,
          category,
          expenseDate: addDays(this.today, daysAgo),
          paymentMethod,
          vendorId: vendorIds[category] ?? null,
          retreatId: this.retreatId,
        },
        this.owner,
      );
      if (status === "approved" || status === "paid") await approveExpense(this.db, expense.id, this.owner);
      if (status === "paid") await markExpensePaid(this.db, expense.id, this.owner);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Email: subscribers imported as staff import a list, a few waitlist sign-ups, templates,
  // and campaigns sent through the campaign engine (nothing leaves the machine: "logged").
  // -------------------------------------------------------------------------------------------

  private async seedEmail() {
    const rng = new Rng(this.plan.seed ^ 0x5eed);
    if (this.plan.subscriberCount > 0) {
      const lines = ["email,first_name,last_name,segment,tags"];
      for (let i = 0; i < this.plan.subscriberCount; i++) {
        const first = rng.pick(firstNames);
        const last = rng.pick(lastNames);
        const tags = rng.chance(0.6) ? rng.pick(subscriberTags) : "";
        lines.push(`${slug(first)}.${slug(last)}.s${i + 1}@example.com,${first},"${last}",waitlist,${tags}`);
      }
      await importSubscribers(
        this.db,
        { csv: lines.join("\n"), dryRun: false, segment: "waitlist", tags: ["bali"], marketingConsent: true },
        this.owner,
        this.now,
      );
      // A handful asked staff to take them off the list.
      const unsubscribe = await this.db
        .select({ id: emailSubscribers.id })
        .from(emailSubscribers)
        .where(sql`${emailSubscribers.source} = 'admin_upload'`)
        .orderBy(emailSubscribers.email)
        .limit(Math.min(5, Math.floor(this.plan.subscriberCount / 50)));
      for (const { id } of unsubscribe)
        await updateSubscriber(this.db, id, { unsubscribed: true }, this.owner, this.now);
    }
    for (const name of ["Priya Raman", "Tom Ellis", "Keiko Mori"]) {
      await joinWaitlist(
        this.db,
        { name, email: `${slug(name)}.waitlist@example.com`, website: "" },
        { clientIp: "127.0.0.1", publicUrl: this.options.config.publicUrl },
      );
    }

    const update = await createMarketingTemplate(
      this.db,
      {
        name: "Waitlist update",
        description: "Regular update for people on the waitlist.",
        category: "newsletter",
        subject: "An update on {{ retreatName }}, {{ firstName }}",
        content:
          "Hi {{ firstName }},\n\nHere is the latest on **{{ retreatName }}** ({{ retreatDates }}).\n\nPlaces are filling up: [apply here]({{ applyUrl }}).",
        isActive: true,
      },
      this.owner,
    );
    const announcement = await createMarketingTemplate(
      this.db,
      {
        name: "Applications open",
        description: "Announcement when applications open.",
        category: "announcement",
        subject: "Applications are open: {{ retreatName }}",
        content:
          "Hi {{ firstName }},\n\nTen days, fifteen activists, one villa: {{ retreatDates }}.\n\n[Apply today]({{ applyUrl }}).",
        isActive: true,
      },
      this.owner,
    );
    const campaign = async (name: string, template: typeof update, send: boolean, tags: string[] = []) => {
      const created = await createCampaign(
        this.db,
        {
          name,
          subject: template.subject,
          content: template.content,
          campaignType: "marketing",
          targetSegments: ["waitlist"],
          targetTags: tags,
          fromName: "Retreat HQ",
          fromEmail: "",
          replyTo: "",
          templateId: template.id,
        },
        this.owner,
        this.options.config.emailFrom,
      );
      if (send) await this.sendNow(created.id);
    };
    const hasSubscribers = this.plan.subscriberCount > 0;
    await campaign("Applications are open", announcement, true);
    await campaign("Waitlist update: places are going", update, hasSubscribers, hasSubscribers ? ["bali"] : []);
    await campaign("Final places remaining", update, false);
  }

  /** Sends a draft now, as the Send button does, and runs the sender until it is done. */
  private async sendNow(campaignId: string) {
    await sendCampaign(this.db, campaignId, {}, this.owner, this.now);
    // Nothing is handed to a mail server (no transport), so the provider's rate limit does not apply.
    const rate = Math.max(this.options.config.emailRatePerSecond, 10_000);
    const deps = {
      db: this.db,
      transport: null,
      bucket: new TokenBucket(rate),
      ratePerSecond: rate,
      publicUrl: this.options.config.publicUrl,
      log: quietLog,
      stopping: () => false,
      sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
      requeue: async () => {},
    };
    for (let run = 0; run < 20; run++) {
      const outcome = await runCampaignSender(deps, campaignId);
      if (outcome !== "continued") return;
    }
  }

  /** Every email the product queued, through its no-SMTP path: kept in the outbox as "logged". */
  private async deliverOutbox() {
    const queued = await this.db
      .select({ id: emailLogs.id })
      .from(emailLogs)
      .where(eq(emailLogs.status, emailStatus.queued));
    const context = {
      db: this.db,
      transport: null,
      from: this.options.config.emailFrom,
      cipher: this.options.cipher,
      publicUrl: this.options.config.publicUrl,
    };
    for (const { id } of queued) await deliverEmail(context, id);
  }
}
