import { describe, expect, it } from 'vitest';
import { isSmsReportSecret, smsReportSecret, smsReportUrl } from './report-url.js';

const key = Buffer.alloc(32, 7);
const other = Buffer.alloc(32, 8);

describe('SMS report URL', () => {
  it('puts a per-instance secret, derived from the installation key, in the path', () => {
    const url = smsReportUrl(key, 'https://salon.example/')('ch-1');
    expect(url).toBe(`https://salon.example/api/channels/sms_report/ch-1/${smsReportSecret(key, 'ch-1')}`);
    expect(smsReportSecret(key, 'ch-1')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(smsReportSecret(key, 'ch-1')).not.toBe(smsReportSecret(key, 'ch-2'));
    expect(smsReportSecret(key, 'ch-1')).not.toBe(smsReportSecret(other, 'ch-1'));
  });

  it('accepts only that instance’s secret', () => {
    expect(isSmsReportSecret(key, 'ch-1', smsReportSecret(key, 'ch-1'))).toBe(true);
    expect(isSmsReportSecret(key, 'ch-2', smsReportSecret(key, 'ch-1'))).toBe(false);
    expect(isSmsReportSecret(key, 'ch-1', smsReportSecret(other, 'ch-1'))).toBe(false);
    expect(isSmsReportSecret(key, 'ch-1', 'short')).toBe(false);
    expect(isSmsReportSecret(key, 'ch-1', undefined)).toBe(false);
  });
});
