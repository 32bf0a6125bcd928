import { useState, type ReactNode } from 'react';
import { Button, Card, EmptyState, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileSpreadsheet, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONSENT_PAGE_SIZE } from '@salon/contract/consents-rules';
import { isAccessDenied } from '../../../shared/api/error-message';
import { AccessDeniedPage } from '../../../shared/ui/access-denied-view';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useConsents } from '../api/get-consents';
import { pageRange, totalPages, type ConsentFilter } from '../consent-list-rules';
import { CommentModal } from '../components/comment-modal';
import { ConsentAddBox } from '../components/consent-add-box';
import { ConsentCards } from '../components/consent-cards';
import { ConsentTable } from '../components/consent-table';
import { ConsentToolbar } from '../components/consent-toolbar';
import { ConsentsSkeleton } from '../components/consents-skeleton';
import { ExportModal } from '../components/export-modal';
import { StatusConfirmModal } from '../components/status-confirm-modal';
import { StatusModal } from '../components/status-modal';
import { useConsentEditing } from '../hooks/use-consent-editing';
import { useConsentExport } from '../hooks/use-consent-export';

const SEARCH_DEBOUNCE_MS = 300;

// /mailing/consents: who agreed to mailings, who declined, who has not answered (SPEC 2, 3, 4, 5, 8).
export function ConsentsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['consents', 'pages']);
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<ConsentFilter>('all');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const consents = useConsents({ page, search: debouncedSearch, filter });
  const editing = useConsentEditing();
  const exporting = useConsentExport();

  const data = consents.data;
  const pages = data ? totalPages(CONSENT_PAGE_SIZE, data.count) : 1;
  // After a change the last page may be gone: show the last one there is (adjusted while
  // rendering, as React advises for state derived from new data).
  if (data && !consents.isPlaceholderData && page > pages) setPage(pages);

  const toggleHistory = (phone: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(phone)) next.delete(phone);
      else next.add(phone);
      return next;
    });
  const handlers = { onStatus: editing.openStatus, onComment: editing.openComment, onHistory: toggleHistory };

  const header = (
    <>
      <PageTitle
        aside={
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={exporting.open}
            disabled={!data || data.counts.all === 0}
            data-testid="consent-export-open"
          >
            {t('consents:export.open')}
          </Button>
        }
      >
        {t('pages:titles.mailingConsents')}
      </PageTitle>
      {tabs}
    </>
  );

  if (consents.isError && isAccessDenied(consents.error)) {
    return <AccessDeniedPage header={header} />;
  }

  let body: ReactNode;
  if (consents.isPending) body = <ConsentsSkeleton />;
  else if (consents.isError && !data)
    body = <QueryErrorView error={consents.error} onRetry={() => void consents.refetch()} />;
  else if (!data) body = <ConsentsSkeleton />;
  else if (data.counts.all === 0)
    body = (
      <EmptyState
        data-testid="consents-empty"
        py="xl"
        variant="light"
        icon={<IconUserCheck aria-hidden />}
        title={t('consents:empty.title')}
        description={t('consents:empty.description')}
      />
    );
  else {
    const range = pageRange(page, CONSENT_PAGE_SIZE, data.count);
    body = (
      <Stack gap="md">
        <ConsentToolbar
          search={search}
          filter={filter}
          counts={data.counts}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          onFilter={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
        {data.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="consents-no-match">
            {t('consents:noMatch')}
          </Text>
        ) : mobile ? (
          <ConsentCards entries={data.data} expanded={expanded} {...handlers} />
        ) : (
          <ConsentTable entries={data.data} expanded={expanded} {...handlers} />
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="consents-range" aria-live="polite">
              {t('consents:table.shown', { ...range, count: data.count })}
            </Text>
            {consents.isFetching && <Loader size="xs" aria-label={t('consents:table.loading')} />}
          </Group>
          {pages > 1 && (
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              siblings={mobile ? 0 : 1}
              data-testid="consents-pagination"
              getControlProps={(control) => ({ 'aria-label': t(`consents:table.${control}`) })}
            />
          )}
        </Group>
      </Stack>
    );
  }

  const status = editing.status;
  return (
    <Stack gap={0}>
      {header}
      <Text size="sm" c="dimmed" mb="md">
        {t('consents:intro')}
      </Text>
      <Stack gap="md">
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <ConsentAddBox />
        </Card>
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {body}
        </Card>
      </Stack>
      <StatusModal
        entry={status?.step === 'choose' ? status.entry : null}
        initial={status?.step === 'choose' ? status.initial : null}
        busy={editing.busy}
        onSave={editing.chooseStatus}
        onClose={editing.closeStatus}
      />
      <StatusConfirmModal
        ask={status?.step === 'confirm' ? status : null}
        busy={editing.busy}
        onConfirm={editing.confirmStatus}
        onBack={editing.backToChoice}
        onClose={editing.closeStatus}
      />
      <CommentModal
        entry={editing.commenting}
        busy={editing.busy}
        onSave={editing.saveComment}
        onClose={editing.closeComment}
      />
      <ExportModal opened={exporting.opened} busy={exporting.busy} onSend={exporting.send} onClose={exporting.close} />
    </Stack>
  );
}
