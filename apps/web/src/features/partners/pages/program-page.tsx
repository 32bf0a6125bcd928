import { useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { ConsultantProgram } from '../components/program/consultant-program';
import { CreatePromoModal } from '../components/program/create-promo-modal';
import { SalonProgram } from '../components/program/salon-program';
import { usePromoCode } from '../hooks/use-promo-code';

// /partners_program "Terms and partners" (SPEC 2, 3 Partner): consultants see the full table per
// promo code, salon partners their own link and terms.
export function ProgramPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['partners', 'pages']);
  const { partnerType, isOwner, codes, setCode } = usePromoCode();
  const [creating, setCreating] = useState(false);
  const canCreate = partnerType === 'consultant' && isOwner;

  let body: ReactNode;
  if (partnerType === 'consultant') body = <ConsultantProgram />;
  else if (partnerType === 'salon') body = <SalonProgram />;
  else
    body = (
      <PageEmptyState
        icon={<IconUsersGroup aria-hidden />}
        title={t('partners:program.notPartnerTitle')}
        description={t('partners:program.notPartnerDescription')}
        testId="partner-program-none"
      />
    );

  return (
    <Stack gap={0}>
      <PageTitle
        video={partnerType === 'consultant' ? 'consultantPartners' : 'partners'}
        aside={
          canCreate ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
              data-testid="create-promo-open"
            >
              {t('partners:program.create.open')}
            </Button>
          ) : undefined
        }
      >
        {t('pages:titles.partnersProgram')}
      </PageTitle>
      {tabs}
      {body}
      {canCreate && (
        <CreatePromoModal opened={creating} onClose={() => setCreating(false)} held={codes} onCreated={setCode} />
      )}
    </Stack>
  );
}
