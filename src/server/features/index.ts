import type { FastifyInstance } from "fastify";
import { registerAdminApplicationRoutes } from "./applications/applications.admin.routes";
import { registerApplicationPublicRoutes } from "./applications/applications.public.routes";
import { registerAccessRoutes } from "./auth/register-access-routes";
import { registerCalendlyRoutes } from "./calendly/calendly.routes";
import { registerDashboardRoutes } from "./dashboard/dashboard.routes";
import { registerEmailCampaignRoutes } from "./email-campaigns/email-campaigns.routes";
import { registerEmailEventRoutes } from "./email-events/email-events.routes";
import { registerEmailOutboxRoutes } from "./email-outbox/email-outbox.routes";
import { registerEmailPreferencesRoutes } from "./email-preferences/email-preferences.routes";
import { registerEmailSubscriberRoutes } from "./email-subscribers/email-subscribers.routes";
import { registerEmailTemplateRoutes } from "./email-templates/email-templates.routes";
import { registerInterviewAvailabilityRoutes } from "./interviews/availability.routes";
import { registerInterviewBookingRoutes } from "./interviews/booking-links.routes";
import { registerInterviewRoutes } from "./interviews/interviews.routes";
import { registerRetreatRoutes } from "./retreats/retreats.routes";
import { registerScheduleRoutes } from "./schedule/schedule.routes";
import { registerTaskRoutes } from "./tasks/tasks.routes";
import { registerTravelRoutes } from "./travel/travel.routes";
import { registerVendorRoutes } from "./vendors/vendors.routes";
import { registerWaitlistRoutes } from "./waitlist/waitlist.routes";

/** Every feature's routes, in one list, so the app's surface is visible at a glance. */
export async function registerFeatureRoutes(app: FastifyInstance) {
  await registerAccessRoutes(app);
  await registerRetreatRoutes(app);
  await registerApplicationPublicRoutes(app);
  await registerDashboardRoutes(app);
  await registerAdminApplicationRoutes(app);
  await registerWaitlistRoutes(app);
  await registerEmailPreferencesRoutes(app);
  await registerTravelRoutes(app);
  await registerEmailSubscriberRoutes(app);
  await registerEmailTemplateRoutes(app);
  await registerEmailCampaignRoutes(app);
  await registerEmailOutboxRoutes(app);
  await registerEmailEventRoutes(app);
  await registerTaskRoutes(app);
  await registerScheduleRoutes(app);
  await registerVendorRoutes(app);
  await registerInterviewRoutes(app);
  await registerInterviewAvailabilityRoutes(app);
  await registerInterviewBookingRoutes(app);
  await registerCalendlyRoutes(app);
}
