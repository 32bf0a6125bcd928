import { isObject } from './normalise.js';

// The writable fields of a record as GET returned them, for a PUT that must not change anything else.
export function recordBody(raw: Record<string, unknown>): Record<string, unknown> {
  const client = isObject(raw.client) ? raw.client : {};
  const body: Record<string, unknown> = {
    staff_id: raw.staff_id,
    services: (Array.isArray(raw.services) ? raw.services : []).map((s) => {
      const service = isObject(s) ? s : {};
      return pick(service, ['id', 'first_cost', 'discount', 'cost', 'amount']);
    }),
    client: pick(client, ['phone', 'name', 'email']),
    datetime: raw.datetime,
    seance_length: raw.seance_length ?? raw.length,
    // The record exists already: overlapping another must not fail the confirmation.
    save_if_busy: true,
    send_sms: false,
    comment: raw.comment ?? '',
  };
  if (raw.api_id !== undefined && raw.api_id !== '') body.api_id = raw.api_id;
  if (typeof raw.custom_color === 'string' && raw.custom_color !== '') body.custom_color = raw.custom_color;
  if (Array.isArray(raw.record_labels)) {
    body.record_labels = raw.record_labels.map((l) => (isObject(l) ? l.id : l));
  }
  if (isObject(raw.custom_fields) && Object.keys(raw.custom_fields).length > 0) body.custom_fields = raw.custom_fields;
  return body;
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.filter((k) => source[k] !== undefined && source[k] !== null).map((k) => [k, source[k]]),
  );
}
