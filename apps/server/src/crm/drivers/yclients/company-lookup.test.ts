import { describe, expect, it } from 'vitest';
import { companyOfReply, yclientsCompanyLookup } from './company-lookup.js';

describe('YCLIENTS company lookup', () => {
  it('reads the title and the zone, by name or by hours', () => {
    expect(companyOfReply({ title: ' Лилия ', timezone_name: 'Asia/Vladivostok' })).toEqual({
      title: 'Лилия',
      timeZone: 'Asia/Vladivostok',
    });
    expect(companyOfReply({ title: 'Лилия', timezone: 5 })).toEqual({ title: 'Лилия', timeZone: 'Etc/GMT-5' });
    expect(companyOfReply({ title: 'Лилия', timezone: '3' })).toEqual({ title: 'Лилия', timeZone: 'Europe/Moscow' });
    expect(companyOfReply({ title: 'Лилия', timezone: 'Mars/Base' })).toEqual({ title: 'Лилия', timeZone: null });
    expect(companyOfReply(null)).toBeNull();
  });

  it('answers null for a company YCLIENTS does not know, undefined when it cannot tell', async () => {
    const answer = (status: number, body: unknown) => async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const unknown = yclientsCompanyLookup({
      partnerToken: 'p',
      fetch: answer(404, { success: false, meta: { message: 'Филиал не найден.' } }),
    });
    expect(await unknown(5)).toBeNull();
    const broken = yclientsCompanyLookup({
      partnerToken: 'p',
      maxAttempts: 1,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await broken(5)).toBeUndefined();
    const known = yclientsCompanyLookup({
      partnerToken: 'p',
      fetch: answer(200, { success: true, data: { id: 5, title: 'Лилия', timezone_name: 'Europe/Moscow' }, meta: [] }),
    });
    expect(await known(5)).toEqual({ title: 'Лилия', timeZone: 'Europe/Moscow' });
  });
});
