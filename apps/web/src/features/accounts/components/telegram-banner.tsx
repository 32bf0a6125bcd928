import { Anchor } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import type { Branch } from '../../../shared/accounts/branch';
import { session } from '../../../shared/session/session';
import { useSession } from '../../../shared/session/use-session';
import { NoticeLine } from '../../../shared/ui/notice-line';
import { shouldShowTgBanner } from '../banner-rules';

export function TelegramBanner({ branch }: { branch: Branch }) {
  const { t } = useTranslation('accounts');
  const { tgBannerHiddenAccIds } = useSession();
  if (!shouldShowTgBanner(branch, tgBannerHiddenAccIds)) return null;
  return (
    <NoticeLine
      testId="tg-banner"
      color="blue"
      icon={<IconBrandTelegram size={18} aria-hidden />}
      text={`${t('banners.telegram.title')}. ${t('banners.telegram.text')}`}
      action={
        allows(branch.rights, 'connection') ? (
          <Anchor size="sm" component={Link} to={`/connection?accId=${branch.accId}`}>
            {t('banners.telegram.action')}
          </Anchor>
        ) : undefined
      }
      dismissLabel={t('banners.hide')}
      onDismiss={() => session.update({ tgBannerHiddenAccIds: [...tgBannerHiddenAccIds, branch.accId] })}
    />
  );
}
