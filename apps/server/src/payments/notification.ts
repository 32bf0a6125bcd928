import type { ProviderNotification } from './provider.js';

// Provider payment ids are UUID-like (YooKassa) or ours (sandbox); anything else never reaches a
// URL or a file name.
export const PROVIDER_PAYMENT_ID = /^[\w-]{1,64}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// YooKassa's notification body, which the sandbox copies:
// `{type: 'notification', event: 'payment.succeeded' | 'refund.succeeded' | …, object: {…}}`. A
// payment event names the payment (object.id), a refund event its payment (object.payment_id).
// Only a hint: the caller re-reads the payment before acting.
export function parseNotificationBody(body: unknown): ProviderNotification | null {
  if (!isObject(body) || body.type !== 'notification' || typeof body.event !== 'string') return null;
  if (!/^(payment|refund)\.[a-z_]{1,40}$/.test(body.event) || !isObject(body.object)) return null;
  const paymentId = body.event.startsWith('refund.') ? body.object.payment_id : body.object.id;
  if (typeof paymentId !== 'string' || !PROVIDER_PAYMENT_ID.test(paymentId)) return null;
  return { paymentId, event: body.event };
}
