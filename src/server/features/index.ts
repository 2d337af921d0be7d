import type { FastifyInstance } from "fastify";
import { registerAdminApplicationRoutes } from "./applications/applications.admin.routes";
import { registerApplicationPublicRoutes } from "./applications/applications.public.routes";
import { registerAuditRoutes } from "./audit/audit.routes";
import { registerAuthRoutes } from "./auth/auth.routes";
import { registerOidcRoutes } from "./auth/oidc.routes";
import { registerSetPasswordRoutes } from "./auth/set-password.routes";
import { registerSetupRoutes } from "./auth/setup.routes";
import { registerCalendlyRoutes } from "./calendly/calendly.routes";
import { registerDashboardRoutes } from "./dashboard/dashboard.routes";
import { registerEmailCampaignRoutes } from "./email-campaigns/email-campaigns.routes";
import { registerEmailEventRoutes } from "./email-events/email-events.routes";
import { registerEmailOutboxRoutes } from "./email-outbox/email-outbox.routes";
import { registerEmailPreferencesRoutes } from "./email-preferences/email-preferences.routes";
import { registerEmailSubscriberRoutes } from "./email-subscribers/email-subscribers.routes";
import { registerEmailTemplateRoutes } from "./email-templates/email-templates.routes";
import { registerFinanceRoutes } from "./finance/finance.routes";
import { registerGuestRoutes } from "./guests/guests.routes";
import { registerInterviewAvailabilityRoutes } from "./interviews/availability.routes";
import { registerInterviewBookingRoutes } from "./interviews/booking-links.routes";
import { registerInterviewRoutes } from "./interviews/interviews.routes";
import { registerPaymentReminderRoutes } from "./payment-reminders/payment-reminders.routes";
import { registerPaymentRoutes } from "./payments/payments.routes";
import { registerPlaceRoutes } from "./places/places.routes";
import { registerPrivacyRoutes } from "./privacy/privacy.routes";
import { registerPrivacyPolicyRoutes } from "./privacy-policy/privacy-policy.routes";
import { registerReceiptRoutes } from "./receipts/receipts.routes";
import { registerReportRoutes } from "./reports/reports.routes";
import { registerAdminRetreatRoutes } from "./retreats/retreats.admin.routes";
import { registerRetreatRoutes } from "./retreats/retreats.routes";
import { registerRoomRoutes } from "./rooms/rooms.routes";
import { registerScheduleRoutes } from "./schedule/schedule.routes";
import { registerSettingsRoutes } from "./settings/settings.routes";
import { registerSiteContentRoutes } from "./site-content/site-content.routes";
import { registerStripeRoutes } from "./stripe/stripe.routes";
import { registerTaskRoutes } from "./tasks/tasks.routes";
import { registerAdminTravelRoutes } from "./travel/travel.admin.routes";
import { registerTravelRoutes } from "./travel/travel.routes";
import { registerUserRoutes } from "./users/users.routes";
import { registerVendorRoutes } from "./vendors/vendors.routes";
import { registerWaitlistRoutes } from "./waitlist/waitlist.routes";

/**
 * Every feature's routes, in one list, so the app's surface is visible at a glance: no feature
 * registers another's (scripts/check-boundaries.mjs allows only this file to import *.routes).
 */
export async function registerFeatureRoutes(app: FastifyInstance) {
  // Sign-in, users, settings and the audit log: who may do what, and the record of it.
  await registerAuthRoutes(app);
  await registerOidcRoutes(app);
  await registerSetPasswordRoutes(app);
  await registerSetupRoutes(app);
  await registerUserRoutes(app);
  await registerSettingsRoutes(app);
  await registerAuditRoutes(app);
  await registerRetreatRoutes(app);
  await registerAdminRetreatRoutes(app);
  await registerSiteContentRoutes(app);
  await registerApplicationPublicRoutes(app);
  await registerDashboardRoutes(app);
  await registerAdminApplicationRoutes(app);
  await registerWaitlistRoutes(app);
  await registerEmailPreferencesRoutes(app);
  await registerTravelRoutes(app);
  await registerAdminTravelRoutes(app);
  await registerEmailSubscriberRoutes(app);
  await registerEmailTemplateRoutes(app);
  await registerEmailCampaignRoutes(app);
  await registerEmailOutboxRoutes(app);
  await registerEmailEventRoutes(app);
  await registerTaskRoutes(app);
  await registerScheduleRoutes(app);
  await registerRoomRoutes(app);
  await registerGuestRoutes(app);
  await registerReportRoutes(app);
  await registerVendorRoutes(app);
  await registerInterviewRoutes(app);
  await registerPlaceRoutes(app);
  await registerFinanceRoutes(app);
  await registerPaymentRoutes(app);
  await registerPaymentReminderRoutes(app);
  await registerStripeRoutes(app);
  await registerReceiptRoutes(app);
  await registerInterviewAvailabilityRoutes(app);
  await registerInterviewBookingRoutes(app);
  await registerCalendlyRoutes(app);
  await registerPrivacyPolicyRoutes(app);
  await registerPrivacyRoutes(app);
}
