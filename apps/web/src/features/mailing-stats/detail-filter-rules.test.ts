import { describe, expect, it } from 'vitest';
import type { MailingDetailRow } from '@salon/contract/mailing-stats';
import {
  allSelected,
  clearStatuses,
  detailTelegramBody,
  detailWireQuery,
  filterDetailRows,
  nextDetailSearch,
  noneSelected,
  readDetailView,
  sanitizePhoneSearch,
  segmentFilterOf,
  selectAllStatuses,
  statusCounts,
  toggleStatus,
} from './detail-filter-rules';

const row = (phone: string, status: MailingDetailRow['status']): MailingDetailRow => ({
  phone,
  name: '',
  recordTime: null,
  replyTime: null,
  service: null,
  summaryCost: null,
  status,
});
const rows = [
  row('79990000001', 'sent'),
  row('79990000002', 'read'),
  row('79990000003', 'answered'),
  row('79990000004', 'recorded'),
  row('79161112233', 'read'),
];

describe('reading the detail state from the address', () => {
  it('has every status ticked, the whole reaction and page 1 by default', () => {
    expect(readDetailView(new URLSearchParams('accId=7&sendout_id=abc'))).toEqual({
      sendoutId: 'abc',
      reaction: 'all',
      statuses: { read: true, recorded: true, sent: true, answered: true, pending: true },
      phone: '',
      page: 1,
      pageSize: 8,
    });
    expect(readDetailView(new URLSearchParams('accId=7')).sendoutId).toBeNull();
  });

  it('restores the filters and drops values it does not know', () => {
    const view = readDetailView(
      new URLSearchParams(
        'sendout_id=s1&reaction=answered&status=read,bogus,recorded&phone=+7 999&page=2&page_size=20',
      ),
    );
    expect(view).toEqual({
      sendoutId: 's1',
      reaction: 'answered',
      statuses: { read: true, recorded: true, sent: false, answered: false, pending: false },
      phone: '7999',
      page: 2,
      pageSize: 20,
    });
    const bad = readDetailView(new URLSearchParams('sendout_id=s1&reaction=maybe&page=-1&page_size=7'));
    expect([bad.reaction, bad.page, bad.pageSize]).toEqual(['all', 1, 8]);
  });

  it('tells cleared chips (empty list) from untouched ones (absent)', () => {
    expect(noneSelected(readDetailView(new URLSearchParams('status=')).statuses)).toBe(true);
    expect(allSelected(readDetailView(new URLSearchParams('')).statuses)).toBe(true);
  });

  it('writes the state back without defaults and restarts paging', () => {
    const current = new URLSearchParams('accId=7&sendout_id=s1&page=3');
    const view = readDetailView(current);
    const next = nextDetailSearch(current, view, { statuses: toggleStatus(view.statuses, 'sent') });
    expect(next.get('accId')).toBe('7');
    expect(next.get('status')).toBe('read,recorded,answered,pending');
    expect(next.has('page')).toBe(false);
    expect(readDetailView(next).statuses.sent).toBe(false);
    const cleared = nextDetailSearch(next, readDetailView(next), { statuses: clearStatuses() });
    expect(cleared.get('status')).toBe('');
    const all = nextDetailSearch(cleared, readDetailView(cleared), { statuses: selectAllStatuses() });
    expect(all.has('status')).toBe(false);
    expect(nextDetailSearch(current, view, { page: 2 }).get('page')).toBe('2');
  });

  it('drops the previous send-out’s filters when another one is chosen', () => {
    const current = new URLSearchParams('sendout_id=s1&reaction=recorded&status=read&phone=999&page=2');
    const next = nextDetailSearch(current, readDetailView(current), { sendoutId: 's2' });
    expect(next.toString()).toBe('sendout_id=s2');
  });
});

describe('status chips (SPEC 4)', () => {
  it("'all' selects everything and clearing clears all", () => {
    const some = toggleStatus(selectAllStatuses(), 'read');
    expect(allSelected(some)).toBe(false);
    expect(allSelected(selectAllStatuses())).toBe(true);
    expect(noneSelected(clearStatuses())).toBe(true);
    expect(toggleStatus(clearStatuses(), 'recorded')).toEqual({
      read: false,
      recorded: true,
      sent: false,
      answered: false,
      pending: false,
    });
  });

  it('keeps the rows whose status is ticked and whose number holds the digits', () => {
    const onlyRead = toggleStatus(clearStatuses(), 'read');
    expect(filterDetailRows(rows, onlyRead, '').map((r) => r.phone)).toEqual(['79990000002', '79161112233']);
    expect(filterDetailRows(rows, selectAllStatuses(), '+7 916').map((r) => r.phone)).toEqual(['79161112233']);
    expect(filterDetailRows(rows, onlyRead, '0001')).toEqual([]);
    expect(filterDetailRows(rows, clearStatuses(), '')).toEqual([]);
    expect(filterDetailRows(rows, selectAllStatuses(), '')).toHaveLength(5);
  });

  it('counts the rows of each status', () => {
    expect(statusCounts(rows)).toEqual({ sent: 1, read: 2, answered: 1, recorded: 1, pending: 0 });
  });

  it('searches by digits only', () => {
    expect(sanitizePhoneSearch('+7 (999) 000-00-01')).toBe('79990000001');
    expect(sanitizePhoneSearch('1'.repeat(30))).toHaveLength(20);
  });
});

describe('the calls', () => {
  it('sends the reaction to the detail call only when it narrows', () => {
    expect(detailWireQuery('s1', { reaction: 'all' })).toEqual({ sendout_id: 's1' });
    expect(detailWireQuery('s1', { reaction: 'not_replied' })).toEqual({ sendout_id: 's1', reaction: 'not_replied' });
  });

  it('turns the reaction choice into the segment ticks (SPEC 7)', () => {
    expect(segmentFilterOf('all')).toEqual({ answered: true, recorded: true, not_replied: true });
    expect(segmentFilterOf('not_replied')).toEqual({ answered: false, recorded: false, not_replied: true });
    expect(segmentFilterOf('recorded')).toEqual({ answered: false, recorded: true, not_replied: false });
  });

  it('sends the Telegram export the filters on screen', () => {
    const view = readDetailView(
      new URLSearchParams('sendout_id=s1&reaction=answered&status=answered,recorded&phone=916'),
    );
    expect(detailTelegramBody('s1', view)).toEqual({
      sendout_id: 's1',
      client_phone: '916',
      status_filter: { answered: true, recorded: true, read: false, sent: false, pending: false },
      segment_filter: { answered: true, recorded: false, not_replied: false },
    });
    expect(detailTelegramBody('s1', readDetailView(new URLSearchParams('sendout_id=s1'))).client_phone).toBeNull();
  });
});
