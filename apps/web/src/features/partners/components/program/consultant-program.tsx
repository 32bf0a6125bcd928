import { Stack } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/i18n/format-money';
import { ListSkeleton } from '../../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../../shared/ui/page-empty-state';
import { QueryErrorView } from '../../../../shared/ui/query-error-view';
import { useConsultant } from '../../api/get-consultant';
import { usePartnerTable } from '../../api/get-partner-table';
import { usePromoCode } from '../../hooks/use-promo-code';
import { BadgesStrip } from '../badges/badges-strip';
import { PromoSelect } from '../promo-select';
import { PromoGroupCard } from './promo-group-card';
import { TermsCard } from './terms-card';

// A consultant's Terms and partners: terms of the selected code, badges, then every code's salons.
export function ConsultantProgram() {
  const { t } = useTranslation('partners');
  const { code } = usePromoCode();
  const consultant = useConsultant(code);
  const table = usePartnerTable();

  if (consultant.isError) return <QueryErrorView error={consultant.error} onRetry={() => void consultant.refetch()} />;
  if (!consultant.data) return <ListSkeleton rows={3} height={140} testId="partner-program-skeleton" />;
  const data = consultant.data;

  let groups;
  if (table.isError) groups = <QueryErrorView error={table.error} onRetry={() => void table.refetch()} />;
  else if (!table.data) groups = <ListSkeleton rows={2} height={220} testId="partner-table-skeleton" />;
  else if (table.data.length === 0)
    groups = (
      <PageEmptyState
        icon={<IconUsersGroup aria-hidden />}
        title={t('program.table.noCodesTitle')}
        description={t('program.table.noCodesDescription')}
        testId="partner-table-empty"
      />
    );
  else
    groups = table.data.map((group) => (
      <PromoGroupCard key={group.promo_code} group={group} selected={group.promo_code === code} />
    ));

  return (
    <Stack gap="md" data-testid="partner-program">
      <PromoSelect />
      <TermsCard
        kind="consultant"
        terms={{
          oneTimeRate: data.one_time_pay_rate,
          regularRate: data.regular_pay_rate,
          discount: data.one_time_discount,
          bonusDays: data.bonus_days,
          chatUrl: data.partner_chat_url,
          oneTimeEarned: formatMoney(data.one_time_payment, data.currency),
        }}
      />
      <BadgesStrip code={code} partnerType="consultant" />
      {groups}
    </Stack>
  );
}
