import { Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardTemplates } from '@salon/contract/dashboard';
import type { CardState } from '../card-state';
import type { DashboardFormat } from '../use-dashboard-format';
import { DashboardCard, Figure } from './dashboard-card';

interface TemplatesCardProps {
  state: CardState<DashboardTemplates>;
  format: DashboardFormat;
}

// SPEC 3 Templates: how many there are, what they earned, and the most sent ones with their booking rate.
export function TemplatesCard({ state, format }: TemplatesCardProps) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard title={t('templates.title')} testId="dashboard-templates" state={state} skeletonRows={6}>
      {(data) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, xs: 4, lg: 2 }} spacing="sm">
            <Figure
              label={t('templates.all')}
              value={format.number(data.count_all)}
              raw={data.count_all}
              testId="dashboard-templates-all"
            />
            <Figure
              label={t('templates.event')}
              value={format.number(data.count_event)}
              raw={data.count_event}
              testId="dashboard-templates-event"
            />
            <Figure
              label={t('templates.time')}
              value={format.number(data.count_time)}
              raw={data.count_time}
              testId="dashboard-templates-time"
            />
            <Figure
              label={t('templates.active')}
              value={format.number(data.count_active_template)}
              raw={data.count_active_template}
              testId="dashboard-templates-active"
            />
          </SimpleGrid>
          <Figure
            label={t('templates.earned')}
            value={format.money(data.amount)}
            raw={data.amount}
            testId="dashboard-templates-earned"
          />
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t('templates.popular')}
            </Text>
            {data.popular_templates.length === 0 ? (
              <Text size="sm" data-testid="dashboard-templates-no-popular">
                {t('templates.noPopular')}
              </Text>
            ) : (
              data.popular_templates.map((template, i) => (
                <div key={template.id} data-testid="dashboard-popular-template" data-id={template.id}>
                  {i > 0 && <Divider my={4} />}
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {template.name}
                  </Text>
                  <Group gap="md" wrap="wrap">
                    <Text size="xs" c="dimmed">
                      {t('templates.sends', { count: template.amount })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('templates.rate', { rate: format.percent(template.recorded_rate) })}
                    </Text>
                  </Group>
                </div>
              ))
            )}
          </Stack>
        </Stack>
      )}
    </DashboardCard>
  );
}
