// SPEC 8: a rendering crash is reported unless its message marks it as non-critical.
const NON_CRITICAL_MARK = 'Non-critical error';

export function shouldReportError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return !message.includes(NON_CRITICAL_MARK);
}

// The error-reporting service of the spec is the console until one is configured.
export function reportError(error: unknown, context?: string): void {
  if (!shouldReportError(error)) return;
  console.error(context ? `[${context}]` : '[app]', error);
}
