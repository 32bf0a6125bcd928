import { describe, expect, it } from 'vitest';
import { isPublicConfig, pickPublicConfig, PUBLIC_CONFIG_FIELDS } from './public-config-guard.js';
import { publicConfigResponse, type PublicConfig } from './public-config.js';

const valid = {
  ok: true,
  bot_url: 'https://t.me/bot',
  pin_in_server_log: false,
  support_telegram_url: 'https://t.me/support',
  support_phone: '+7 800 000-00-00',
  knowledge_base_url: 'https://kb.example',
  landing_url: 'https://example.org',
  privacy_url: 'https://example.org/privacy',
  offer_url: 'https://example.org/offer',
  refund_url: 'https://example.org/refund',
  video_instructions_url: 'https://youtu.be/abcDEF12345',
} satisfies PublicConfig;

describe('isPublicConfig', () => {
  it('knows exactly the fields of the schema', () => {
    expect([...PUBLIC_CONFIG_FIELDS].sort()).toEqual(Object.keys(publicConfigResponse.shape).sort());
  });

  const samples: unknown[] = [
    valid,
    { ...valid, bot_url: null },
    { ...valid, extra: 1 },
    { ...valid, ok: false },
    { ...valid, bot_url: 5 },
    { ...valid, pin_in_server_log: 'yes' },
    { ...valid, refund_url: undefined },
    Object.fromEntries(Object.entries(valid).filter(([key]) => key !== 'support_phone')),
    null,
    'config',
    [],
  ];
  it.each(samples)('agrees with the schema on %j', (sample) => {
    expect(isPublicConfig(sample)).toBe(publicConfigResponse.safeParse(sample).success);
  });

  it('keeps only the known fields, like the schema', () => {
    expect(pickPublicConfig({ ...valid, extra: 1 } as typeof valid)).toEqual(
      publicConfigResponse.parse({ ...valid, extra: 1 }),
    );
  });
});
