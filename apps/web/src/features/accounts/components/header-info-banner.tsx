import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@salon/contract/constants';
import { isLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { useSession } from '../../../shared/session/use-session';
import { HelpDrawerLink } from '../../../shared/ui/help-drawer-link';
import { NoticeLine } from '../../../shared/ui/notice-line';
import { useHeaderBanner } from '../api/get-header-banner';
import { headerBannerFingerprint, isHeaderBannerVisible } from '../banner-rules';

export function HeaderInfoBanner() {
  const { t, i18n } = useTranslation('accounts');
  const { headerBannerHidden, headerBannerText } = useSession();
  const banner = useHeaderBanner().data?.banner ?? null;
  if (!banner || !isHeaderBannerVisible(banner, headerBannerHidden, headerBannerText)) return null;

  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const text = banner.text[language] || banner.text[DEFAULT_LANGUAGE] || Object.values(banner.text).find(Boolean);
  return (
    <NoticeLine
      testId="header-banner"
      color="blue"
      icon={<IconInfoCircle size={18} aria-hidden />}
      text={text ?? ''}
      action={
        text ? (
          <HelpDrawerLink topic="headerBanner" label="more" markdown={text} testId="header-banner-more" />
        ) : undefined
      }
      dismissLabel={t('banners.hide')}
      onDismiss={() => session.update({ headerBannerHidden: true, headerBannerText: headerBannerFingerprint(banner) })}
    />
  );
}
