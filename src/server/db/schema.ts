/**
 * The complete database schema (spec/back-office.md section 3 "Full data schema", plus the
 * additions recorded in docs/decisions/002-schema-additions.md).
 *
 * Conventions:
 * - TypeScript property names are camelCase as the spec names fields; SQL names are snake_case.
 * - ids are uuid (gen_random_uuid()); every table except `sessions` has createdAt/updatedAt.
 * - Instants are timestamptz; pure calendar dates are `date` (read as "YYYY-MM-DD" strings).
 * - Money is numeric(10,2), read as strings so no precision is lost; currency defaults to GBP.
 * - Enumerated values (stage, role, statuses) are plain text with defaults, not pg enums, so
 *   adding a value needs no migration of a type.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// ---------------------------------------------------------------------------------------------
// Column helpers
// ---------------------------------------------------------------------------------------------

export type Json = Record<string, unknown>;
/**
 * An email attachment kept with its outbox row, so a retry sends the same file: text as it is
 * (an interview's .ics), or a binary file (a receipt's PDF) as base64 with `encoding: "base64"`.
 */
export type EmailAttachment = { filename: string; contentType: string; content: string; encoding?: "base64" };
/** One line of what a receipt or credit note paid for: "Deposit", £500. */
export type ReceiptItem = { label: string; amount: string };

const id = () => uuid("id").primaryKey().defaultRandom();

/** createdAt and updatedAt; updatedAt is refreshed by Drizzle on every update it issues. */
const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: "string" });
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
const currency = () => text("currency").notNull().default("GBP");
const jsonObject = (name: string) => jsonb(name).$type<Json>().notNull().default(sql`'{}'::jsonb`);
const jsonList = <T = string>(name: string) => jsonb(name).$type<T[]>().notNull().default(sql`'[]'::jsonb`);
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

// ---------------------------------------------------------------------------------------------
// Users and login sessions
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull().unique(),
    /** argon2id hash; null for accounts that sign in through OIDC only. */
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    role: text("role").notNull().default("staff"),
    permissions: jsonObject("permissions"),
    isActive: boolean("is_active").notNull().default(true),
    lastLoginAt: tstz("last_login_at"),
    /** A guest's accepted application: what the guest portal shows them. */
    applicationId: uuid("application_id").references((): AnyPgColumn => applications.id, { onDelete: "set null" }),
    /** Secret for the guest's personal calendar feed URL (.ics); rotate to revoke. */
    calendarToken: text("calendar_token").unique(),
    /** The season this user works on in the back office (the season switcher); null: the current one. */
    selectedRetreatId: uuid("selected_retreat_id").references((): AnyPgColumn => retreats.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_application_id_idx").on(t.applicationId),
  ],
);

/** Server-side login sessions (connect-pg-simple shape: sid, sess, expire). */
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").$type<Json>().notNull(),
    expire: tstz("expire").notNull(),
    // cascade: deactivating or deleting a user can end every session they hold
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_id_idx").on(t.userId)],
);

/**
 * Request counters for rate limits, shared by every app process on one database (a fixed
 * window per key: route plus client address). Rows past resetAt are reused or swept.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: tstz("reset_at").notNull(),
  },
  (t) => [index("rate_limit_hits_reset_at_idx").on(t.resetAt)],
);

/**
 * Single-use, expiring links that let a user set their password (new accounts, resets). Only a
 * SHA-256 of the token is stored, so the table leaks no working links.
 */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    purpose: text("purpose").notNull().default("set_password"),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("password_tokens_user_id_idx").on(t.userId)],
);

/**
 * One-time codes of the links that create the first owner (/setup/<code>): each start-up without
 * an active owner prints one, so several processes may each have their own. Only the SHA-256 of a
 * code is stored. Valid until an active owner exists; the owner's creation deletes them all.
 */
export const setupCodes = pgTable("setup_codes", {
  id: id(),
  codeHash: text("code_hash").notNull().unique(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Retreats, booking types, applications
// ---------------------------------------------------------------------------------------------

export const retreats = pgTable(
  "retreats",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    startDate: day("start_date"),
    endDate: day("end_date"),
    capacity: integer("capacity").notNull().default(15),
    location: text("location").notNull().default("Bali, Indonesia"),
    status: text("status").notNull().default("planning"),
    pricePerPerson: money("price_per_person"),
    currency: currency(),
    /** IANA zone in which the retreat's dates and times are shown. */
    timezone: text("timezone").notNull().default("Asia/Makassar"),
    ...timestamps(),
  },
  (t) => [index("retreats_status_idx").on(t.status)],
);

export const bookingTypes = pgTable(
  "booking_types",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    displayName: text("display_name"),
    description: text("description"),
    basePrice: money("base_price").notNull(),
    currency: currency(),
    depositAmount: money("deposit_amount").notNull().default("500.00"),
    maxOccupancy: integer("max_occupancy").notNull().default(1),
    isAddon: boolean("is_addon").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    priority: integer("priority").notNull().default(0),
    features: jsonList("features"),
    metadata: jsonObject("metadata"),
    ...timestamps(),
  },
  (t) => [index("booking_types_retreat_id_idx").on(t.retreatId)],
);

export const applications = pgTable(
  "applications",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    bookingTypeId: uuid("booking_type_id").references(() => bookingTypes.id, {
      onDelete: "set null",
    }),
    /** individual or couple; a couple is one application carrying the partner's details. */
    applicationType: text("application_type").notNull().default("individual"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email").notNull(),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    city: text("city"),
    country: text("country"),
    partnerFirstName: text("partner_first_name"),
    partnerLastName: text("partner_last_name"),
    partnerEmail: text("partner_email"),
    partnerPhone: text("partner_phone"),
    partnerCity: text("partner_city"),
    partnerCountry: text("partner_country"),
    instagramHandle: text("instagram_handle"),
    linkedinUrl: text("linkedin_url"),
    websiteUrl: text("website_url"),
    motivations: text("motivations"),
    advocacyInvolvement: text("advocacy_involvement"),
    roomPreference: text("room_preference"),
    wantsVipUpgrade: boolean("wants_vip_upgrade").notNull().default(false),
    dietaryNotes: text("dietary_notes"),
    medicalNotes: text("medical_notes"),
    mobilityNotes: text("mobility_notes"),
    additionalInfo: text("additional_info"),
    stage: text("stage").notNull().default("new"),
    score: integer("score").notNull().default(0),
    scoreReasons: jsonList("score_reasons"),
    interviewNotes: text("interview_notes"),
    internalNotes: text("internal_notes"),
    consentGdpr: boolean("consent_gdpr").notNull().default(false),
    consentMarketing: boolean("consent_marketing").notNull().default(false),
    /** The applicant asked to stay on the priority list: a declined application is then kept, not anonymised. */
    keepOnPriorityList: boolean("keep_on_priority_list").notNull().default(false),
    /** When the application last entered the declined stage; retention counts from here. */
    declinedAt: tstz("declined_at"),
    /** When the application first entered accepted (or payment); the guest journey counts from here. */
    acceptedAt: tstz("accepted_at"),
    /** Set when retention or an erasure request replaced the personal data with placeholders. */
    anonymisedAt: tstz("anonymised_at"),
    submittedAt: tstz("submitted_at").notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    // No index on retreat_id or stage alone: applications_retreat_stage_submitted_idx and
    // applications_stage_submitted_id_idx below start with them and serve the same look-ups, so
    // each would only be one more index written per application (decision 020).
    index("applications_declined_at_idx").on(t.declinedAt),
    index("applications_submitted_at_idx").on(t.submittedAt),
    index("applications_email_lower_idx").on(sql`lower(${t.email})`),
    // The admin list's filters, sorts and prefix searches (features/applications): each
    // expression must match the query's text exactly, and "C" collation lets LIKE 'x%' use it.
    index("applications_retreat_stage_submitted_idx").on(t.retreatId, t.stage, t.submittedAt),
    index("applications_stage_submitted_id_idx").on(t.stage, t.submittedAt, t.id),
    index("applications_full_name_prefix_idx").on(
      sql`(lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) collate "C")`,
      t.id,
    ),
    index("applications_last_name_prefix_idx").on(sql`(lower(coalesce(${t.lastName}, '')) collate "C")`),
    index("applications_email_prefix_idx").on(sql`(lower(${t.email}) collate "C")`, t.id),
    index("applications_country_prefix_idx").on(sql`(lower(coalesce(${t.country}, '')) collate "C")`, t.id),
    index("applications_score_id_idx").on(t.score, t.id),
    index("applications_stage_order_idx").on(
      sql`(coalesce(array_position(array['new','screening','interview','accepted','payment','waitlist','declined']::text[], ${t.stage}), 99))`,
      t.id,
    ),
    check("applications_score_range", sql`${t.score} between 0 and 100`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Vendors (declared before finance tables that reference them)
// ---------------------------------------------------------------------------------------------

export const vendors = pgTable(
  "vendors",
  {
    id: id(),
    name: text("name").notNull(),
    /** The vendor user who signs in to the vendor portal for this vendor. */
    userId: uuid("user_id")
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    type: text("type"),
    email: text("email"),
    phone: text("phone"),
    services: textList("services"),
    rates: jsonObject("rates"),
    bankDetails: jsonb("bank_details").$type<Json>(),
    contractStatus: text("contract_status").notNull().default("pending"),
    contractSignedAt: tstz("contract_signed_at"),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("vendors_name_idx").on(t.name)],
);

// ---------------------------------------------------------------------------------------------
// Finance: budget, expenses, vendor payments, staff, accommodation, revenue, reports
// ---------------------------------------------------------------------------------------------

export const budgetItems = pgTable(
  "budget_items",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    category: text("category").notNull().default("accommodation"),
    description: text("description").notNull(),
    budgetedAmount: money("budgeted_amount").notNull().default("0.00"),
    actualAmount: money("actual_amount").notNull().default("0.00"),
    currency: currency(),
    isPaid: boolean("is_paid").notNull().default(false),
    notes: text("notes"),
    beneficiaryType: text("beneficiary_type").notNull().default("participant"),
    /** Polymorphic (participant, staff member, ...), so no foreign key. */
    beneficiaryId: text("beneficiary_id"),
    costModel: text("cost_model").notNull().default("total"),
    participantCount: integer("participant_count"),
    startDate: day("start_date"),
    endDate: day("end_date"),
    activityId: text("activity_id"),
    isParticipantCost: boolean("is_participant_cost").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("budget_items_retreat_id_idx").on(t.retreatId, t.category)],
);

export const budgetAdjustments = pgTable(
  "budget_adjustments",
  {
    id: id(),
    budgetItemId: uuid("budget_item_id")
      .notNull()
      .references(() => budgetItems.id, { onDelete: "cascade" }),
    previousAmount: money("previous_amount"),
    newAmount: money("new_amount").notNull(),
    adjustmentReason: text("adjustment_reason"),
    adjustedBy: uuid("adjusted_by").references(() => users.id, { onDelete: "set null" }),
    adjustedAt: tstz("adjusted_at").notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [index("budget_adjustments_budget_item_id_idx").on(t.budgetItemId)],
);

export const expenses = pgTable(
  "expenses",
  {
    id: id(),
    // restrict: spent money is kept; a retreat with expenses cannot be deleted by accident
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "restrict" }),
    budgetItemId: uuid("budget_item_id").references(() => budgetItems.id, {
      onDelete: "set null",
    }),
    vendorId: uuid("vendor_id").references(() => vendors.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amount: money("amount").notNull(),
    currency: currency(),
    expenseDate: day("expense_date").notNull().default(sql`CURRENT_DATE`),
    category: text("category").notNull().default("accommodation"),
    subcategory: text("subcategory"),
    receiptNumber: text("receipt_number"),
    invoiceNumber: text("invoice_number"),
    paymentMethod: text("payment_method").notNull().default("card"),
    status: text("status").notNull().default("pending"),
    approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "set null" }),
    approvedAt: tstz("approved_at"),
    paidAt: tstz("paid_at"),
    rejectionReason: text("rejection_reason"),
    notes: text("notes"),
    receiptUrl: text("receipt_url"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    beneficiaryType: text("beneficiary_type").notNull().default("participant"),
    beneficiaryId: text("beneficiary_id"),
    activityId: text("activity_id"),
    isParticipantCost: boolean("is_participant_cost").notNull().default(true),
    costModel: text("cost_model").notNull().default("total"),
    participantCount: integer("participant_count"),
    startDate: day("start_date"),
    endDate: day("end_date"),
    tripCount: integer("trip_count"),
    ...timestamps(),
  },
  (t) => [
    index("expenses_retreat_id_status_idx").on(t.retreatId, t.status),
    index("expenses_budget_item_id_idx").on(t.budgetItemId),
    index("expenses_vendor_id_idx").on(t.vendorId),
  ],
);

export const vendorPayments = pgTable(
  "vendor_payments",
  {
    id: id(),
    // restrict: payments to vendors are accounting records
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "restrict" }),
    vendorId: uuid("vendor_id").references(() => vendors.id, { onDelete: "restrict" }),
    expenseId: uuid("expense_id").references(() => expenses.id, { onDelete: "set null" }),
    amount: money("amount").notNull(),
    currency: currency(),
    paymentMethod: text("payment_method"),
    paymentReference: text("payment_reference"),
    paymentDate: day("payment_date"),
    status: text("status").notNull().default("pending"),
    approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "set null" }),
    approvedAt: tstz("approved_at"),
    notes: text("notes"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("vendor_payments_retreat_id_status_idx").on(t.retreatId, t.status),
    index("vendor_payments_vendor_id_idx").on(t.vendorId),
  ],
);

export const staffMembers = pgTable(
  "staff_members",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role"),
    email: text("email"),
    phone: text("phone"),
    status: text("status").notNull().default("confirmed"),
    dailyRate: money("daily_rate"),
    totalDays: integer("total_days"),
    accommodationIncluded: boolean("accommodation_included").notNull().default(true),
    mealsIncluded: boolean("meals_included").notNull().default(true),
    transportIncluded: boolean("transport_included").notNull().default(false),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [index("staff_members_retreat_id_idx").on(t.retreatId)],
);

export const accommodationBookings = pgTable(
  "accommodation_bookings",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type"),
    checkInDate: day("check_in_date"),
    checkOutDate: day("check_out_date"),
    checkInTime: time("check_in_time").notNull().default("15:00"),
    checkOutTime: time("check_out_time").notNull().default("11:00"),
    address: text("address"),
    totalCost: money("total_cost"),
    currency: currency(),
    capacity: integer("capacity"),
    bookingReference: text("booking_reference"),
    bookingUrl: text("booking_url"),
    contactInfo: text("contact_info"),
    isPrimary: boolean("is_primary").notNull().default(false),
    isParticipantCost: boolean("is_participant_cost").notNull().default(true),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [index("accommodation_bookings_retreat_id_idx").on(t.retreatId)],
);

export const participantRevenue = pgTable(
  "participant_revenue",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    /** The participant is an (accepted) application. */
    participantId: uuid("participant_id").references(() => applications.id, {
      onDelete: "set null",
    }),
    revenueType: text("revenue_type"),
    description: text("description"),
    amount: money("amount").notNull(),
    currency: currency(),
    dueDate: day("due_date"),
    paidDate: day("paid_date"),
    status: text("status").notNull().default("pending"),
    paymentMethod: text("payment_method"),
    paymentReference: text("payment_reference"),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [
    index("participant_revenue_retreat_id_idx").on(t.retreatId),
    index("participant_revenue_participant_id_idx").on(t.participantId),
  ],
);

export const financialReports = pgTable(
  "financial_reports",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    reportType: text("report_type").notNull(),
    reportData: jsonObject("report_data"),
    reportPeriodStart: day("report_period_start"),
    reportPeriodEnd: day("report_period_end"),
    generatedBy: uuid("generated_by").references(() => users.id, { onDelete: "set null" }),
    generatedAt: tstz("generated_at").notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [index("financial_reports_retreat_id_idx").on(t.retreatId)],
);

// ---------------------------------------------------------------------------------------------
// Email: transactional templates and log (declared before payment reminders reference them)
// ---------------------------------------------------------------------------------------------

export const emailTemplates = pgTable(
  "email_templates",
  {
    id: id(),
    name: text("name").notNull(),
    /** A season's own copy of the message; null: the default every season without a copy uses. */
    retreatId: uuid("retreat_id").references((): AnyPgColumn => retreats.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    type: text("type"),
    variables: jsonList("variables"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("email_templates_default_name_idx").on(t.name).where(sql`${t.retreatId} is null`),
    uniqueIndex("email_templates_retreat_name_idx").on(t.retreatId, t.name).where(sql`${t.retreatId} is not null`),
  ],
);

export const emailLogs = pgTable(
  "email_logs",
  {
    id: id(),
    templateId: uuid("template_id").references(() => emailTemplates.id, { onDelete: "set null" }),
    recipientEmail: text("recipient_email").notNull(),
    recipientName: text("recipient_name"),
    subject: text("subject").notNull(),
    body: text("body"),
    /** Plain-text part sent beside the HTML body. */
    textBody: text("text_body"),
    /** Which message this is (application_received, waitlist_welcome, ...), for the outbox and admin views. */
    kind: text("kind"),
    /** Set when a message must go at most once (for example one welcome per subscriber). */
    idempotencyKey: text("idempotency_key").unique(),
    /** Set for campaign messages (and campaign test sends), so the outbox can be filtered by campaign. */
    campaignId: uuid("campaign_id").references(() => emailCampaigns.id, { onDelete: "set null" }),
    /** Files sent with the message (an interview's .ics invitation); small text content only. */
    attachments: jsonList<EmailAttachment>("attachments"),
    /**
     * The credential tokens (set-password, booking, offer, pay links) that body and textBody show
     * only as markers, AES-256-GCM encrypted under DATA_ENCRYPTION_KEY (src/server/email/hidden-links.ts).
     * The sender puts them back into the message it hands to SMTP and clears this once sent, so
     * neither staff reading the outbox nor a dump of this table hold a working link.
     */
    sealedSecrets: text("sealed_secrets"),
    status: text("status").notNull().default("sent"),
    sentAt: tstz("sent_at"),
    errorMessage: text("error_message"),
    ...timestamps(),
  },
  (t) => [
    index("email_logs_created_at_idx").on(t.createdAt),
    index("email_logs_recipient_email_idx").on(t.recipientEmail),
    index("email_logs_campaign_id_idx").on(t.campaignId),
    index("email_logs_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export const paymentPlans = pgTable(
  "payment_plans",
  {
    id: id(),
    // restrict: an agreed plan is a money record; cancel it rather than lose it
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "restrict",
    }),
    bookingTypeId: uuid("booking_type_id").references(() => bookingTypes.id, {
      onDelete: "set null",
    }),
    planType: text("plan_type").notNull(),
    totalAmount: money("total_amount").notNull(),
    depositAmount: money("deposit_amount"),
    remainingAmount: money("remaining_amount").notNull(),
    currency: currency(),
    installmentCount: integer("installment_count").notNull().default(0),
    installmentAmount: money("installment_amount"),
    installmentFrequency: text("installment_frequency"),
    firstInstallmentDue: day("first_installment_due"),
    finalPaymentDue: day("final_payment_due"),
    status: text("status").notNull().default("active"),
    autoCharge: boolean("auto_charge").notNull().default(false),
    stripeSubscriptionId: text("stripe_subscription_id"),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [
    index("payment_plans_application_id_idx").on(t.applicationId),
    index("payment_plans_status_idx").on(t.status),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    // restrict: payments must never silently vanish with their application
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "restrict",
    }),
    bookingTypeId: uuid("booking_type_id").references(() => bookingTypes.id, {
      onDelete: "set null",
    }),
    paymentPlanId: uuid("payment_plan_id").references(() => paymentPlans.id, {
      onDelete: "set null",
    }),
    type: text("type").notNull(),
    amount: money("amount").notNull(),
    currency: currency(),
    status: text("status").notNull().default("pending"),
    paymentMethod: text("payment_method").notNull().default("stripe"),
    stripePaymentId: text("stripe_payment_id"),
    /** Unique so a replayed Stripe webhook cannot record the same payment twice. */
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    dueDate: day("due_date"),
    paidAt: tstz("paid_at"),
    description: text("description"),
    metadata: jsonObject("metadata"),
    ...timestamps(),
  },
  (t) => [
    index("payments_application_id_idx").on(t.applicationId),
    index("payments_status_due_date_idx").on(t.status, t.dueDate),
    index("payments_payment_plan_id_idx").on(t.paymentPlanId),
    index("payments_paid_at_idx").on(t.paidAt),
  ],
);

export const paymentReminders = pgTable(
  "payment_reminders",
  {
    id: id(),
    paymentPlanId: uuid("payment_plan_id").references(() => paymentPlans.id, {
      onDelete: "cascade",
    }),
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "cascade",
    }),
    /** The scheduled payment this reminder is about (deposit or instalment). */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    reminderType: text("reminder_type").notNull(),
    dueDate: day("due_date"),
    amount: money("amount"),
    currency: currency(),
    daysBefore: integer("days_before"),
    status: text("status").notNull().default("pending"),
    scheduledFor: tstz("scheduled_for"),
    sentAt: tstz("sent_at"),
    emailTemplateId: uuid("email_template_id").references(() => emailTemplates.id, {
      onDelete: "set null",
    }),
    customMessage: text("custom_message"),
    metadata: jsonObject("metadata"),
    ...timestamps(),
  },
  (t) => [
    index("payment_reminders_status_due_date_idx").on(t.status, t.dueDate),
    index("payment_reminders_payment_plan_id_idx").on(t.paymentPlanId),
    index("payment_reminders_application_id_idx").on(t.applicationId),
    // One reminder per payment, kind and lead time: the reminder job can run again safely.
    uniqueIndex("payment_reminders_payment_kind_days_idx").on(t.paymentId, t.reminderType, t.daysBefore),
  ],
);

/**
 * A released place offered to the next person on the waitlist: an expiring link they accept from
 * the email. Only the token's hash is stored; at most one open offer per application.
 */
export const placeOffers = pgTable(
  "place_offers",
  {
    id: id(),
    retreatId: uuid("retreat_id")
      .notNull()
      .references(() => retreats.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** offered, accepted, declined, expired or withdrawn. */
    status: text("status").notNull().default("offered"),
    expiresAt: tstz("expires_at").notNull(),
    respondedAt: tstz("responded_at"),
    /** Why the place came free (the application that left, or null for a manual offer). */
    releasedByApplicationId: uuid("released_by_application_id").references(() => applications.id, {
      onDelete: "set null",
    }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("place_offers_retreat_id_status_idx").on(t.retreatId, t.status),
    uniqueIndex("place_offers_one_open_per_application_idx").on(t.applicationId).where(sql`${t.status} = 'offered'`),
  ],
);

/** Stripe webhook events already handled: a replayed event id changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: tstz("processed_at").notNull().defaultNow(),
});

/**
 * The last receipt (or credit note) number given per retreat: the row is taken with an upsert in
 * the transaction that completes the payment, so concurrent completions queue on it and a
 * rolled-back completion gives its number back (docs/decisions/017-lists-and-receipts.md).
 */
export const receiptSequences = pgTable(
  "receipt_sequences",
  {
    retreatId: uuid("retreat_id")
      .notNull()
      .references(() => retreats.id, { onDelete: "cascade" }),
    /** receipt or credit_note: each has its own sequence. */
    kind: text("kind").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.retreatId, t.kind] })],
);

/**
 * A receipt (completed payment) or credit note (completed refund), issued once per payment. The
 * money facts are kept as they were when it was issued, so the PDF reads the same every time;
 * the payer's name is read from the application (an erasure request anonymises it there).
 */
export const receipts = pgTable(
  "receipts",
  {
    id: id(),
    // restrict: a receipt is a money record, as its payment is
    paymentId: uuid("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: "restrict" }),
    retreatId: uuid("retreat_id")
      .notNull()
      .references(() => retreats.id, { onDelete: "restrict" }),
    /** receipt or credit_note. */
    kind: text("kind").notNull(),
    sequence: integer("sequence").notNull(),
    /** "R-2026-0001" or "C-2026-0001". */
    number: text("number").notNull(),
    amount: money("amount").notNull(),
    currency: currency(),
    paymentMethod: text("payment_method").notNull(),
    paidAt: tstz("paid_at").notNull(),
    items: jsonList<ReceiptItem>("items"),
    /** Completed payments less completed refunds of the application, this one included. */
    paidToDate: money("paid_to_date").notNull(),
    /** The plan's total and what remained of it after this payment; null without a plan. */
    planTotal: money("plan_total"),
    remainingBalance: money("remaining_balance"),
    /** The email that carried it; null when none was sent (emailSkipped says why) or it was erased. */
    emailLogId: uuid("email_log_id").references(() => emailLogs.id, { onDelete: "set null" }),
    emailSkipped: text("email_skipped"),
    issuedAt: tstz("issued_at").notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("receipts_retreat_kind_sequence_idx").on(t.retreatId, t.kind, t.sequence)],
);

// ---------------------------------------------------------------------------------------------
// Schedule, vendor bookings, rooms
// ---------------------------------------------------------------------------------------------

export const retreatSessions = pgTable(
  "retreat_sessions",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    startTime: tstz("start_time").notNull(),
    endTime: tstz("end_time"),
    location: text("location"),
    type: text("type"),
    attendees: jsonList("attendees"),
    isPublic: boolean("is_public").notNull().default(true),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [index("retreat_sessions_retreat_id_start_time_idx").on(t.retreatId, t.startTime)],
);

export const vendorBookings = pgTable(
  "vendor_bookings",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    vendorId: uuid("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    retreatSessionId: uuid("retreat_session_id").references(() => retreatSessions.id, {
      onDelete: "set null",
    }),
    startTime: tstz("start_time"),
    endTime: tstz("end_time"),
    rate: money("rate"),
    description: text("description"),
    status: text("status").notNull().default("booked"),
    ...timestamps(),
  },
  (t) => [
    index("vendor_bookings_retreat_id_idx").on(t.retreatId),
    index("vendor_bookings_vendor_id_idx").on(t.vendorId),
  ],
);

export const rooms = pgTable(
  "rooms",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type"),
    capacity: integer("capacity").notNull().default(2),
    amenities: textList("amenities"),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [index("rooms_retreat_id_idx").on(t.retreatId)],
);

export const roomAssignments = pgTable(
  "room_assignments",
  {
    id: id(),
    roomId: uuid("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    bedNumber: integer("bed_number"),
    assignedAt: tstz("assigned_at").notNull().defaultNow(),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [
    index("room_assignments_room_id_idx").on(t.roomId),
    // One bed per application (a couple's application takes two beds in the same room).
    uniqueIndex("room_assignments_application_id_unique").on(t.applicationId),
  ],
);

/**
 * A list staff gave a vendor for one retreat (today only the kitchen list, for a caterer):
 * the vendor portal shows it while the grant is not revoked. Revoking keeps the row as history.
 */
export const vendorListGrants = pgTable(
  "vendor_list_grants",
  {
    id: id(),
    vendorId: uuid("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    retreatId: uuid("retreat_id")
      .notNull()
      .references(() => retreats.id, { onDelete: "cascade" }),
    list: text("list").notNull(),
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: tstz("revoked_at"),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("vendor_list_grants_one_active_idx")
      .on(t.vendorId, t.retreatId, t.list)
      .where(sql`${t.revokedAt} is null`),
    index("vendor_list_grants_retreat_id_idx").on(t.retreatId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------------------------

export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** Rich body shown on the task card (the screens' Task.content). */
    content: text("content"),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    category: text("category").notNull().default("general"),
    priority: text("priority").notNull().default("medium"),
    status: text("status").notNull().default("pending"),
    dueDate: tstz("due_date"),
    completedAt: tstz("completed_at"),
    notes: text("notes"),
    attachments: jsonList<Json>("attachments"),
    ...timestamps(),
  },
  (t) => [
    index("tasks_retreat_id_status_idx").on(t.retreatId, t.status),
    index("tasks_assignee_id_idx").on(t.assigneeId),
  ],
);

export const taskTemplates = pgTable("task_templates", {
  id: id(),
  /** A season's own template; null: a default offered to every season. */
  retreatId: uuid("retreat_id").references((): AnyPgColumn => retreats.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  description: text("description"),
  category: text("category").notNull().default("general"),
  priority: text("priority").notNull().default("medium"),
  dueOffsetDays: integer("due_offset_days"),
  assigneeRole: text("assignee_role"),
  isActive: boolean("is_active").notNull().default(true),
  ...timestamps(),
});

// ---------------------------------------------------------------------------------------------
// Documents, audit, settings
// ---------------------------------------------------------------------------------------------

export const documents = pgTable(
  "documents",
  {
    id: id(),
    retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type"),
    category: text("category"),
    filePath: text("file_path").notNull(),
    fileSize: integer("file_size"),
    mimeType: text("mime_type"),
    isPublic: boolean("is_public").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("documents_retreat_id_idx").on(t.retreatId)],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    // set null: the trail outlives the account that wrote it
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    /** text, not uuid: some entities (settings) are keyed by name. */
    entityId: text("entity_id"),
    oldValues: jsonb("old_values").$type<Json>(),
    newValues: jsonb("new_values").$type<Json>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps(),
  },
  (t) => [
    index("audit_logs_entity_idx").on(t.entityType, t.entityId),
    index("audit_logs_created_at_idx").on(t.createdAt),
    index("audit_logs_user_id_idx").on(t.userId),
  ],
);

/**
 * The public site's words for one retreat (shared/schemas/site-content.ts): staff edit the draft,
 * the owner publishes it. The landing page serves the published copy of the current retreat.
 * publishedVersion grows on every publish, so every app process can tell its cached page is old.
 */
export const siteContent = pgTable("site_content", {
  retreatId: uuid("retreat_id")
    .primaryKey()
    .references(() => retreats.id, { onDelete: "cascade" }),
  draft: jsonb("draft").$type<Json>().notNull(),
  published: jsonb("published").$type<Json>(),
  publishedVersion: integer("published_version").notNull().default(0),
  publishedAt: tstz("published_at"),
  publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
});

/** Raw bytes (PostgreSQL bytea), as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Photos uploaded in the Site tab (decision 018): the original as uploaded (EXIF kept only here,
 * never served) and, once the photos.encode job ran, its served variants. Bytes live in the
 * database so every app process on it serves the same images and backups carry them.
 */
export const photos = pgTable("photos", {
  id: id(),
  retreatId: uuid("retreat_id").references(() => retreats.id, { onDelete: "set null" }),
  /** hero, gallery or team: where the Site tab uploaded it (the widths follow). */
  role: text("role").notNull(),
  alt: text("alt").notNull(),
  contentType: text("content_type").notNull(),
  /** sha256 of the original (hex): the variants' URLs are named after it. */
  hash: text("hash").notNull(),
  original: bytea("original"),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** pending until the variants exist, then ready; failed when encoding failed. */
  status: text("status").notNull().default("pending"),
  error: text("error"),
  readyAt: tstz("ready_at"),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
});

export const photoVariants = pgTable(
  "photo_variants",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    /** "<photo hash>-<width>.<format>": the path under /media. */
    file: text("file").notNull().unique(),
    format: text("format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.format, t.width] })],
);

export const settings = pgTable("settings", {
  id: id(),
  key: text("key").notNull().unique(),
  value: text("value"),
  type: text("type").notNull().default("string"),
  category: text("category"),
  description: text("description"),
  ...timestamps(),
});

// ---------------------------------------------------------------------------------------------
// Interviews
// ---------------------------------------------------------------------------------------------

export const interviews = pgTable(
  "interviews",
  {
    id: id(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    // No FKs on these two: the links are owned by calendly_events.interviewId and
    // jitsi_rooms.interviewId, which avoids a reference cycle.
    calendlyEventId: text("calendly_event_id"),
    jitsiRoomId: uuid("jitsi_room_id"),
    interviewerUserId: uuid("interviewer_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    scheduledAt: tstz("scheduled_at").notNull(),
    duration: integer("duration").notNull().default(30),
    status: text("status").notNull().default("scheduled"),
    calendlyLink: text("calendly_link"),
    jitsiMeetingUrl: text("jitsi_meeting_url"),
    notes: text("notes"),
    outcome: text("outcome"),
    rating: integer("rating"),
    feedback: text("feedback"),
    completedAt: tstz("completed_at"),
    ...timestamps(),
  },
  (t) => [
    index("interviews_scheduled_at_idx").on(t.scheduledAt),
    index("interviews_application_id_idx").on(t.applicationId),
    index("interviews_status_idx").on(t.status),
    check("interviews_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export const calendlyEvents = pgTable(
  "calendly_events",
  {
    id: id(),
    calendlyEventId: text("calendly_event_id").notNull().unique(),
    calendlyEventUri: text("calendly_event_uri"),
    interviewId: uuid("interview_id").references(() => interviews.id, { onDelete: "set null" }),
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "set null",
    }),
    status: text("status").notNull().default("active"),
    name: text("name"),
    startTime: tstz("start_time"),
    endTime: tstz("end_time"),
    location: text("location"),
    inviteesCount: integer("invitees_count").notNull().default(1),
    inviteeEmail: text("invitee_email"),
    inviteeName: text("invitee_name"),
    eventType: text("event_type"),
    cancellationReason: text("cancellation_reason"),
    cancelledAt: tstz("cancelled_at"),
    /** Calendly's id of the event this one replaced (external id, no FK). */
    rescheduledFromId: text("rescheduled_from_id"),
    metadata: jsonObject("metadata"),
    ...timestamps(),
  },
  (t) => [index("calendly_events_interview_id_idx").on(t.interviewId)],
);

export const jitsiRooms = pgTable(
  "jitsi_rooms",
  {
    id: id(),
    roomName: text("room_name").notNull().unique(),
    displayName: text("display_name"),
    interviewId: uuid("interview_id").references(() => interviews.id, { onDelete: "set null" }),
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "set null",
    }),
    meetingUrl: text("meeting_url").notNull(),
    moderatorPassword: text("moderator_password"),
    guestPassword: text("guest_password"),
    isActive: boolean("is_active").notNull().default(true),
    maxParticipants: integer("max_participants").notNull().default(10),
    roomConfig: jsonObject("room_config"),
    scheduledStart: tstz("scheduled_start"),
    scheduledEnd: tstz("scheduled_end"),
    actualStart: tstz("actual_start"),
    actualEnd: tstz("actual_end"),
    participantCount: integer("participant_count").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("jitsi_rooms_interview_id_idx").on(t.interviewId)],
);

export const interviewAvailability = pgTable(
  "interview_availability",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 0 = Sunday ... 6 = Saturday. */
    dayOfWeek: integer("day_of_week").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    timezone: text("timezone").notNull().default("Europe/London"),
    isActive: boolean("is_active").notNull().default(true),
    effectiveFrom: day("effective_from"),
    effectiveTo: day("effective_to"),
    ...timestamps(),
  },
  (t) => [
    index("interview_availability_user_id_idx").on(t.userId, t.dayOfWeek),
    check("interview_availability_day_of_week_range", sql`${t.dayOfWeek} between 0 and 6`),
  ],
);

/**
 * A tokenised link that lets an applicant pick their own interview slot from one interviewer's
 * free times, without an account. Only the token's hash is stored.
 */
export const interviewBookingLinks = pgTable(
  "interview_booking_links",
  {
    id: id(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    interviewerUserId: uuid("interviewer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    duration: integer("duration").notNull().default(30),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: tstz("expires_at").notNull(),
    /** Set once the applicant has booked; the link then shows that booking. */
    interviewId: uuid("interview_id").references(() => interviews.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("interview_booking_links_application_id_idx").on(t.applicationId)],
);

export const interviewBlocks = pgTable(
  "interview_blocks",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startTime: tstz("start_time").notNull(),
    endTime: tstz("end_time").notNull(),
    reason: text("reason"),
    description: text("description"),
    isRecurring: boolean("is_recurring").notNull().default(false),
    recurringPattern: text("recurring_pattern"),
    ...timestamps(),
  },
  (t) => [index("interview_blocks_user_id_start_time_idx").on(t.userId, t.startTime)],
);

// ---------------------------------------------------------------------------------------------
// Travel compliance (public-site.md section 3, "Travel compliance submission")
// ---------------------------------------------------------------------------------------------

export const travelComplianceForms = pgTable(
  "travel_compliance_forms",
  {
    id: id(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    insuranceProvider: text("insurance_provider").notNull(),
    insurancePolicyNumber: text("insurance_policy_number").notNull(),
    insuranceCoverage: text("insurance_coverage"),
    insuranceExpiryDate: day("insurance_expiry_date").notNull(),
    outboundFlightNumber: text("outbound_flight_number"),
    outboundDepartureDate: tstz("outbound_departure_date"),
    outboundArrivalDate: tstz("outbound_arrival_date"),
    outboundDepartureAirport: text("outbound_departure_airport"),
    outboundArrivalAirport: text("outbound_arrival_airport"),
    returnFlightNumber: text("return_flight_number"),
    returnDepartureDate: tstz("return_departure_date"),
    returnArrivalDate: tstz("return_arrival_date"),
    returnDepartureAirport: text("return_departure_airport"),
    returnArrivalAirport: text("return_arrival_airport"),
    emergencyContactName: text("emergency_contact_name").notNull(),
    emergencyContactRelationship: text("emergency_contact_relationship").notNull(),
    emergencyContactPhone: text("emergency_contact_phone").notNull(),
    emergencyContactEmail: text("emergency_contact_email"),
    emergencyContactAddress: text("emergency_contact_address"),
    passportNumber: text("passport_number").notNull(),
    passportExpiryDate: day("passport_expiry_date").notNull(),
    nationality: text("nationality").notNull(),
    allergies: text("allergies"),
    medications: text("medications"),
    medicalConditions: text("medical_conditions"),
    dietaryRequirements: text("dietary_requirements"),
    specialRequests: text("special_requests"),
    airportPickupRequired: boolean("airport_pickup_required").notNull().default(false),
    status: text("status").notNull().default("submitted"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: tstz("reviewed_at"),
    reviewNotes: text("review_notes"),
    submittedAt: tstz("submitted_at").notNull().defaultNow(),
    /** Earlier submission times, oldest first: a resubmission updates the row and keeps its history. */
    submissionHistory: jsonb("submission_history").$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    index("travel_compliance_forms_application_id_idx").on(t.applicationId),
    index("travel_compliance_forms_status_idx").on(t.status),
  ],
);

// ---------------------------------------------------------------------------------------------
// Email marketing: subscribers, campaigns, templates, sends
// ---------------------------------------------------------------------------------------------

export const emailSubscribers = pgTable(
  "email_subscribers",
  {
    id: id(),
    // Unique by lower(email) (email_subscribers_email_lower_idx below), which every look-up uses; an
    // exact unique index as well would only be one more index written per subscriber (decision 020).
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    status: text("status").notNull().default("active"),
    segment: text("segment").notNull().default("applicant"),
    source: text("source"),
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "set null",
    }),
    tags: textList("tags"),
    metadata: jsonObject("metadata"),
    applicationEmails: boolean("application_emails").notNull().default(true),
    marketingEmails: boolean("marketing_emails").notNull().default(true),
    systemNotifications: boolean("system_notifications").notNull().default(true),
    /** 64 hex characters from two random uuids (no pgcrypto needed; works on PGlite). */
    unsubscribeToken: text("unsubscribe_token")
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    globallyUnsubscribed: boolean("globally_unsubscribed").notNull().default(false),
    preferencesUpdatedAt: tstz("preferences_updated_at"),
    unsubscribeReason: text("unsubscribe_reason"),
    subscribedAt: tstz("subscribed_at").notNull().defaultNow(),
    unsubscribedAt: tstz("unsubscribed_at"),
    lastEmailSent: tstz("last_email_sent"),
    /** Proof of opt-in: the client address and time the subscription was made. */
    consentIp: text("consent_ip"),
    consentAt: tstz("consent_at"),
    /** Set by the provider's event webhook; a hard bounce or complaint stops all marketing. */
    bouncedAt: tstz("bounced_at"),
    complainedAt: tstz("complained_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("email_subscribers_email_lower_idx").on(sql`lower(${t.email})`),
    // The list's order (newest first, id breaking ties), alone and after each equality filter, so
    // a page of any filter reads its rows in order from one index (docs/decisions/023).
    index("email_subscribers_subscribed_at_id_idx").on(t.subscribedAt, t.id),
    index("email_subscribers_segment_subscribed_idx").on(t.segment, t.subscribedAt, t.id),
    index("email_subscribers_status_subscribed_idx").on(t.status, t.subscribedAt, t.id),
    index("email_subscribers_source_subscribed_idx").on(t.source, t.subscribedAt, t.id),
    index("email_subscribers_tags_idx").using("gin", t.tags),
    // Prefix search on email and names (lower(...) LIKE 'term%'), as for applications.
    index("email_subscribers_email_prefix_idx").on(sql`(lower(${t.email}) collate "C")`, t.id),
    index("email_subscribers_full_name_prefix_idx").on(
      sql`(lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) collate "C")`,
      t.id,
    ),
    index("email_subscribers_last_name_prefix_idx").on(sql`(lower(coalesce(${t.lastName}, '')) collate "C")`),
    index("email_subscribers_segment_status_idx").on(t.segment, t.status),
    index("email_subscribers_application_id_idx").on(t.applicationId),
  ],
);

/**
 * Subscriber counts kept by triggers on email_subscribers (migration 0019, docs/decisions/023):
 * each INSERT, UPDATE, DELETE statement adds one row per (status, segment, source) it changed
 * with the difference in `n`, and TRUNCATE empties it; the counts are sum(n) per group. Rows are
 * only ever added (no counter row every writer would wait on) and the list folds them together
 * now and then. The list's summary and its unsearched totals read these instead of counting
 * 100,000 rows per request.
 */
export const emailSubscriberCounts = pgTable("email_subscriber_counts", {
  status: text("status").notNull(),
  segment: text("segment").notNull(),
  source: text("source"),
  n: integer("n").notNull(),
});

/** The same for tags: one row per tag a statement added or removed, `n` the difference. */
export const emailSubscriberTagCounts = pgTable("email_subscriber_tag_counts", {
  tag: text("tag").notNull(),
  n: integer("n").notNull(),
});

export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    id: id(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    content: text("content"),
    status: text("status").notNull().default("draft"),
    campaignType: text("campaign_type").notNull().default("marketing"),
    targetSegments: textList("target_segments"),
    targetTags: textList("target_tags"),
    fromName: text("from_name").notNull().default("Retreat HQ"),
    fromEmail: text("from_email").notNull().default("hello@localhost"),
    replyTo: text("reply_to"),
    /** The marketing template the content started from (usageCount counts these). */
    templateId: uuid("template_id").references(() => emailMarketingTemplates.id, { onDelete: "set null" }),
    scheduledAt: tstz("scheduled_at"),
    /** When fan-out began; sentAt is when the last message was handed over. */
    startedAt: tstz("started_at"),
    sentAt: tstz("sent_at"),
    cancelledAt: tstz("cancelled_at"),
    totalRecipients: integer("total_recipients").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    opened: integer("opened").notNull().default(0),
    clicked: integer("clicked").notNull().default(0),
    bounced: integer("bounced").notNull().default(0),
    unsubscribed: integer("unsubscribed").notNull().default(0),
    /** Sends that failed after their last retry. */
    failed: integer("failed").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("email_campaigns_status_idx").on(t.status), index("email_campaigns_created_at_idx").on(t.createdAt)],
);

export const emailMarketingTemplates = pgTable("email_marketing_templates", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  category: text("category").notNull().default("general"),
  subject: text("subject").notNull(),
  content: text("content").notNull(),
  variables: jsonList("variables"),
  isActive: boolean("is_active").notNull().default(true),
  usageCount: integer("usage_count").notNull().default(0),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
});

export const emailSends = pgTable(
  "email_sends",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => emailSubscribers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status").notNull().default("pending"),
    /** The provider's message id (the spec's name is kept; holds the SMTP Message-ID too). */
    sendgridMessageId: text("sendgrid_message_id"),
    sentAt: tstz("sent_at"),
    deliveredAt: tstz("delivered_at"),
    openedAt: tstz("opened_at"),
    clickedAt: tstz("clicked_at"),
    bouncedAt: tstz("bounced_at"),
    complainedAt: tstz("complained_at"),
    unsubscribedAt: tstz("unsubscribed_at"),
    /** Delivery attempts so far; a failed attempt waits until nextAttemptAt (backoff). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at"),
    errorMessage: text("error_message"),
    ...timestamps(),
  },
  (t) => [
    unique("email_sends_campaign_subscriber_unique").on(t.campaignId, t.subscriberId),
    index("email_sends_campaign_id_status_idx").on(t.campaignId, t.status),
    index("email_sends_subscriber_id_idx").on(t.subscriberId),
    // The sender claims pending rows per campaign; a partial index keeps each claim constant-time.
    index("email_sends_pending_idx").on(t.campaignId, t.id).where(sql`status = 'pending'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Every table, and the row types
// ---------------------------------------------------------------------------------------------

export const allTables = {
  users,
  sessions,
  passwordTokens,
  retreats,
  bookingTypes,
  applications,
  vendors,
  budgetItems,
  budgetAdjustments,
  expenses,
  vendorPayments,
  staffMembers,
  accommodationBookings,
  participantRevenue,
  financialReports,
  emailTemplates,
  emailLogs,
  paymentPlans,
  payments,
  paymentReminders,
  retreatSessions,
  vendorBookings,
  rooms,
  roomAssignments,
  tasks,
  taskTemplates,
  documents,
  auditLogs,
  settings,
  interviews,
  calendlyEvents,
  jitsiRooms,
  interviewAvailability,
  interviewBlocks,
  travelComplianceForms,
  emailSubscribers,
  emailCampaigns,
  emailMarketingTemplates,
  emailSends,
} as const;

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type PasswordToken = typeof passwordTokens.$inferSelect;
export type NewPasswordToken = typeof passwordTokens.$inferInsert;
export type Retreat = typeof retreats.$inferSelect;
export type NewRetreat = typeof retreats.$inferInsert;
export type BookingType = typeof bookingTypes.$inferSelect;
export type NewBookingType = typeof bookingTypes.$inferInsert;
export type Application = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type Vendor = typeof vendors.$inferSelect;
export type NewVendor = typeof vendors.$inferInsert;
export type BudgetItem = typeof budgetItems.$inferSelect;
export type NewBudgetItem = typeof budgetItems.$inferInsert;
export type BudgetAdjustment = typeof budgetAdjustments.$inferSelect;
export type NewBudgetAdjustment = typeof budgetAdjustments.$inferInsert;
export type Expense = typeof expenses.$inferSelect;
export type NewExpense = typeof expenses.$inferInsert;
export type VendorPayment = typeof vendorPayments.$inferSelect;
export type NewVendorPayment = typeof vendorPayments.$inferInsert;
export type StaffMember = typeof staffMembers.$inferSelect;
export type NewStaffMember = typeof staffMembers.$inferInsert;
export type AccommodationBooking = typeof accommodationBookings.$inferSelect;
export type NewAccommodationBooking = typeof accommodationBookings.$inferInsert;
export type ParticipantRevenue = typeof participantRevenue.$inferSelect;
export type NewParticipantRevenue = typeof participantRevenue.$inferInsert;
export type FinancialReport = typeof financialReports.$inferSelect;
export type NewFinancialReport = typeof financialReports.$inferInsert;
export type EmailTemplate = typeof emailTemplates.$inferSelect;
export type NewEmailTemplate = typeof emailTemplates.$inferInsert;
export type EmailLog = typeof emailLogs.$inferSelect;
export type NewEmailLog = typeof emailLogs.$inferInsert;
export type PaymentPlan = typeof paymentPlans.$inferSelect;
export type NewPaymentPlan = typeof paymentPlans.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentReminder = typeof paymentReminders.$inferSelect;
export type NewPaymentReminder = typeof paymentReminders.$inferInsert;
export type RetreatSession = typeof retreatSessions.$inferSelect;
export type NewRetreatSession = typeof retreatSessions.$inferInsert;
export type VendorBooking = typeof vendorBookings.$inferSelect;
export type NewVendorBooking = typeof vendorBookings.$inferInsert;
export type Room = typeof rooms.$inferSelect;
export type NewRoom = typeof rooms.$inferInsert;
export type RoomAssignment = typeof roomAssignments.$inferSelect;
export type NewRoomAssignment = typeof roomAssignments.$inferInsert;
export type Task = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;
export type TaskTemplate = typeof taskTemplates.$inferSelect;
export type NewTaskTemplate = typeof taskTemplates.$inferInsert;
export type Document = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;
export type AuditLog = typeof auditLogs.$inferSelect;
export type NewAuditLog = typeof auditLogs.$inferInsert;
export type Setting = typeof settings.$inferSelect;
export type NewSetting = typeof settings.$inferInsert;
export type Interview = typeof interviews.$inferSelect;
export type NewInterview = typeof interviews.$inferInsert;
export type CalendlyEvent = typeof calendlyEvents.$inferSelect;
export type NewCalendlyEvent = typeof calendlyEvents.$inferInsert;
export type JitsiRoom = typeof jitsiRooms.$inferSelect;
export type NewJitsiRoom = typeof jitsiRooms.$inferInsert;
export type InterviewAvailability = typeof interviewAvailability.$inferSelect;
export type NewInterviewAvailability = typeof interviewAvailability.$inferInsert;
export type InterviewBlock = typeof interviewBlocks.$inferSelect;
export type NewInterviewBlock = typeof interviewBlocks.$inferInsert;
export type TravelComplianceForm = typeof travelComplianceForms.$inferSelect;
export type NewTravelComplianceForm = typeof travelComplianceForms.$inferInsert;
export type EmailSubscriber = typeof emailSubscribers.$inferSelect;
export type NewEmailSubscriber = typeof emailSubscribers.$inferInsert;
export type EmailCampaign = typeof emailCampaigns.$inferSelect;
export type NewEmailCampaign = typeof emailCampaigns.$inferInsert;
export type EmailMarketingTemplate = typeof emailMarketingTemplates.$inferSelect;
export type NewEmailMarketingTemplate = typeof emailMarketingTemplates.$inferInsert;
export type EmailSend = typeof emailSends.$inferSelect;
export type Receipt = typeof receipts.$inferSelect;
export type VendorListGrant = typeof vendorListGrants.$inferSelect;
export type NewEmailSend = typeof emailSends.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Guest journey (features/journey, decision 019)
// ---------------------------------------------------------------------------------------------

/** One journey message of one retreat: its editable text, on/off and offset (journey-rules.ts). */
export const journeySteps = pgTable(
  "journey_steps",
  {
    id: id(),
    retreatId: uuid("retreat_id")
      .notNull()
      .references(() => retreats.id, { onDelete: "cascade" }),
    /** welcome, travel_10w, travel_6w, travel_3w, packing, arrival, feedback. */
    stepKey: text("step_key").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Days relative to the anchor (start date; end date for feedback; acceptance for welcome). */
    offsetDays: integer("offset_days").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("journey_steps_retreat_step_idx").on(t.retreatId, t.stepKey)],
);

/**
 * At most one row per guest and message: claimed (inserted) in the same transaction that queues
 * the email in the outbox, so a message is sent at most once across restarts and processes.
 */
export const journeySends = pgTable(
  "journey_sends",
  {
    id: id(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    stepKey: text("step_key").notNull(),
    /** sent or skipped. */
    status: text("status").notNull(),
    emailLogId: uuid("email_log_id").references(() => emailLogs.id, { onDelete: "set null" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("journey_sends_application_step_idx").on(t.applicationId, t.stepKey)],
);

/** A guest's survey answer: one per guest, opened by a token link, usable once. */
export const feedbackResponses = pgTable(
  "feedback_responses",
  {
    id: id(),
    applicationId: uuid("application_id")
      .notNull()
      .unique()
      .references(() => applications.id, { onDelete: "cascade" }),
    retreatId: uuid("retreat_id")
      .notNull()
      .references(() => retreats.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    rating: integer("rating"),
    comment: text("comment"),
    mayQuote: boolean("may_quote").notNull().default(false),
    /** Staff chose this quote for the landing page's Testimonials block. */
    published: boolean("published").notNull().default(false),
    submittedAt: tstz("submitted_at"),
    ...timestamps(),
  },
  (t) => [check("feedback_responses_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 5`)],
);

export type JourneyStep = typeof journeySteps.$inferSelect;
export type JourneySend = typeof journeySends.$inferSelect;
export type FeedbackResponse = typeof feedbackResponses.$inferSelect;
