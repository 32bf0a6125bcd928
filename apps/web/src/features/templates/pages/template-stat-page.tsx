import { useMemo, type ReactNode } from 'react';
import { Anchor, Button, Card, EmptyState, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBrandTelegram, IconChartBar, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { STATS_GROUP_BY, type StatsGroupBy } from '@salon/contract/templates-rules';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { useSession } from '../../../shared/session/use-session';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useDownloadTemplateDetailExcel, useSendTemplateDetailToTelegram } from '../api/export-template-detail-stats';
import { useTimeStats, useVersionStats } from '../api/get-one-template-stats';
import { useTemplate } from '../api/get-template';
import { useTemplateDetailStats } from '../api/get-template-detail-stats';
import { ClientStatsTable } from '../components/client-stats-table';
import { StatsBarChart } from '../components/stats-bar-chart';
import { StatsRangePicker } from '../components/stats-range-picker';
import { TemplateKindBadge } from '../components/template-kind-badge';
import { TimeStatsTable, periodLabel } from '../components/time-stats-table';
import { VersionStatsTable } from '../components/version-stats-table';
import { useStatsFilter } from '../hooks/use-stats-filter';
import { inRange } from '../template-stats-rules';

function Block({
  title,
  aside,
  children,
  testId,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <EmptyState
      py="md"
      variant="light"
      icon={<IconChartBar aria-hidden />}
      title={text}
      data-testid="stats-block-empty"
    />
  );
}

function TemplateStats({ id }: { id: number }) {
  const { t, i18n } = useTranslation(['templates', 'pages']);
  const { accId } = useSession();
  const currency = useCurrentBranch()?.currency ?? 'RUB';
  const filter = useStatsFilter();
  // The title and category; a deleted template has statistics but no template any more.
  const template = useTemplate(id);
  const versions = useVersionStats(id, filter.range);
  const periods = useTimeStats(id, filter.range, filter.groupBy);
  const detail = useTemplateDetailStats(id);
  const excel = useDownloadTemplateDetailExcel();
  const telegram = useSendTemplateDetailToTelegram();
  const category = template.data?.settings.when_send ?? null;

  const clients = useMemo(
    () => (detail.data ?? []).filter((row) => inRange(row.send_time ?? row.created_at, filter.range)),
    [detail.data, filter.range],
  );
  const points = useMemo(
    () =>
      (periods.data ?? []).map((row) => ({
        key: row.period,
        label: periodLabel(row.period, filter.groupBy, i18n.language, true),
        title: periodLabel(row.period, filter.groupBy, i18n.language),
        sends: row.send_count,
        recorded: row.recorded_count,
      })),
    [periods.data, filter.groupBy, i18n.language],
  );

  const title = template.data?.title ?? t('templates:stats.templateNumber', { id });

  return (
    <Stack gap="md">
      <Anchor
        component={Link}
        to={`/template_list/statistic?accId=${accId ?? ''}`}
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={14} aria-hidden />
        {t('templates:stats.back')}
      </Anchor>
      <PageTitle
        aside={
          template.data ? (
            <Button
              component={Link}
              to={`/template?id=${id}&accId=${accId ?? ''}`}
              variant="light"
              data-testid="stat-open-template"
            >
              {t('templates:stats.openTemplate')}
            </Button>
          ) : undefined
        }
      >
        {title}
      </PageTitle>
      <Group gap="xs" mt={-8}>
        {category && <TemplateKindBadge category={category} />}
        <Text size="sm" c="dimmed">
          {t('pages:titles.templateStat')}
        </Text>
      </Group>
      <StatsRangePicker range={filter.range} now={filter.now} onChange={filter.setRange} onReset={filter.resetRange} />

      <Block title={t('templates:stats.byVersion')} testId="stats-versions">
        {versions.isPending ? (
          <Skeleton height={160} />
        ) : versions.isError ? (
          <QueryErrorView error={versions.error} onRetry={() => void versions.refetch()} />
        ) : versions.data.length === 0 ? (
          <Empty text={t('templates:stats.noSends')} />
        ) : (
          <VersionStatsTable rows={versions.data} category={category} currency={currency} />
        )}
      </Block>

      <Block
        title={t('templates:stats.byTime')}
        testId="stats-periods"
        aside={
          <SegmentedControl
            size="xs"
            aria-label={t('templates:stats.groupBy')}
            data={STATS_GROUP_BY.map((value) => ({ value, label: t(`templates:stats.groupByOptions.${value}`) }))}
            value={filter.groupBy}
            onChange={(value) => filter.setGroupBy(value as StatsGroupBy)}
            data-testid="stats-group-by"
          />
        }
      >
        {periods.isPending ? (
          <Skeleton height={200} />
        ) : periods.isError ? (
          <QueryErrorView error={periods.error} onRetry={() => void periods.refetch()} />
        ) : periods.data.length === 0 ? (
          <Empty text={t('templates:stats.noSends')} />
        ) : (
          <>
            <StatsBarChart points={points} />
            <TimeStatsTable rows={periods.data} groupBy={filter.groupBy} currency={currency} />
          </>
        )}
      </Block>

      <Block
        title={t('templates:stats.clients')}
        testId="stats-clients"
        aside={
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              loading={excel.isPending}
              onClick={() => excel.mutate(id)}
              data-testid="stats-excel"
            >
              {t('templates:stats.excel')}
            </Button>
            <Button
              variant="light"
              size="xs"
              color="cyan"
              leftSection={<IconBrandTelegram size={16} aria-hidden />}
              loading={telegram.isPending}
              onClick={() => telegram.mutate(id)}
              data-testid="stats-telegram"
            >
              {t('templates:stats.telegram')}
            </Button>
          </Group>
        }
      >
        {detail.isPending ? (
          <Skeleton height={200} />
        ) : detail.isError ? (
          <QueryErrorView error={detail.error} onRetry={() => void detail.refetch()} />
        ) : clients.length === 0 ? (
          <Empty text={t('templates:stats.noClients')} />
        ) : (
          <ClientStatsTable key={`${filter.range.from}-${filter.range.to}`} rows={clients} currency={currency} />
        )}
      </Block>
    </Stack>
  );
}

// /template/stat?id: one template's statistics by version, by week or month, and per client.
export function TemplateStatPage() {
  const { t } = useTranslation('templates');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <EmptyState
        data-testid="template-not-found"
        py="xl"
        variant="light"
        icon={<IconChartBar aria-hidden />}
        title={t('editor.notFound')}
        description={t('editor.notFoundHint')}
      />
    );
  }
  return <TemplateStats key={id} id={id} />;
}
