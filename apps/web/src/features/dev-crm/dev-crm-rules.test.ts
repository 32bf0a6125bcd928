import { describe, expect, it } from 'vitest';
import { LOCAL_CRM_STATUS } from '@salon/contract/local-crm';
import { ApiError } from '../../shared/api/api-error';
import {
  actionsFor,
  createRecordProblems,
  dayTitle,
  dayTotal,
  defaultStart,
  failureKey,
  isNotLocal,
  servicesSummary,
  shiftDay,
  statusOf,
  timeRange,
  toCreateRecordBody,
  zonedParts,
  type CreateRecordForm,
} from './dev-crm-rules';

const FORM: CreateRecordForm = {
  clientMode: 'existing',
  clientId: '5',
  clientName: '',
  clientPhone: '',
  staffId: '1',
  serviceIds: ['1', '4'],
  start: '2026-03-12T11:00',
  online: true,
  labelIds: ['2'],
  comment: '  окно  ',
};

describe('record status and actions', () => {
  it('names the status, cancelled first', () => {
    expect(statusOf({ deleted: false, attendance: -1 })).toBe('didNotCome');
    expect(statusOf({ deleted: false, attendance: 0 })).toBe('waiting');
    expect(statusOf({ deleted: false, attendance: 1 })).toBe('came');
    expect(statusOf({ deleted: false, attendance: 2 })).toBe('confirmed');
    expect(statusOf({ deleted: true, attendance: 1 })).toBe('cancelled');
  });

  it('offers only the changes that change something', () => {
    expect(actionsFor({ deleted: false, attendance: 0, paid: false })).toEqual([
      'move',
      'confirm',
      'came',
      'didNotCome',
      'pay',
      'cancel',
    ]);
    expect(actionsFor({ deleted: false, attendance: 2, paid: false })).toEqual([
      'move',
      'came',
      'didNotCome',
      'pay',
      'cancel',
    ]);
    expect(actionsFor({ deleted: false, attendance: 1, paid: true })).toEqual(['move', 'didNotCome', 'cancel']);
    expect(actionsFor({ deleted: false, attendance: -1, paid: false })).toEqual(['move', 'came', 'pay', 'cancel']);
    expect(actionsFor({ deleted: true, attendance: 0, paid: false })).toEqual([]);
  });
});

describe('days and times in the branch’s zone', () => {
  it('reads an instant on the zone’s clocks', () => {
    const at = new Date('2026-03-10T20:30:00Z');
    expect(zonedParts(at, 'Europe/Moscow')).toEqual({ date: '2026-03-10', time: '23:30' });
    expect(zonedParts(at, 'Asia/Vladivostok')).toEqual({ date: '2026-03-11', time: '06:30' });
  });

  it('steps days across months and years', () => {
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDay('bad', 1)).toBe('bad');
  });

  it('shows a booking’s time range on the branch’s clocks', () => {
    const record = { starts_at: '2026-03-12T06:00:00.000Z', length_sec: 5400 };
    expect(timeRange(record, 'Asia/Yekaterinburg')).toBe('11:00–12:30');
    expect(timeRange(record, 'Europe/Moscow')).toBe('09:00–10:30');
  });

  it('titles a day in the user’s language', () => {
    expect(dayTitle('2026-03-12', 'ru-RU')).toBe('Четверг, 12 марта');
    expect(dayTitle('2026-03-12', 'en-US')).toBe('Thursday, March 12');
  });

  it('starts a new booking at the next hour today, at opening time on other days', () => {
    const now = new Date('2026-03-12T08:20:00Z'); // 11:20 in Moscow
    expect(defaultStart('2026-03-12', now, 'Europe/Moscow')).toBe('2026-03-12T12:00');
    expect(defaultStart('2026-03-13', now, 'Europe/Moscow')).toBe('2026-03-13T10:00');
    expect(defaultStart('2026-03-12', new Date('2026-03-12T20:50:00Z'), 'Europe/Moscow')).toBe('2026-03-12T23:00');
  });

  it('adds up the day without cancelled bookings', () => {
    expect(
      dayTotal([
        { deleted: false, cost: 2500 },
        { deleted: true, cost: 9000 },
        { deleted: false, cost: 1200 },
      ]),
    ).toBe(3700);
  });
});

describe('the booking form', () => {
  it('asks for a client, a master, services and a start', () => {
    expect(createRecordProblems(FORM)).toEqual({});
    expect(createRecordProblems({ ...FORM, clientId: null, staffId: null, serviceIds: [], start: '' })).toEqual({
      client: 'required',
      staff: 'required',
      services: 'required',
      start: 'required',
    });
    const newClient = { ...FORM, clientMode: 'new' as const, clientId: null };
    expect(createRecordProblems({ ...newClient, clientName: ' ', clientPhone: '' })).toEqual({
      clientName: 'required',
      clientPhone: 'required',
    });
    expect(createRecordProblems({ ...newClient, clientName: 'Ира', clientPhone: '123' })).toEqual({
      clientPhone: 'invalidPhone',
    });
    expect(createRecordProblems({ ...newClient, clientName: 'Ира', clientPhone: '8 (999) 123-45-67' })).toEqual({});
  });

  it('sends an existing client by id, a new one by name and phone', () => {
    expect(toCreateRecordBody(FORM)).toEqual({
      client_id: '5',
      staff_id: '1',
      service_ids: ['1', '4'],
      start: '2026-03-12T11:00',
      online: true,
      label_ids: ['2'],
      comment: 'окно',
    });
    const body = toCreateRecordBody({ ...FORM, clientMode: 'new', clientName: ' Ира ', clientPhone: '+7 999 1234567' });
    expect(body).toMatchObject({ client: { name: 'Ира', phone: '+7 999 1234567' } });
    expect(body).not.toHaveProperty('client_id');
  });

  it('sums the chosen services', () => {
    const services = [
      { id: '1', title: 'A', category_id: '1', price_min: 2500, price_max: 3500, duration_sec: 3600 },
      { id: '2', title: 'B', category_id: '1', price_min: 1800, price_max: 1800, duration_sec: 2700 },
    ];
    expect(servicesSummary(services, ['1', '2'])).toEqual({ price: 4300, minutes: 105 });
    expect(servicesSummary(services, [])).toEqual({ price: 0, minutes: 0 });
  });
});

describe('failures', () => {
  it('maps the CRM’s statuses to the page’s messages', () => {
    expect(failureKey(new ApiError(LOCAL_CRM_STATUS.recordDeleted, 409))).toBe('recordDeleted');
    expect(failureKey(new ApiError(LOCAL_CRM_STATUS.unknownStaff, 400))).toBe('unknownStaff');
    expect(
      failureKey(
        new ApiError('Bad request', 400, undefined, [{ path: 'body.start', code: LOCAL_CRM_STATUS.invalidTime }]),
      ),
    ).toBe('invalidTime');
    expect(failureKey(new ApiError('Bad request', 400))).toBeNull();
    expect(failureKey(new Error('x'))).toBeNull();
  });

  it('recognises a branch on another CRM', () => {
    expect(isNotLocal(new ApiError(LOCAL_CRM_STATUS.notLocal, 409))).toBe(true);
    expect(isNotLocal(new ApiError('Access denied', 403))).toBe(false);
  });
});
