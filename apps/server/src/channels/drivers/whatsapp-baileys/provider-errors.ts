import type { SendFailure } from '../../channel.js';

// Baileys fails with Boom errors: `output.statusCode` carries the disconnect reason, and an error
// stanza from WhatsApp becomes `data: <code>` with the stanza text as the message ('rate-overlimit').

export function disconnectCode(error: unknown): number | undefined {
  if (!isRecord(error)) return undefined;
  const output = error.output;
  if (isRecord(output) && typeof output.statusCode === 'number') return output.statusCode;
  return undefined;
}

export interface MappedSendError {
  failure: SendFailure;
  retryAfterMs?: number;
  detail: string;
}

export function sendFailureOf(error: unknown): MappedSendError {
  const detail = error instanceof Error ? error.message : String(error);
  const code = stanzaCode(error) ?? disconnectCode(error);
  if (code === 429 || /rate-overlimit/i.test(detail)) return { failure: 'rate_limited', detail };
  if (code === 403 || /banned|forbidden/i.test(detail)) return { failure: 'banned', detail };
  // 428 'Connection Closed': the socket fell between the connected check and the send.
  if (code === 428 || /connection closed/i.test(detail)) return { failure: 'not_connected', detail };
  return { failure: 'provider_error', detail };
}

function stanzaCode(error: unknown): number | undefined {
  if (!isRecord(error) || typeof error.data !== 'number' || Number.isNaN(error.data)) return undefined;
  return error.data;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
