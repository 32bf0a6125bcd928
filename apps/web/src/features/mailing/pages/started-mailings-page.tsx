import { useState, type ReactNode } from 'react';
import { Button, Card, EmptyState, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { IconPlus, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAccessDenied } from '../../../shared/api/error-message';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { paginate } from '../../../shared/lib/paginate';
import { useSession } from '../../../shared/session/use-session';
import { AccessDeniedPage } from '../../../shared/ui/access-denied-view';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useActionSendouts } from '../api/get-action-sendouts';
import { StartedCards } from '../components/started-cards';
import { StartedSkeleton } from '../components/started-skeleton';
import { StartedTable } from '../components/started-table';
import { StopConfirmModal } from '../components/stop-confirm-modal';
import { useSendoutActions } from '../hooks/use-sendout-actions';
import { MAILING_NEW_PATH, withBranch } from '../mailing-paths';
import { safeTimeZone } from '../mailing-time-rules';
import { isPageSize, STARTED_DEFAULT_PAGE_SIZE, STARTED_MOBILE_PAGE_SIZE, STARTED_PAGE_SIZES } from '../started-rules';
import { PageSizeSelect } from '../../../shared/ui/page-size-select';

// /mailing/started_mailing (SPEC 2, 3, 4): the branch's launched send-outs with their progress, stop
// and resume; refreshed every 10 s while one sends.
export function StartedMailingsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['mailing', 'pages']);
  const mobile = useIsMobile();
  const { accId } = useSession();
  const timeZone = safeTimeZone(useCurrentBranch()?.timeZone);
  const sendouts = useActionSendouts();
  const actions = useSendoutActions();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(STARTED_DEFAULT_PAGE_SIZE);

  const newButton = (
    <Button
      component={Link}
      to={withBranch(MAILING_NEW_PATH, accId)}
      leftSection={<IconPlus size={16} aria-hidden />}
      variant="light"
      data-testid="started-new"
    >
      {t('mailing:started.new')}
    </Button>
  );
  const header = (
    <>
      <PageTitle aside={newButton} video="mailing">
        {t('pages:titles.mailingStarted')}
      </PageTitle>
      {tabs}
    </>
  );

  if (sendouts.isError && isAccessDenied(sendouts.error)) {
    return <AccessDeniedPage header={header} />;
  }

  let body: ReactNode;
  const rows = sendouts.data;
  if (sendouts.isPending) body = <StartedSkeleton />;
  else if (sendouts.isError && !rows)
    body = <QueryErrorView error={sendouts.error} onRetry={() => void sendouts.refetch()} />;
  else if (!rows || rows.length === 0)
    body = (
      <EmptyState
        data-testid="started-empty"
        py="xl"
        variant="light"
        icon={<IconSend aria-hidden />}
        title={t('mailing:started.empty.title')}
        description={t('mailing:started.empty.description')}
      >
        <Button component={Link} to={withBranch(MAILING_NEW_PATH, accId)} mt="md" data-testid="started-empty-new">
          {t('mailing:started.empty.action')}
        </Button>
      </EmptyState>
    );
  else {
    const size = mobile ? STARTED_MOBILE_PAGE_SIZE : pageSize;
    const slice = paginate(rows, page, size);
    body = (
      <Stack gap="md">
        {mobile ? (
          <StartedCards rows={slice.rows} timeZone={timeZone} actions={actions} />
        ) : (
          <StartedTable rows={slice.rows} timeZone={timeZone} actions={actions} />
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            {!mobile && (
              <PageSizeSelect
                label={t('mailing:started.rowsPerPage')}
                sizes={STARTED_PAGE_SIZES}
                value={pageSize}
                onChange={(next) => {
                  if (isPageSize(next)) {
                    setPageSize(next);
                    setPage(1);
                  }
                }}
                testId="started-page-size"
              />
            )}
            <Text size="sm" c="dimmed" data-testid="started-total">
              {t('mailing:started.total', { count: rows.length })}
            </Text>
            {sendouts.isFetching && <Loader size="xs" aria-label={t('mailing:started.refreshing')} />}
          </Group>
          {slice.totalPages > 1 && (
            <Pagination
              size="sm"
              total={slice.totalPages}
              value={slice.page}
              onChange={setPage}
              siblings={mobile ? 0 : 1}
              data-testid="started-pagination"
              getControlProps={(control) => ({ 'aria-label': t(`mailing:started.pager.${control}`) })}
            />
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      {header}
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {body}
      </Card>
      <StopConfirmModal
        row={actions.stopping}
        busy={actions.busyId !== null}
        onConfirm={actions.confirmStop}
        onClose={actions.cancelStop}
      />
    </Stack>
  );
}
