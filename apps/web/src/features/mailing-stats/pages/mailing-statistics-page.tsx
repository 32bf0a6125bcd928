import { useEffect, useMemo, type ReactNode } from 'react';
import { Anchor, Button, Card, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBrandTelegram, IconFileSpreadsheet, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAILING_STATS_STATUS } from '@salon/contract/mailing-stats-rules';
import { isApiError } from '../../../shared/api/api-error';
import { isAccessDenied } from '../../../shared/api/error-message';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { paginate } from '../../../shared/lib/paginate';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { StallNote } from '../../../shared/mailing/stall-note';
import { useSession } from '../../../shared/session/use-session';
import { AccessDeniedPage } from '../../../shared/ui/access-denied-view';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useDownloadDetailExcel, useSendDetailToTelegram } from '../api/export-sendout-stats';
import { useSendoutDetail } from '../api/get-sendout-detail';
import { DetailFilters } from '../components/detail-filters';
import { DetailCards, DetailTable } from '../components/detail-table';
import { SendoutPicker } from '../components/sendout-picker';
import { StatsPager } from '../components/stats-pager';
import {
  detailTelegramBody,
  detailWireQuery,
  filterDetailRows,
  noneSelected,
  statusCounts,
} from '../detail-filter-rules';
import { useDetailView } from '../hooks/use-detail-view';
import { MOBILE_PAGE_SIZE } from '../stats-query-rules';
import { track } from '../../../shared/metrics/track';

// /mailing/statistics[?sendout_id]: who of one send-out's recipients read, replied and booked
// (SPEC 3 Detail row, SPEC 4 detail filters, SPEC 7 detail calls). Without an id the page asks
// for a send-out first.
export function MailingStatisticsPage({ tabs }: { tabs?: ReactNode }) {
  // 'mailing' too: the shared stall note of a started send-out speaks from it.
  const { t } = useTranslation(['mailing-stats', 'pages', 'mailing']);
  const mobile = useIsMobile();
  useEffect(() => track('sendout_advanced_stats'), []);
  const { accId } = useSession();
  const currency = useCurrentBranch()?.currency ?? 'RUB';
  const { view, update } = useDetailView();
  const sendoutId = view.sendoutId;
  const wire = sendoutId ? detailWireQuery(sendoutId, view) : null;
  const detail = useSendoutDetail(wire);
  const excel = useDownloadDetailExcel();
  const telegram = useSendDetailToTelegram();

  const all = detail.data?.rows;
  const stall = detail.data?.stall ?? null;
  const { timeZone } = useDateFormat();
  const shown = useMemo(
    () => (all ? filterDetailRows(all, view.statuses, view.phone) : []),
    [all, view.statuses, view.phone],
  );
  const counts = useMemo(() => (all ? statusCounts(all) : null), [all]);
  const pageSize = mobile ? MOBILE_PAGE_SIZE : view.pageSize;
  const slice = paginate(shown, view.page, pageSize);

  // SPEC 5: a page past the end becomes the last one, in the address too.
  useEffect(() => {
    if (all && slice.page !== view.page) update({ page: slice.page }, true);
  }, [all, slice.page, view.page, update]);

  const stats = `/mailing/stats${accId === null ? '' : `?accId=${accId}`}`;
  const notFound =
    detail.isError &&
    isApiError(detail.error) &&
    (detail.error.httpStatus === 404 || detail.error.status === MAILING_STATS_STATUS.notFound);

  const header = (
    <>
      <PageTitle
        aside={
          sendoutId && all && all.length > 0 ? (
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                loading={excel.isPending}
                onClick={() => wire && excel.mutate(view.phone ? { ...wire, client_phone: view.phone } : wire)}
                data-testid="detail-excel"
              >
                {t('mailing-stats:excel')}
              </Button>
              <Button
                variant="light"
                color="cyan"
                leftSection={<IconBrandTelegram size={16} aria-hidden />}
                loading={telegram.isPending}
                disabled={noneSelected(view.statuses)}
                onClick={() => telegram.mutate(detailTelegramBody(sendoutId, view))}
                data-testid="detail-telegram"
              >
                {t('mailing-stats:telegram')}
              </Button>
            </Group>
          ) : undefined
        }
      >
        {t('pages:titles.mailingStatistics')}
      </PageTitle>
      {tabs}
    </>
  );

  if (detail.isError && isAccessDenied(detail.error)) {
    return <AccessDeniedPage header={header} />;
  }

  let body: ReactNode;
  if (!sendoutId)
    body = (
      <EmptyState
        data-testid="detail-choose"
        py="xl"
        variant="light"
        icon={<IconListDetails aria-hidden />}
        title={t('mailing-stats:detail.chooseTitle')}
        description={t('mailing-stats:detail.chooseHint')}
      />
    );
  else if (notFound)
    body = (
      <EmptyState
        data-testid="detail-not-found"
        py="xl"
        variant="light"
        icon={<IconListDetails aria-hidden />}
        title={t('mailing-stats:detail.notFound.title')}
        description={t('mailing-stats:detail.notFound.description')}
      />
    );
  else if (detail.isError) body = <QueryErrorView error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (detail.isPending) body = <Skeleton height={280} radius="md" data-testid="detail-skeleton" />;
  else if (detail.data.rows.length === 0 && view.reaction === 'all')
    body = (
      <EmptyState
        data-testid="detail-empty"
        py="xl"
        variant="light"
        icon={<IconListDetails aria-hidden />}
        title={t('mailing-stats:detail.empty.title')}
        description={t('mailing-stats:detail.empty.description')}
      />
    );
  else
    body = (
      <Stack gap="md">
        <DetailFilters
          reaction={view.reaction}
          statuses={view.statuses}
          counts={counts}
          phone={view.phone}
          onReaction={(reaction) => update({ reaction })}
          onStatuses={(statuses) => update({ statuses })}
          onPhone={(phone) => update({ phone }, true)}
          compact={mobile}
        />
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="detail-no-match">
            {noneSelected(view.statuses) ? t('mailing-stats:detail.statuses.none') : t('mailing-stats:detail.noMatch')}
          </Text>
        ) : mobile ? (
          <DetailCards rows={slice.rows} currency={currency} />
        ) : (
          <DetailTable rows={slice.rows} currency={currency} />
        )}
        <StatsPager
          page={slice.page}
          totalPages={slice.totalPages}
          count={shown.length}
          pageSize={pageSize}
          {...(mobile ? {} : { onPageSize: (size: number) => update({ pageSize: size as typeof view.pageSize }) })}
          onPage={(page) => update({ page })}
          busy={detail.isFetching}
          compact={mobile}
          testId="detail-pager"
        />
      </Stack>
    );

  return (
    <Stack gap={0}>
      {header}
      <Anchor
        component={Link}
        to={stats}
        size="sm"
        mb="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
        data-testid="detail-back"
      >
        <IconArrowLeft size={14} aria-hidden />
        {t('mailing-stats:detail.back')}
      </Anchor>
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <SendoutPicker value={notFound ? null : sendoutId} onChange={(id) => update({ sendoutId: id })} />
          {stall && !notFound && <StallNote stall={stall} timeZone={timeZone} testId="detail-stall" />}
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
