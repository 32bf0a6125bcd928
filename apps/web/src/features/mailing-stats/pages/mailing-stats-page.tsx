import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, EmptyState, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBrandTelegram, IconChartBar, IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATS_TEXT_MAX, statsTotalPages, type MailingStatsResponse } from '@salon/contract/mailing-stats';
import { isAccessDenied } from '../../../shared/api/error-message';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { useSession } from '../../../shared/session/use-session';
import { AccessDeniedPage } from '../../../shared/ui/access-denied-view';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useDownloadStatsExcel, useSendStatsToTelegram } from '../api/export-sendout-stats';
import { useSendoutStats, useSendoutStatsCount, useSendoutStatsPages } from '../api/get-sendout-stats';
import { MobileSort } from '../components/mobile-sort';
import { RangeFilter } from '../components/range-filter';
import { StatsCards } from '../components/stats-cards';
import { StatsPager } from '../components/stats-pager';
import { StatsTable } from '../components/stats-table';
import { useStatsView } from '../hooks/use-stats-view';
import { defaultRange } from '../date-range-rules';
import {
  MOBILE_PAGE_SIZE,
  mobileSlice,
  mobileWindow,
  nextSort,
  pageWithin,
  statsFilterQuery,
  statsWireQuery,
} from '../stats-query-rules';
import { statsRowsOf } from '../stats-rows';

const SEARCH_DEBOUNCE_MS = 350;

// /mailing/stats: every send-out of the period with its results (SPEC 2, 3, 5, 7, 9). The whole
// state is in the address; the page and the count are read from the server.
export function MailingStatsPage({ tabs }: { tabs?: ReactNode }) {
  // 'mailing' too: the shared stall note of a started send-out speaks from it.
  const { t } = useTranslation(['mailing-stats', 'pages', 'mailing']);
  const mobile = useIsMobile();
  const { accId } = useSession();
  const currency = useCurrentBranch()?.currency ?? 'RUB';
  const { view, now, update } = useStatsView();
  const pageSize = mobile ? MOBILE_PAGE_SIZE : view.page_size;

  const filters = statsFilterQuery(view);
  const count = useSendoutStatsCount(filters);
  const knownCount = count.isPlaceholderData ? undefined : count.data;
  const page = pageWithin(view.page, knownCount, pageSize);

  const desktop = useSendoutStats(statsWireQuery(view, page, view.page_size), !mobile);
  const cardWindow = mobileWindow(page);
  const cards = useSendoutStatsPages(
    mobile ? cardWindow.pages.map((p) => statsWireQuery(view, p, cardWindow.pageSize)) : [],
  );

  const excel = useDownloadStatsExcel();
  const telegram = useSendStatsToTelegram();

  // SPEC 5: a page past the end becomes the last one, in the address too.
  useEffect(() => {
    if (knownCount !== undefined && page !== view.page) update({ page }, true);
  }, [knownCount, page, view.page, update]);

  // The answer of the first call names the days the server used for days nobody chose.
  const answered: MailingStatsResponse | undefined = mobile ? cards[0]?.data : desktop.data;
  const fallback = defaultRange(now);
  const range = {
    from: view.chosenStart ? view.date_start : (answered?.date_start ?? fallback.from),
    to: view.chosenEnd ? view.date_end : (answered?.date_end ?? fallback.to),
  };

  const pending = mobile ? cards.some((q) => q.isPending) : desktop.isPending;
  const failed = mobile ? cards.find((q) => q.isError)?.error : desktop.isError ? desktop.error : undefined;
  const refetch = () => {
    void count.refetch();
    if (mobile) for (const q of cards) void q.refetch();
    else void desktop.refetch();
  };
  const rows = mobile
    ? statsRowsOf(
        mobileSlice(
          cardWindow,
          cards.map((q) => q.data?.data ?? []),
        ),
      )
    : statsRowsOf(desktop.data?.data ?? []);
  const total = knownCount ?? count.data;
  const fetching = count.isFetching || (mobile ? cards.some((q) => q.isFetching) : desktop.isFetching);

  const header = (
    <>
      <PageTitle
        aside={
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              loading={excel.isPending}
              disabled={total === 0}
              onClick={() => excel.mutate(filters)}
              data-testid="stats-excel"
            >
              {t('mailing-stats:excel')}
            </Button>
            <Button
              variant="light"
              color="cyan"
              leftSection={<IconBrandTelegram size={16} aria-hidden />}
              loading={telegram.isPending}
              disabled={total === 0}
              onClick={() => telegram.mutate(filters)}
              data-testid="stats-telegram"
            >
              {t('mailing-stats:telegram')}
            </Button>
          </Group>
        }
      >
        {t('pages:titles.mailingStats')}
      </PageTitle>
      {tabs}
    </>
  );

  if ((failed && isAccessDenied(failed)) || (count.isError && isAccessDenied(count.error))) {
    return <AccessDeniedPage header={header} />;
  }

  let body: ReactNode;
  if (failed && rows.length === 0) body = <QueryErrorView error={failed} onRetry={refetch} />;
  else if (count.isError && total === undefined) body = <QueryErrorView error={count.error} onRetry={refetch} />;
  else if (pending || total === undefined)
    body = <Skeleton height={mobile ? 420 : 320} radius="md" data-testid="stats-skeleton" />;
  else if (total > 0 && rows.length === 0 && fetching)
    body = <Skeleton height={mobile ? 420 : 320} radius="md" data-testid="stats-skeleton" />;
  else if (total === 0 || rows.length === 0) {
    const searching = view.text !== '';
    body = (
      <EmptyState
        data-testid={searching ? 'stats-no-match' : 'stats-empty'}
        py="xl"
        variant="light"
        icon={<IconChartBar aria-hidden />}
        title={t(searching ? 'mailing-stats:noMatch.title' : 'mailing-stats:empty.title')}
        description={t(searching ? 'mailing-stats:noMatch.description' : 'mailing-stats:empty.description')}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        {mobile ? (
          <StatsCards rows={rows} currency={currency} accId={accId} />
        ) : (
          <StatsTable
            rows={rows}
            currency={currency}
            accId={accId}
            sort={view.sort}
            desc={view.order_desc}
            onSort={(column) => update(nextSort(view, column))}
          />
        )}
        <StatsPager
          page={page}
          totalPages={statsTotalPages(total, pageSize)}
          count={total}
          pageSize={pageSize}
          {...(mobile ? {} : { onPageSize: (size: number) => update({ page_size: size as typeof view.page_size }) })}
          onPage={(next) => update({ page: next })}
          busy={fetching}
          compact={mobile}
          testId="stats-pager"
        />
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      {header}
      <Text size="sm" c="dimmed" mb="md">
        {t('mailing-stats:intro')}
      </Text>
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchField value={view.text} onSearch={(text) => update({ text }, true)} />
            <RangeFilter
              range={range}
              now={now}
              isDefault={!view.chosenStart && !view.chosenEnd}
              onChange={(next) => update({ range: { date_start: next.from, date_end: next.to } })}
              onReset={() => update({ range: null })}
            />
          </Group>
          {mobile && (
            <MobileSort
              sort={view.sort}
              desc={view.order_desc}
              onChange={(sort, desc) => update({ sort, order_desc: desc })}
            />
          )}
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}

// The text search: typed freely, sent to the address after a pause.
function SearchField({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('mailing-stats');
  const [text, setText] = useState(value);
  // The address changed from outside (back/forward): show its text (adjusted while rendering).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  const send = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={STATS_TEXT_MAX}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 260 }}
      data-testid="stats-search"
    />
  );
}
