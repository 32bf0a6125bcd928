import {
  CUSTOM_EVENT_PATH,
  CUSTOM_EVENTS,
  isMetricEvent,
  type CustomEvent,
  type MetricEvent,
} from '@salon/contract/metrics-rules';
import type { ApiRequest } from '../api/api-client';

export type TrackedEvent = MetricEvent | CustomEvent;
export type TrackProps = Record<string, string | number | boolean | null>;

// The 204 carries nothing to check (zod-free: `track` runs on the login page too).
const noContent = { safeParse: () => ({ success: true as const, data: undefined }) };

// Where an event goes: a SPEC 7 path of its own, send_custom_event for the custom names, and
// nowhere for anything else (SPEC 7: "Generic analytics event calls do nothing").
export function metricRequest(event: string, props?: TrackProps): ApiRequest<undefined> | null {
  const body = props ? { props } : {};
  if (isMetricEvent(event)) return { method: 'POST', path: `/metrics/${event}`, body, schema: noContent };
  if ((CUSTOM_EVENTS as readonly string[]).includes(event)) {
    return { method: 'POST', path: `/metrics/${CUSTOM_EVENT_PATH}`, body: { name: event, ...body }, schema: noContent };
  }
  return null;
}

type Send = (request: ApiRequest<undefined>) => Promise<unknown>;
// The API client loads on the first event, after the page: an event never delays a paint.
const defaultSend: Send = (request) => import('../api/api').then(({ api }) => api.request(request));
let send: Send = defaultSend;

// Tests record instead of posting.
export function setMetricsSender(next: Send | null): void {
  send = next ?? defaultSend;
}

// Records a product metric (SPEC 7 /metrics/*). Fire and forget: it never throws, never waits, and
// a failed or refused event is dropped.
export function track(event: TrackedEvent | (string & {}), props?: TrackProps): void {
  try {
    const request = metricRequest(event, props);
    if (!request) return;
    void Promise.resolve()
      .then(() => send(request))
      .catch(() => undefined);
  } catch {
    // Analytics must never break the action that reported it.
  }
}
