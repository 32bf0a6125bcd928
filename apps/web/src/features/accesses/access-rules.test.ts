import { describe, expect, it } from 'vitest';
import type { AdminWire } from '@salon/contract/accesses';
import { GRANTABLE_RIGHTS } from '@salon/contract/rights-rules';
import { ApiError } from '../../shared/api/api-error';
import {
  RIGHT_OPTIONS,
  accessFailure,
  adminChanges,
  checkedRights,
  clearsTgId,
  isSelf,
  logActionKey,
  newAdminProblems,
  sanitizeTgId,
  selectAllState,
  sortedLog,
  splitAdmins,
  toActiveBody,
  toAddAdminBody,
  toUpdateBody,
  toggleAll,
  toggleRight,
} from './access-rules';

const admin = (overrides: Partial<AdminWire> = {}): AdminWire => ({
  tg_id: 7770001,
  name: 'Мария',
  rights: ['edit_templates'],
  create_date: '2026-11-01T10:00:00.000Z',
  update_date: '2026-11-01T10:00:00.000Z',
  active: true,
  changelog: [],
  ...overrides,
});

describe('rights checkboxes', () => {
  it('offers every grantable right exactly once', () => {
    expect([...RIGHT_OPTIONS].sort()).toEqual([...GRANTABLE_RIGHTS].sort());
  });

  it('tracks Select All', () => {
    expect(selectAllState([])).toBe('none');
    expect(selectAllState(['sendouts'])).toBe('some');
    expect(selectAllState(toggleAll(true))).toBe('all');
    expect(selectAllState(['all'])).toBe('all');
    expect(toggleAll(false)).toEqual([]);
  });

  it('toggles one right, keeping the display order', () => {
    expect(toggleRight(['owner'], 'sendouts', true)).toEqual(['sendouts', 'owner']);
    expect(toggleRight(['owner', 'sendouts'], 'owner', false)).toEqual(['sendouts']);
    expect(checkedRights(['consultant', 'notify'])).toEqual(['notify']);
  });
});

describe('adding an admin', () => {
  const form = { tgId: '7770002', name: ' Ольга ', rights: ['edit_templates'] };

  it('keeps only digits of the Telegram id', () => {
    expect(sanitizeTgId(' 777-0001a ')).toBe('7770001');
    expect(sanitizeTgId('1234567890123456')).toBe('123456789012');
  });

  it('names empty, malformed and duplicate ids, and clears only a duplicate', () => {
    expect(newAdminProblems({ ...form, tgId: '' }, []).tgId).toBe('emptyTgId');
    expect(newAdminProblems({ ...form, tgId: '0123456' }, []).tgId).toBe('invalidTgId');
    const duplicate = newAdminProblems({ ...form, tgId: '7770001' }, [admin()]);
    expect(duplicate.tgId).toBe('uniqueTgId');
    expect(clearsTgId(duplicate)).toBe(true);
    expect(clearsTgId(newAdminProblems({ ...form, tgId: '' }, []))).toBe(false);
  });

  it('needs a name and a right', () => {
    expect(newAdminProblems({ ...form, name: '  ', rights: [] }, [])).toEqual({
      name: 'nameRequired',
      rights: 'rightsRequired',
    });
    expect(newAdminProblems(form, [admin()])).toEqual({});
  });

  it('sends the id as a number and Select All as every right', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(toAddAdminBody(form, now)).toEqual({
      active: true,
      tg_id: 7770002,
      name: 'Ольга',
      rights: ['edit_templates'],
      change_log: [],
      create_date: now.toISOString(),
      update_date: now.toISOString(),
    });
    expect(toAddAdminBody({ ...form, rights: toggleAll(true) }, now).rights).toEqual([...RIGHT_OPTIONS]);
  });
});

describe('editing an admin', () => {
  it('skips an update when name and rights are unchanged', () => {
    expect(adminChanges(admin(), { name: 'Мария ', rights: ['edit_templates'] })).toEqual([]);
    expect(adminChanges(admin(), { name: 'Мария Иванова', rights: ['edit_templates'] })).toEqual(['change_name']);
    expect(adminChanges(admin(), { name: 'Мария', rights: ['edit_templates', 'notify'] })).toEqual(['change_rights']);
    expect(adminChanges(admin({ rights: ['all'] }), { name: 'Мария', rights: toggleAll(true) })).toEqual([]);
  });

  it('builds the PATCH bodies with changed_fields', () => {
    const body = toUpdateBody(admin(), { name: ' Маша ', rights: ['notify'] }, ['change_name', 'change_rights']);
    expect(body).toEqual({
      tg_id: 7770001,
      name: 'Маша',
      rights: ['notify'],
      active: true,
      changed_fields: ['change_name', 'change_rights'],
    });
    expect(toActiveBody(admin(), false)).toMatchObject({
      tg_id: 7770001,
      active: false,
      changed_fields: ['change_active'],
    });
  });

  it('splits the list and recognises the signed-in user', () => {
    const list = [admin(), admin({ tg_id: 7770002, active: false })];
    expect(splitAdmins(list).active.map((a) => a.tg_id)).toEqual([7770001]);
    expect(splitAdmins(list).inactive.map((a) => a.tg_id)).toEqual([7770002]);
    expect(isSelf(admin(), '7770001')).toBe(true);
    expect(isSelf(admin(), null)).toBe(false);
  });
});

describe('change log', () => {
  it('translates known actions and sorts newest first', () => {
    expect(logActionKey('User Added')).toBe('added');
    expect(logActionKey('Change of Rights')).toBe('rights');
    expect(logActionKey('Something else')).toBe('other');
    const entry = { new_name: null, new_rights: null, new_active: null, action: 'Change of Name' };
    const sorted = sortedLog([
      { ...entry, date: '2026-11-01T10:00:00Z' },
      { ...entry, date: '2026-11-03T10:00:00Z' },
    ]);
    expect(sorted.map((e) => e.date)).toEqual(['2026-11-03T10:00:00Z', '2026-11-01T10:00:00Z']);
  });
});

describe('refused calls', () => {
  it('maps statuses and field issues to messages', () => {
    expect(accessFailure(new ApiError('UNIQUE_TG_ID_ERROR', 400))).toEqual({
      field: 'tgId',
      key: 'uniqueTgId',
      clearTgId: true,
    });
    const issue = new ApiError('Bad request', 400, undefined, [{ path: 'body.tg_id', code: 'EMPTY_TG_INPUT_ERROR' }]);
    expect(accessFailure(issue)).toEqual({ field: 'tgId', key: 'emptyTgId', clearTgId: false });
    expect(accessFailure(new ApiError('SELF_CHANGE_ERROR', 400))?.key).toBe('self');
    expect(accessFailure(new ApiError('Internal error', 500))).toBeNull();
  });
});
