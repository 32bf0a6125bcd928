import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { IconMessageShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { SectionCard } from '../../../shared/ui/section-card';
import { PromoLink } from '../components/program/promo-link';
import { PromoSelect } from '../components/promo-select';
import { InvitationTexts } from '../components/texts/invitation-texts';
import { usePromoLink } from '../components/texts/use-promo-link';

// /partners_promo "Invitation texts" (SPEC 2): texts to send with the selected code's link, and its QR.
export function TextsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['partners', 'pages']);
  const link = usePromoLink();

  let body: ReactNode;
  if (link.error) body = <QueryErrorView error={link.error} onRetry={link.refetch} />;
  else if (link.pending) body = <ListSkeleton rows={3} height={160} testId="invitation-texts-skeleton" />;
  else if (!link.data)
    body = (
      <PageEmptyState
        icon={<IconMessageShare aria-hidden />}
        title={t('partners:texts.emptyTitle')}
        description={t('partners:texts.emptyDescription')}
        testId="invitation-texts-empty"
      />
    );
  else
    body = (
      <Stack gap="md">
        <SectionCard
          title={t('partners:texts.linkTitle', { code: link.data.code })}
          description={t('partners:texts.linkNote')}
          testId="invitation-link"
        >
          <PromoLink code={link.data.code} url={link.data.url} qrCode={link.data.qrCode} testId="invitation-promo" />
        </SectionCard>
        <InvitationTexts link={link.data} />
      </Stack>
    );

  return (
    <Stack gap={0}>
      <PageTitle>{t('pages:titles.partnersPromo')}</PageTitle>
      {tabs}
      <Stack gap="md">
        <PromoSelect />
        {body}
      </Stack>
    </Stack>
  );
}
