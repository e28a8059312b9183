import { Hono } from "hono";
import { requireSalonAccess } from "./api-keys/access.ts";
import { apiKeyRoutes } from "./api-keys/routes.ts";
import { appointmentRoutes } from "../appointments/routes.ts";
import { assistantRoutes } from "./assistants-routes.ts";
import { availabilityRoutes } from "../appointments/availability/routes.ts";
import { calendarFeedSettingsRoutes } from "../appointments/calendar-feeds/settings-routes.ts";
import { clientMessageRoutes } from "../clients/messaging/routes.ts";
import { clientRoutes } from "../clients/routes.ts";
import type { SalonEnv } from "../platform/http/tenant.ts";
import { bookingSettingsRoutes } from "../appointments/booking-page/settings-routes.ts";
import { messageSettingsRoutes } from "../clients/messaging/settings-routes.ts";
import { outreachLogRoutes } from "../clients/outreach/log-routes.ts";
import { outreachSettingsRoutes } from "../clients/outreach/settings-routes.ts";
import { waitlistRoutes } from "../clients/outreach/waitlist-routes.ts";
import { phoneNumberRoutes } from "../calls/phone-numbers/routes.ts";
import { questionRoutes } from "../clients/questions-routes.ts";
import { salonRoutes } from "./routes.ts";
import { serviceRoutes } from "./services-routes.ts";
import { setupProgressRoutes } from "./setup-progress-routes.ts";
import { stylistRoutes } from "./stylists-routes.ts";
import { stylistCalendarRoutes } from "../appointments/stylist-calendars/routes.ts";
import { scheduleRoutes } from "./my-schedule-routes.ts";
import { teamRoutes } from "./team/routes.ts";
import { webhookRoutes } from "./webhooks/routes.ts";

/** Everything under /api/dashboard: signed in or with an API key, and scoped to that salon. */
export const dashboardRoutes = new Hono<SalonEnv>()
  .use(requireSalonAccess)
  .route("/salon", salonRoutes)
  .route("/stylists", stylistRoutes)
  .route("/services", serviceRoutes)
  .route("/assistant", assistantRoutes)
  .route("/phone-numbers", phoneNumberRoutes)
  .route("/appointments", appointmentRoutes)
  .route("/availability", availabilityRoutes)
  .route("/clients", clientRoutes)
  .route("/questions", questionRoutes)
  .route("/message-settings", messageSettingsRoutes)
  .route("/booking-page", bookingSettingsRoutes)
  .route("/client-messages", clientMessageRoutes)
  .route("/outreach", outreachSettingsRoutes)
  .route("/setup-progress", setupProgressRoutes)
  .route("/waitlist", waitlistRoutes)
  .route("/outreach/log", outreachLogRoutes)
  .route("/stylist-calendars", stylistCalendarRoutes)
  .route("/calendar-feeds", calendarFeedSettingsRoutes)
  .route("/api-keys", apiKeyRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/team", teamRoutes)
  .route("/my-schedule", scheduleRoutes);
