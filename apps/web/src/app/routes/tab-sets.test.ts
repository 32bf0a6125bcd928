import { describe, expect, it } from 'vitest';
import { accountsFixture, branchWireFixture, consultantFixture } from '../../testing/accounts-fixtures';
import type { GuardContext } from './guard';
import { activeTabKey, visibleTabs } from './tab-sets';

const ctx = (accounts = accountsFixture()): GuardContext => ({
  authenticated: true,
  accounts,
  search: '?accId=7',
  sessionAccId: 7,
});
const keys = (tabs: readonly { key: string }[]) => tabs.map((t) => t.key);

describe('tab sets', () => {
  it('salon partners see terms, payment history and invitation texts', () => {
    expect(keys(visibleTabs('partner', ctx()))).toEqual(['program', 'payments', 'promo']);
  });

  it('consultants see operations and leads too, and access when they are owner only', () => {
    const consultant = accountsFixture({ consultant: true, consultant_data: consultantFixture() });
    expect(keys(visibleTabs('partner', ctx(consultant)))).toEqual([
      'program',
      'operations',
      'payments',
      'leads',
      'access',
      'promo',
    ]);
  });

  it('hides the mailing tabs that need the sendouts right', () => {
    const viewer = accountsFixture({ accounts: [branchWireFixture({ rights: ['notify'] })] });
    // Every mailing tab, the statistics ones included, needs owner/support or sendouts (SPEC 6).
    expect(keys(visibleTabs('mailing', ctx(viewer)))).toEqual([]);
    const sender = accountsFixture({ accounts: [branchWireFixture({ rights: ['sendouts'] })] });
    expect(keys(visibleTabs('mailing', ctx(sender)))).toHaveLength(5);
    expect(keys(visibleTabs('mailing', ctx()))).toHaveLength(5);
  });

  it('marks the landing route of a section as its first tab', () => {
    expect(activeTabKey('inviteFriends', 'inviteFriends')).toBe('actions');
    expect(activeTabKey('ai', 'aiAdmin')).toBe('conversations');
    expect(activeTabKey('ai', 'aiAdminStatistics')).toBe('statistics');
    expect(activeTabKey('templates', 'templateListTime')).toBe('time');
    expect(activeTabKey('templates', 'main')).toBeNull();
  });
});
