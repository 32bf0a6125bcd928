import { createHmac, timingSafeEqual } from 'node:crypto';

// A secret per channel instance and purpose (a bot's webhook header, an SMS report URL), derived
// from the installation's key: nothing is stored, a restart keeps it, and one purpose's secret says
// nothing of another's. Base64url, so it fits a header, a URL path and Telegram's secret_token.
export function instanceSecret(key: Buffer, purpose: string, instanceId: string): string {
  return createHmac('sha256', key).update(`${purpose}:${instanceId}`).digest('base64url');
}

export function isInstanceSecret(key: Buffer, purpose: string, instanceId: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(instanceSecret(key, purpose, instanceId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
