import { describe, expect, it } from 'vitest';
import { mobizonProvider } from './mobizon.js';

// The sms-delivery-report webhook as github.com/mobizon/mobizon-api-docs (src/v1/en/_webhook/
// 05-data-structure.md) shows it.
const EVENT = {
  eventId: 26,
  eventType: 'sms-delivery-report',
  eventCreateTs: '2026-01-15 11:42:28',
  webhookId: 1,
  attempt: 1,
  data: {
    campaignId: 245455096,
    messageId: 169275418,
    segNum: 3,
    statusUpdateTs: '2026-01-15 11:42:08',
    status: 'DELIVRD',
    to: '380737893456',
  },
  sign: '3f0a37cf5e27fe0615504b6d700b4b657ecfd39d',
};

describe('Mobizon delivery webhooks', () => {
  const provider = mobizonProvider();
  const parse = (body: unknown) => provider.parseReport!({ query: {}, body, contentType: 'application/json' });

  it('reads the message and its final status, as the poll maps it', () => {
    expect(parse(EVENT)).toEqual([{ providerMessageId: '169275418', status: 'delivered' }]);
    const status = (s: string) => parse({ ...EVENT, data: { ...EVENT.data, status: s } })[0]?.status;
    expect(['UNDELIV', 'REJECTD', 'EXPIRED'].map(status)).toEqual(['failed', 'failed', 'failed']);
    expect(status('SOMETHING')).toBe('pending');
  });

  it('finds no report in another event or body', () => {
    expect(parse({ ...EVENT, eventType: 'form-submission', data: { formId: 846 } })).toEqual([]);
    expect(parse({ ...EVENT, data: { status: 'DELIVRD' } })).toEqual([]);
    expect(parse(undefined)).toEqual([]);
  });
});
