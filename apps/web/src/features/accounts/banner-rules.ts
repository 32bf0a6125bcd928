import type { AccountsResponse, HeaderBannerResponse } from '@salon/contract/accounts';
import { NO_WA_WARNING_EXEMPT_ACC_IDS } from '@salon/contract/constants';
import type { Branch } from '../../shared/accounts/branch';

type HeaderBanner = NonNullable<HeaderBannerResponse['banner']>;

// SPEC 4: warn when WhatsApp is not authenticated, except for the exempt accounts and when the
// branch pays for the WhatsApp module; the user may hide it per branch.
export function shouldShowNoWaWarning(branch: Branch, hiddenAccIds: readonly number[]): boolean {
  if (branch.isSynthetic || branch.statusWA === 'authenticated') return false;
  if (NO_WA_WARNING_EXEMPT_ACC_IDS.includes(branch.accId)) return false;
  if (branch.active_modules.includes('WA')) return false;
  return !hiddenAccIds.includes(branch.accId);
}

export function shouldShowTgBanner(branch: Branch, hiddenAccIds: readonly number[]): boolean {
  return branch.showTgBanner && !hiddenAccIds.includes(branch.accId);
}

// The header banner stays hidden until its text changes, in any language.
export function headerBannerFingerprint(banner: HeaderBanner): string {
  return JSON.stringify([banner.text.ru ?? '', banner.text.en ?? '']);
}

export function isHeaderBannerVisible(
  banner: HeaderBanner | null,
  hidden: boolean,
  hiddenText: string | null,
): boolean {
  if (banner === null) return false;
  if (Object.values(banner.text).every((text) => !text)) return false;
  return !hidden || hiddenText !== headerBannerFingerprint(banner);
}

// The partner banner of banners_data: for users without a branch, or when the branch asks for it.
export function partnerBannerToShow(
  banners: AccountsResponse['banners_data'],
  branch: Branch | null,
  hidden: boolean,
): AccountsResponse['banners_data'][number] | null {
  const banner = banners[0];
  if (!banner || hidden) return null;
  return branch === null || branch.showPartnerPageBanner ? banner : null;
}
