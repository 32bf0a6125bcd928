import { describe, expect, it } from 'vitest';
import { OPT_IN_VARIABLES, RECORD_VARIABLES, unknownVariables } from '@salon/contract/templates-rules';
import { birthdayVariables, recordVariables } from './variables.js';
import { client, record } from '../../../test-support/templates/engine-fixtures.js';

const moscow = { accId: 1, name: 'Бархат на Тверской', timeZone: 'Europe/Moscow', currency: 'RUB' };

describe('record variables', () => {
  const vars = recordVariables(
    record({ startsAt: new Date('2026-12-10T11:00:00Z'), shortLink: 'https://yclients.com/r/abc' }),
    client(),
    moscow,
  );

  it('fills every variable of SPEC 3, and the opt-in links empty when no port gave them', () => {
    expect(Object.keys(vars).sort()).toEqual([...RECORD_VARIABLES, ...OPT_IN_VARIABLES].sort());
    expect(vars).toMatchObject({ max_link: '', tg_bot_link: '' });
  });

  it('uses the branch zone, Russian dates and roubles', () => {
    expect(vars).toMatchObject({
      name: 'Мария',
      full_name: 'Мария Иванова',
      day_of_week: 'четверг',
      day_month: '10 декабря',
      digital_date: '10.12.2026',
      start_time: '14:00',
      end_time: '15:30',
      start_end_time: '14:00–15:30',
      master: 'Анна Смирнова',
      filial_name: 'Бархат на Тверской',
      client_phone: '+79991234567',
      services: 'Стрижка',
      time_service: '1 ч 30 мин',
      bonus_balance: '250',
      record_link: 'https://yclients.com/r/abc',
    });
    expect(vars.price?.replace(/\s/g, ' ')).toBe('1 500 ₽');
  });

  it('in Vladivostok the same instant is 21:00 on Thursday', () => {
    const v = recordVariables(record({ startsAt: new Date('2026-12-10T11:00:00Z') }), client(), {
      ...moscow,
      timeZone: 'Asia/Vladivostok',
    });
    expect([v.start_time, v.day_of_week]).toEqual(['21:00', 'четверг']);
    const late = recordVariables(record({ startsAt: new Date('2026-12-10T15:00:00Z') }), client(), {
      ...moscow,
      timeZone: 'Asia/Vladivostok',
    });
    expect([late.start_time, late.day_month]).toEqual(['01:00', '11 декабря']);
  });

  it('USD branches get English dates and dollars', () => {
    const v = recordVariables(record({ startsAt: new Date('2026-12-10T11:00:00Z') }), client(), {
      ...moscow,
      timeZone: 'America/New_York',
      currency: 'USD',
    });
    expect(v.day_month).toBe('December 10');
    expect(v.digital_date).toBe('12/10/2026');
    expect(v.price).toBe('$1,500');
    expect(v.start_time).toBe('06:00');
  });

  it('names only variables of SPEC 3, and a birthday has the first name', () => {
    expect(unknownVariables('{name} {unknown} {bonus_balance}', RECORD_VARIABLES)).toEqual(['unknown']);
    expect(birthdayVariables(client({ name: 'Ольга Петрова' }))).toEqual({ name: 'Ольга' });
  });
});
