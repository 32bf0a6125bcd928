import type { ResponseParser } from './api-client';

// Turns a zod-free type guard of the contract into the parser the API client expects.
export function guardParser<T>(
  guard: (value: unknown) => value is T,
  pick: (value: T) => T = (value) => value,
): ResponseParser<T> {
  return {
    safeParse: (input) =>
      guard(input) ? { success: true, data: pick(input) } : { success: false, error: { message: 'unexpected shape' } },
  };
}
