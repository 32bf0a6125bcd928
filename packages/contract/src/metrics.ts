import { z } from 'zod';
import { CUSTOM_EVENT_NAME } from './metrics-rules.js';

// SPEC 7 "Metrics under /metrics/": product analytics, one row per event.
//
//   POST /api/metrics/<event>?acc_id {props?} → 204 (session; <event> one of METRIC_EVENTS, else 404)
//   POST /api/metrics/send_custom_event?acc_id {name, props?} → 204
//   GET  /api/ops/metrics_summary?date_start&date_end&event (OPS_TOKEN) → metricsSummary
//
// A user's events beyond the rate limit answer 429; the web client ignores every answer.

export * from './metrics-rules.js';

// Small, flat properties: a few keys, short values.
export const METRIC_PROPS_MAX_KEYS = 20;
export const metricProps = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/),
    z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]),
  )
  .refine((props) => Object.keys(props).length <= METRIC_PROPS_MAX_KEYS, { message: 'too_many_props' });
export type MetricProps = z.infer<typeof metricProps>;

export const metricBody = z
  .object({ acc_id: z.union([z.number(), z.string().max(16)]).nullish(), props: metricProps.nullish() })
  .nullish();
export const metricParams = z.object({ event: z.string().max(64) });

export const customEventBody = z.object({
  acc_id: z.union([z.number(), z.string().max(16)]).nullish(),
  name: z.string().regex(CUSTOM_EVENT_NAME),
  props: metricProps.nullish(),
});
export type CustomEventBody = z.infer<typeof customEventBody>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
// Days are UTC days, both ends included; at most a year.
export const METRICS_SUMMARY_MAX_DAYS = 366;
export const metricsSummaryQuery = z.object({
  date_start: day,
  date_end: day,
  event: z.string().max(64).optional(),
});
export const metricsSummary = z.object({
  ok: z.literal(true),
  data: z.array(z.object({ event: z.string(), day: z.string(), count: z.number().int() })),
});
export type MetricsSummary = z.infer<typeof metricsSummary>;
