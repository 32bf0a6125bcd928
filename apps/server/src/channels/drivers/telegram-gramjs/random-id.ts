import { createHash } from 'node:crypto';
import { helpers } from 'telegram';

// GramJS's 64-bit integer (a big-integer BigInteger), named without importing big-integer directly.
export type Long = ReturnType<typeof helpers.returnBigInt>;

// Telegram refuses a second message carrying a random_id this account already used
// (RANDOM_ID_DUPLICATE), so deriving the id from the outbox row's idempotency key turns a resend
// after a crash into a no-op instead of a second message to the client.
export function randomIdFor(idempotencyKey: string): Long {
  const digest = createHash('sha256').update(idempotencyKey, 'utf8').digest();
  // The first 8 bytes as a signed 64-bit integer: random_id is a TL `long`.
  return helpers.returnBigInt(digest.readBigInt64BE(0));
}
