import { describe, expect, it } from 'vitest';
import type { TemplateSettings } from '@salon/contract/templates';
import { mismatch, type MatchContext } from './match.js';
import { client, record, settings } from '../../../test-support/templates/engine-fixtures.js';

const base = { when_send: 'before_start', when_send2: 1 } as const;
const ctx = (over: Partial<MatchContext> = {}): MatchContext => ({
  record: record(),
  client: client(),
  exceptionMasters: [],
  hasOtherFutureRecord: async () => false,
  ...over,
});
const check = (s: Partial<TemplateSettings>, c: Partial<MatchContext> = {}) =>
  mismatch(settings({ ...base, ...s }), ctx(c));

describe('template filters', () => {
  it('an empty filter matches everything', async () => {
    expect(await check({})).toBeNull();
  });

  it.each([
    ['services', { services: ['sv2'] }, { services: ['sv1'] }],
    ['categories', { categories: ['cat9'] }, { categories: ['cat1'] }],
    ['staff', { staff: ['s2'] }, { staff: ['s1'] }],
    ['attendance', { attendance: [1, 2] }, { attendance: [0] }],
    ['visits', { visits: [5, null] }, { visits: [1, 3] }],
  ] as const)('%s: refuses what is not listed, accepts what is', async (name, refuse, accept) => {
    expect(await check(refuse as Partial<TemplateSettings>)).toBe(name);
    expect(await check(accept as Partial<TemplateSettings>)).toBeNull();
  });

  it('goods, record tags and client categories intersect the record and client', async () => {
    expect(await check({ goods: ['g1'] })).toBe('goods');
    expect(
      await check(
        { goods: ['g1'] },
        { record: record({ goods: [{ id: 'g1', title: 'Шампунь', cost: 900, amount: 1 }] }) },
      ),
    ).toBeNull();
    expect(await check({ record_labels: ['l1'] })).toBe('record_labels');
    expect(await check({ record_labels: ['l1'] }, { record: record({ labels: ['l2', 'l1'] }) })).toBeNull();
    expect(await check({ client_category: ['vip'] })).toBe('client_category');
    expect(await check({ client_category: ['vip'] }, { client: client({ categories: ['vip'] }) })).toBeNull();
    expect(await check({ client_category: ['vip'] }, { client: null })).toBe('client_category');
  });

  it('visit range is inclusive and open at null ends', async () => {
    expect(await check({ visits: [3, 3] })).toBeNull();
    expect(await check({ visits: [null, 2] })).toBe('visits');
    expect(await check({ visits: [4, null] })).toBe('visits');
  });

  it('online records only', async () => {
    expect(await check({ online: true })).toBe('online');
    expect(await check({ online: true }, { record: record({ online: true }) })).toBeNull();
  });

  it('lost clients only: a client with another upcoming booking is not lost', async () => {
    expect(await check({ send_only_lost_client: true }, { hasOtherFutureRecord: async () => true })).toBe('not_lost');
    expect(await check({ send_only_lost_client: true })).toBeNull();
  });

  it('per-template blacklist, excepted masters (any case) and records without a phone', async () => {
    expect(await check({ blacklist: ['79991234567'] })).toBe('blacklisted');
    expect(await check({}, { exceptionMasters: ['  анна смирнова '] })).toBe('excepted_master');
    expect(await check({}, { record: record({ clientPhone: '' }) })).toBe('no_phone');
  });
});
