import { Alert, Anchor } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import type { Branch } from '../../../shared/accounts/branch';
import { session } from '../../../shared/session/session';
import { useSession } from '../../../shared/session/use-session';
import { shouldShowTgBanner } from '../banner-rules';

export function TelegramBanner({ branch }: { branch: Branch }) {
  const { t } = useTranslation('accounts');
  const { tgBannerHiddenAccIds } = useSession();
  if (!shouldShowTgBanner(branch, tgBannerHiddenAccIds)) return null;
  return (
    <Alert
      data-testid="tg-banner"
      color="blue"
      variant="light"
      icon={<IconBrandTelegram aria-hidden />}
      title={t('banners.telegram.title')}
      withCloseButton
      closeButtonLabel={t('banners.hide')}
      onClose={() => session.update({ tgBannerHiddenAccIds: [...tgBannerHiddenAccIds, branch.accId] })}
    >
      {t('banners.telegram.text')}{' '}
      {allows(branch.rights, 'connection') && (
        <Anchor component={Link} to={`/connection?accId=${branch.accId}`}>
          {t('banners.telegram.action')}
        </Anchor>
      )}
    </Alert>
  );
}
