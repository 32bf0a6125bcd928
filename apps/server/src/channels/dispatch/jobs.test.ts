import { describe, expect, it } from 'vitest';
import { dispatchJobKey } from './jobs.js';

describe('dispatch job keys', () => {
  const later = new Date('2026-12-10T08:00:00Z');
  const earlier = new Date('2026-12-09T08:00:00Z');

  it('a job for an earlier moment is not the job for a later one', () => {
    expect(dispatchJobKey(7, earlier, 1000)).not.toBe(dispatchJobKey(7, later, 1000));
  });

  it('the same row and moment is one job; every "due now" is one job', () => {
    expect(dispatchJobKey(7, later, 5000)).toBe(dispatchJobKey(7, later, 3000));
    expect(dispatchJobKey(7, earlier, 0)).toBe(dispatchJobKey(7, later, 0));
    expect(dispatchJobKey(7, later, 0)).not.toBe(dispatchJobKey(8, later, 0));
  });
});
