import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../../shared/i18n/format-date-time';
import { ListSkeleton } from '../../../../shared/ui/list-skeleton';
import { QueryErrorView } from '../../../../shared/ui/query-error-view';
import { SectionCard } from '../../../../shared/ui/section-card';
import { useSalonPartner } from '../../api/get-salon-partner';
import { formatPercent } from '../../program-rules';
import { BadgesStrip } from '../badges/badges-strip';
import { PromoLink } from './promo-link';
import { TermsCard } from './terms-card';

// A salon partner's Terms: paid in days of its own subscription, one promo code, its counts and badges.
export function SalonProgram() {
  const { t, i18n } = useTranslation('partners');
  const salon = useSalonPartner();
  if (salon.isError) return <QueryErrorView error={salon.error} onRetry={() => void salon.refetch()} />;
  if (!salon.data) return <ListSkeleton rows={3} height={140} testId="partner-program-skeleton" />;
  const data = salon.data;
  const stats = [
    { key: 'total', label: t('program.group.totalClients'), value: data.total_clients },
    { key: 'paid', label: t('program.group.paidClients'), value: data.paid_clients },
    {
      key: 'percent',
      label: t('program.group.percentPaid'),
      value: formatPercent(data.percent_paid, localeOf(i18n.language)),
    },
  ];
  return (
    <Stack gap="md" data-testid="partner-program">
      <TermsCard
        kind="salon"
        terms={{
          oneTimeRate: data.one_time_pay_rate,
          regularRate: data.regular_pay_rate,
          discount: null,
          bonusDays: data.bonus_days,
          chatUrl: data.partner_chat_url,
        }}
      />
      <SectionCard
        title={t('program.salon.linkTitle', { code: data.promo_code })}
        description={t('program.salon.linkNote')}
        testId={`promo-group-${data.promo_code}`}
      >
        <PromoLink code={data.promo_code} url={data.promo_url} qrCode={data.qr_code} testId="salon-promo-link" />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {stats.map((stat) => (
            <div key={stat.key} data-testid={`salon-promo-${stat.key}`}>
              <Text size="xs" c="dimmed">
                {stat.label}
              </Text>
              <Text size="lg" fw={600}>
                {stat.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </SectionCard>
      <BadgesStrip code={data.promo_code} partnerType="salon" />
    </Stack>
  );
}
