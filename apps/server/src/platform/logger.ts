import type { FastifyBaseLogger } from 'fastify';
import { pino, stdSerializers, type DestinationStream } from 'pino';

export type Logger = FastifyBaseLogger;

type Serialized = Record<string, unknown>;

// A failed query's error names its parameters — clients' phones, message texts, tokens — in its
// message (drizzle: "Failed query: …\nparams: …"), in `params`, and the database's own error may
// quote the values in `detail` ("Key (phone)=(7999…) already exists"). None of that is logged.
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const VALUES_IN_DETAIL = /\)=\([\s\S]*\)/;
// Postgres quotes a value it could not read: `invalid input syntax for type integer: "7999…"`.
const VALUE_IN_MESSAGE = /(invalid input (?:syntax|value) for [^:\n]*: )"[^"\n]*"/g;

function redact(err: Serialized, depth = 0): Serialized {
  const out: Serialized = { ...err };
  for (const key of ['message', 'stack'] as const) {
    if (typeof out[key] === 'string') {
      out[key] = (out[key] as string)
        .replace(PARAMS_IN_TEXT, '\nparams: [redacted]')
        .replace(VALUE_IN_MESSAGE, '$1"[redacted]"');
    }
  }
  if ('params' in out) out.params = '[redacted]';
  if (typeof out.detail === 'string') out.detail = out.detail.replace(VALUES_IN_DETAIL, ')=([redacted])');
  if (out.cause && typeof out.cause === 'object' && depth < 5) out.cause = redact(out.cause as Serialized, depth + 1);
  return out;
}

function errSerializer(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  return redact(stdSerializers.err(err) as unknown as Serialized);
}

// Structured JSON logs on stdout; one logger for the HTTP layer and the workers.
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { pid: process.pid }, serializers: { err: errSerializer } };
  return destination ? pino(options, destination) : pino(options);
}
