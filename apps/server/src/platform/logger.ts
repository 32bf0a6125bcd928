import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

export type Logger = FastifyBaseLogger;

// Structured JSON logs on stdout; one logger for the HTTP layer and the workers.
export function createLogger(level: string): Logger {
  return pino({ level, base: { pid: process.pid } });
}
