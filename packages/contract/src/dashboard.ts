import { z } from 'zod';
import { isRealDay } from './dashboard-rules.js';

export * from './dashboard-rules.js';

// SPEC 7 Dashboard (main host /api), SPEC 3 Dashboard fields, SPEC 4 Dashboard states. Every card is
// its own call, so one slow or failing card never holds the others; every call needs a session and a
// branch the caller belongs to (any rights: the dashboard is every member's landing page), else 403.
// The period is the branch's local days [date_start, date_end], both optional: SPEC 9 defaults to
// 2020-01-01 … today (in the branch's zone).
//
//   GET  /api/dashboard/tariff_and_channels?acc_id                     → dashboardTariff
//   GET  /api/dashboard/bot_clients?acc_id&date_start&date_end         → dashboardBotClients
//   GET  /api/dashboard/review?acc_id&date_start&date_end              → dashboardReview
//   GET  /api/dashboard/connected?acc_id                               → dashboardConnected
//   GET  /api/dashboard/loyalty?acc_id&date_start&date_end             → dashboardLoyalty
//   GET  /api/dashboard/templates?acc_id&date_start&date_end           → dashboardTemplates
//   GET  /api/dashboard/sendout_data?acc_id&date_start&date_end        → dashboardSendouts
//   POST /api/dashboard/bot_earned?acc_id {date_start, date_end}       → dashboardBotEarned
//   GET  /api/dashboard/activity?acc_id&date_start&date_end            → dashboardActivity (ours: the chart)
//
// Money is the branch's currency in whole units (roubles or dollars), as the CRM reports record costs.
// "Earned" is the sum of the CRM records attributed to our messages: a booking made by a client
// within the attribution window after a template, send-out, review or loyalty message to them.

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' })
  .refine(isRealDay, { message: 'invalid_date' });

export const dashboardPeriodQuery = z.object({
  date_start: day.optional(),
  date_end: day.optional(),
});
export type DashboardPeriodQuery = z.infer<typeof dashboardPeriodQuery>;

export const dashboardBotEarnedBody = z.object({
  date_start: day.nullish(),
  date_end: day.nullish(),
});
export type DashboardBotEarnedBody = z.infer<typeof dashboardBotEarnedBody>;

const count = z.number().int().nonnegative();
const money = z.number().nonnegative();
// 0…100, two decimals.
const percent = z.number().min(0).max(100);

// SPEC 3 Tariff: pay_period, status_channels TG/WA, tarif_data.
export const dashboardTariff = z.object({
  // The paid-till day (YYYY-MM-DD) or null when never paid.
  pay_period: z.string().nullable(),
  pay_status: z.boolean(),
  // The channel states as the connection page names them (authenticated, not_authenticated, loading…).
  status_channels: z.object({ TG: z.string(), WA: z.string() }),
  tarif_data: z.object({
    branch_employees: count,
    // The monthly price of the active modules.
    amount: money,
    // A fraction 0…1 (shown ×100).
    discount: z.number().min(0).max(1),
    is_test_period: z.boolean(),
    currency: z.enum(['RUB', 'USD']),
  }),
  active_modules: z.array(z.string()),
});
export type DashboardTariff = z.infer<typeof dashboardTariff>;

// SPEC 3 Bot clients: the bookings our messages brought, newest first (at most DASHBOARD_LIST_MAX).
export const dashboardBotClient = z.object({
  record_id: z.string(),
  // ISO instant of the visit.
  record_time: z.string(),
  summary_cost: money,
  phone: z.string(),
  name: z.string(),
});
export const dashboardBotClients = z.object({
  bot_clients: z.array(dashboardBotClient),
  // All of the period, beyond the listed ones.
  total: count,
});
export type DashboardBotClients = z.infer<typeof dashboardBotClients>;

// SPEC 3 Reviews.
export const dashboardReview = z.object({
  total_sends: count,
  // Clients who went through the whole chain (rated and, when positive, got the review links).
  count_full_review: count,
  percent_full_review: percent,
  // Clients who answered the first step.
  count_first_step: count,
  percent_first_step: percent,
  // Ratings of the negative band (the admin was alerted).
  negative_results: count,
});
export type DashboardReview = z.infer<typeof dashboardReview>;

// SPEC 3 Connected admins: the branch's people who pressed Start in the admin bot.
export const dashboardConnected = z.object({
  connected: z.array(z.object({ name: z.string(), telegram_id: z.number().int() })),
});
export type DashboardConnected = z.infer<typeof dashboardConnected>;

// SPEC 3 Loyalty: what invited friends brought.
export const dashboardLoyalty = z.object({
  amount: money,
  median_bill: money,
  count_records: count,
});
export type DashboardLoyalty = z.infer<typeof dashboardLoyalty>;

// SPEC 3 Templates.
export const dashboardTemplates = z.object({
  // Earned through template messages.
  amount: money,
  // The most sent templates of the period, with the share of their messages followed by a booking.
  popular_templates: z.array(z.object({ id: z.string(), name: z.string(), amount: count, recorded_rate: percent })),
  count_all: count,
  count_event: count,
  count_time: count,
  count_active_template: count,
});
export type DashboardTemplates = z.infer<typeof dashboardTemplates>;

// SPEC 3 Sendouts.
export const dashboardSendouts = z.object({
  // Earned through send-out messages.
  amount: money,
  count_sendout: count,
  count_active_sendout: count,
  count_all_send_msg: count,
  count_sign_up: count,
  percent_sign_up: percent,
  count_answers: count,
  percent_answers: percent,
  last_sent_sendouts: z.array(
    z.object({
      // The send-out's id as the mailing pages name it (so_…).
      sendout_id: z.string(),
      name: z.string(),
      // Messages sent.
      summ: count,
      // The send-out's state as the started list names it.
      status: z.string(),
      conversion_sign_up: percent,
      conversion_answers: percent,
    }),
  ),
});
export type DashboardSendouts = z.infer<typeof dashboardSendouts>;

// SPEC 3 Bot earned amount (the progress bar's bands are dashboard-rules' botEarnedBand).
export const dashboardBotEarned = z.object({ amount: money, currency: z.enum(['RUB', 'USD']) });
export type DashboardBotEarned = z.infer<typeof dashboardBotEarned>;

// Ours: messages sent and bookings attributed per local day (per month when the period is longer
// than DASHBOARD_DAILY_MAX_DAYS), every bucket of the period present (zeros included).
export const dashboardActivity = z.object({
  group_by: z.enum(['day', 'month']),
  points: z.array(
    z.object({
      // YYYY-MM-DD (day) or YYYY-MM (month).
      period: z.string(),
      sent: count,
      bookings: count,
      earned: money,
    }),
  ),
});
export type DashboardActivity = z.infer<typeof dashboardActivity>;
