import { SMS_PROVIDERS } from '@salon/contract/sms-providers';
import { describe, expect, it } from 'vitest';
import { smsAdapterFor, smsDriverFor, supportedSmsProviderKeys } from './registry.js';

describe('SMS adapter registry', () => {
  it('has an adapter for exactly the providers the contract marks supported (off needs none)', () => {
    const supported = SMS_PROVIDERS.filter((p) => p.supported && p.key !== 'off').map((p) => p.key);
    expect(supportedSmsProviderKeys()).toEqual(supported);
  });

  it('finds adapters by id, key and numeric string', () => {
    expect(smsAdapterFor(2)?.key).toBe('smsru');
    expect(smsAdapterFor('smsc')?.key).toBe('smsc');
    expect(smsAdapterFor('4')?.key).toBe('smsaero');
    expect(smsAdapterFor(5)?.key).toBe('smsprosto');
  });

  it('has none for off, unknown and unsupported providers', () => {
    expect(smsAdapterFor(1)).toBeUndefined();
    expect(smsAdapterFor('off')).toBeUndefined();
    expect(smsAdapterFor('rumessage')).toBeUndefined();
    for (const p of SMS_PROVIDERS.filter((p) => !p.supported)) expect(smsAdapterFor(p.id)).toBeUndefined();
    expect(smsAdapterFor(99)).toBeUndefined();
  });

  it('builds a channel driver named sms:<key>', () => {
    expect(smsDriverFor('smsprosto')?.provider).toBe('sms:smsprosto');
    expect(smsDriverFor(17)?.provider).toBe('sms:twilio');
    expect(smsDriverFor('vonage')?.provider).toBe('sms:vonage');
    expect(smsAdapterFor(19)?.key).toBe('infobip');
  });
});
