import { describe, expect, it } from 'vitest';
import { shouldReportError } from './report-error';

describe('shouldReportError', () => {
  it('skips errors marked non-critical', () => {
    expect(shouldReportError(new Error('Non-critical error: chart resize'))).toBe(false);
    expect(shouldReportError('Non-critical error')).toBe(false);
  });

  it('reports everything else', () => {
    expect(shouldReportError(new Error('Cannot read properties of undefined'))).toBe(true);
    expect(shouldReportError(42)).toBe(true);
  });
});
