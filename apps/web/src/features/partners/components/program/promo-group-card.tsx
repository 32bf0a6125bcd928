import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PromoGroup } from '@salon/contract/partners';
import { localeOf } from '../../../../shared/i18n/format-date-time';
import { formatPercent } from '../../program-rules';
import { PartnerTable } from './partner-table';
import { PromoLink } from './promo-link';

// One promo code of the full table: its link and QR, bonus days and counts, then its salons.
export function PromoGroupCard({ group, selected }: { group: PromoGroup; selected: boolean }) {
  const { t, i18n } = useTranslation('partners');
  const testId = `promo-group-${group.promo_code}`;
  const stats = [
    { key: 'bonusDays', label: t('program.group.bonusDays'), value: t('common.days', { count: group.bonus_days }) },
    { key: 'total', label: t('program.group.totalClients'), value: group.total_clients },
    { key: 'paid', label: t('program.group.paidClients'), value: group.paid_clients },
    {
      key: 'percent',
      label: t('program.group.percentPaid'),
      value: formatPercent(group.percent_paid, localeOf(i18n.language)),
    },
  ];
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={group.promo_code}
      data-testid={testId}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {group.promo_code}
          </Title>
          {group.promo_name && group.promo_name !== group.promo_code && (
            <Text c="dimmed" size="sm">
              {group.promo_name}
            </Text>
          )}
          {selected && (
            <Badge variant="light" size="sm">
              {t('program.group.selected')}
            </Badge>
          )}
        </Group>
        <PromoLink code={group.promo_code} url={group.promo_url} qrCode={group.qr_code} testId={`${testId}-link`} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {stats.map((stat) => (
            <div key={stat.key} data-testid={`${testId}-${stat.key}`}>
              <Text size="xs" c="dimmed">
                {stat.label}
              </Text>
              <Text size="lg" fw={600}>
                {stat.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <PartnerTable rows={group.rows} testId={`${testId}-salons`} />
      </Stack>
    </Card>
  );
}
