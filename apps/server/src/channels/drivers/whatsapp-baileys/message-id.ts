import { createHash } from 'node:crypto';

// The WhatsApp message id of one outbox row, derived from its idempotency key. A resend after a crash
// carries the same id, and WhatsApp treats a second message with a known id as the same message. The
// shape copies what WhatsApp Web generates ('3EB0' + 18 uppercase hex), so it draws no attention.
export function messageIdFor(idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey, 'utf8').digest('hex');
  return `3EB0${digest.slice(0, 18).toUpperCase()}`;
}
