import { describe, expect, it } from 'vitest';
import type { BranchWire } from '@salon/contract/accounts';
import { mapBranch } from '../../shared/accounts/branch';
import { branchWireFixture } from '../../testing/accounts-fixtures';
import {
  headerBannerFingerprint,
  isHeaderBannerVisible,
  partnerBannerToShow,
  shouldShowNoWaWarning,
  shouldShowTgBanner,
} from './banner-rules';

const branch = (wire: Partial<BranchWire> = {}) => mapBranch(branchWireFixture(wire));
const noWa = { status_wa: 'not_authenticated', active_modules: ['TG'], acc_id: 77 } as const;

describe('no-WhatsApp warning', () => {
  it('shows when WhatsApp is not authenticated', () => {
    expect(shouldShowNoWaWarning(branch({ ...noWa, active_modules: ['TG'] }), [])).toBe(true);
  });

  it('is not shown for authenticated WhatsApp, exempt accounts or an active WA module', () => {
    expect(shouldShowNoWaWarning(branch({ ...noWa, status_wa: 'authenticated', active_modules: [] }), [])).toBe(false);
    expect(shouldShowNoWaWarning(branch({ ...noWa, acc_id: 3, active_modules: [] }), [])).toBe(false);
    expect(shouldShowNoWaWarning(branch({ ...noWa, active_modules: ['WA'] }), [])).toBe(false);
  });

  it('stays hidden for the branch the user hid it on', () => {
    expect(shouldShowNoWaWarning(branch({ ...noWa, active_modules: [] }), [77])).toBe(false);
  });
});

describe('Telegram banner', () => {
  it('follows the branch flag and the per-branch hide', () => {
    expect(shouldShowTgBanner(branch({ show_tg_banner: true }), [])).toBe(true);
    expect(shouldShowTgBanner(branch({ show_tg_banner: true }), [7])).toBe(false);
    expect(shouldShowTgBanner(branch({ show_tg_banner: true }), [8])).toBe(true);
    expect(shouldShowTgBanner(branch({ show_tg_banner: false }), [])).toBe(false);
  });
});

describe('header banner', () => {
  const banner = { id: 1, text: { ru: 'Привет', en: 'Hello' } };

  it('shows until hidden, and again when the text changes', () => {
    expect(isHeaderBannerVisible(banner, false, null)).toBe(true);
    const hiddenText = headerBannerFingerprint(banner);
    expect(isHeaderBannerVisible(banner, true, hiddenText)).toBe(false);
    expect(isHeaderBannerVisible({ id: 1, text: { ru: 'Новое', en: 'New' } }, true, hiddenText)).toBe(true);
  });

  it('is absent without a banner or text', () => {
    expect(isHeaderBannerVisible(null, false, null)).toBe(false);
    expect(isHeaderBannerVisible({ id: 2, text: { ru: '', en: '' } }, false, null)).toBe(false);
  });
});

describe('partner banner', () => {
  const banners = [{ image_url: '/b.png', info_url: 'https://example.org' }];
  it('shows the first banner unless hidden or the branch does not ask for it', () => {
    expect(partnerBannerToShow(banners, null, false)).toEqual(banners[0]);
    expect(partnerBannerToShow(banners, null, true)).toBeNull();
    expect(partnerBannerToShow(banners, branch({ show_partner_page_banner: false }), false)).toBeNull();
    expect(partnerBannerToShow([], null, false)).toBeNull();
  });
});
