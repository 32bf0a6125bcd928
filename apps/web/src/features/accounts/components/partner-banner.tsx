import { Anchor, CloseButton, Image, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountsResponse } from '@salon/contract/accounts';
import type { Branch } from '../../../shared/accounts/branch';
import { session } from '../../../shared/session/session';
import { useSession } from '../../../shared/session/use-session';
import { partnerBannerToShow } from '../banner-rules';

interface PartnerBannerProps {
  banners: AccountsResponse['banners_data'];
  branch: Branch | null;
}

export function PartnerBanner({ banners, branch }: PartnerBannerProps) {
  const { t } = useTranslation('accounts');
  const { partnerBannerHidden } = useSession();
  const banner = partnerBannerToShow(banners, branch, partnerBannerHidden);
  if (!banner) return null;
  return (
    <Paper data-testid="partner-banner" radius="md" withBorder pos="relative" style={{ overflow: 'hidden' }}>
      <Anchor href={banner.info_url} target="_blank" rel="noreferrer" display="block">
        <Image src={banner.image_url} alt={t('banners.partner.alt')} mah={160} fit="cover" />
      </Anchor>
      <CloseButton
        aria-label={t('banners.hide')}
        pos="absolute"
        top={8}
        right={8}
        variant="white"
        onClick={() => session.update({ partnerBannerHidden: true })}
      />
    </Paper>
  );
}
