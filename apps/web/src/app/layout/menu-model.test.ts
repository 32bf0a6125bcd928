import { describe, expect, it } from 'vitest';
import type { BranchWire } from '@salon/contract/accounts';
import { mapBranch } from '../../shared/accounts/branch';
import { branchWireFixture } from '../../testing/accounts-fixtures';
import { visibleMenu, type MenuContext, type MenuEntry } from './menu-model';

const flat = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.key, ...flat(e.children)]);
const menu = (wire: Partial<BranchWire> = {}, ctx: Partial<MenuContext> = {}) =>
  flat(
    visibleMenu({
      branch: mapBranch(branchWireFixture(wire)),
      isSalon: true,
      isConsultant: false,
      isMobile: false,
      priorityChannelCount: 2,
      ...ctx,
    }),
  );

describe('menu visibility', () => {
  it('shows an owner everything in the spec order', () => {
    expect(menu()).toEqual([
      'main',
      'connection',
      'templates',
      'templates-all',
      'templates-event',
      'templates-time',
      'templates-consent',
      'templates-statistics',
      'reviews',
      'mailing',
      'mailing-new',
      'mailing-started',
      'mailing-stats',
      'mailing-consents',
      'invite-friends',
      'auto-response',
      'ai',
      'ai-settings',
      'ai-instruction',
      'ai-exceptions',
      'settings',
      'settings-general',
      'bill-data',
      'system-messages',
      'sms',
      'channel-priority',
      'accesses',
      'chat-history',
      'pay',
      'partners',
      'blacklist',
    ]);
  });

  it('adds the branch list on mobile', () => {
    expect(menu({}, { isMobile: true })).toContain('branches');
    expect(menu()).not.toContain('branches');
  });

  it('shows connection for owner or manage_wapp', () => {
    expect(menu({ rights: ['manage_wapp'] })).toContain('connection');
    expect(menu({ rights: ['sendouts'] })).not.toContain('connection');
  });

  it('shows send-outs for owner or sendouts', () => {
    expect(menu({ rights: ['sendouts'] })).toContain('mailing-new');
    expect(menu({ rights: ['manage_wapp'] })).not.toContain('mailing');
  });

  it('shows settings for owner or translation_switch, with system messages and accesses for owners only', () => {
    const admin = menu({ rights: ['translation_switch'] });
    expect(admin).toContain('settings');
    expect(admin).toContain('sms');
    expect(admin).not.toContain('system-messages');
    expect(admin).not.toContain('accesses');
    expect(menu({ rights: ['edit_templates'] })).not.toContain('settings');
  });

  it('shows channel priority only with more than one channel that has priority data', () => {
    expect(menu({}, { priorityChannelCount: 0 })).not.toContain('channel-priority');
    expect(menu({}, { priorityChannelCount: 1 })).not.toContain('channel-priority');
    expect(menu({}, { priorityChannelCount: 3 })).toContain('channel-priority');
    // The count the accounts list carries no longer decides it.
    expect(menu({ priority_channels: 3 }, { priorityChannelCount: 1 })).not.toContain('channel-priority');
  });

  it('hides templates, reviews, invite friends, system messages and SMS for send-out accounts', () => {
    const keys = menu({ send_out_account: true });
    for (const hidden of ['templates', 'reviews', 'invite-friends', 'system-messages', 'sms'])
      expect(keys).not.toContain(hidden);
    expect(keys).toContain('mailing');
    expect(keys).toContain('settings');
  });

  it('shows AI only with the branch flag', () => {
    expect(menu({ show_neiro_interface: false })).not.toContain('ai');
  });

  it('leaves only the partner programme to users that are neither salon nor consultant', () => {
    expect(
      flat(
        visibleMenu({ branch: null, isSalon: false, isConsultant: false, isMobile: false, priorityChannelCount: 0 }),
      ),
    ).toEqual(['partners']);
    expect(
      flat(visibleMenu({ branch: null, isSalon: false, isConsultant: false, isMobile: true, priorityChannelCount: 0 })),
    ).toEqual(['branches', 'partners']);
  });

  it('shows only the partner programme before a branch is chosen', () => {
    expect(
      flat(visibleMenu({ branch: null, isSalon: true, isConsultant: false, isMobile: false, priorityChannelCount: 0 })),
    ).toEqual(['partners']);
  });
});
