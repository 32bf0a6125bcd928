import { useMemo, useState } from 'react';
import { Badge, Card, EmptyState, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_DEFAULT_PAGE_SIZE } from '@salon/contract/blacklist';
import { onlyDigits } from '@salon/contract/telegram-id-rules';
import { paginate } from '../../../shared/lib/paginate';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useBlacklist } from '../api/get-blacklist';
import { BLACKLIST_PHONE_MAX, filterNumbers } from '../blacklist-rules';
import { BlacklistAddBox } from '../components/blacklist-add-box';
import { BlacklistChips } from '../components/blacklist-chips';
import { BlacklistSkeleton } from '../components/blacklist-skeleton';
import { BlacklistTable } from '../components/blacklist-table';
import { useBlacklistChanges } from '../hooks/use-blacklist-changes';

// /blacklist: numbers that never get a message from the branch (SPEC 2, 4, 5, 8).
export function BlacklistPage() {
  const { t } = useTranslation(['blacklist', 'pages']);
  const blacklist = useBlacklist();
  const changes = useBlacklistChanges();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(BLACKLIST_DEFAULT_PAGE_SIZE);

  const numbers = useMemo(() => blacklist.data?.data ?? [], [blacklist.data]);
  const listed = useMemo(() => new Set(numbers), [numbers]);
  const found = useMemo(() => filterNumbers(numbers, search), [numbers, search]);
  const slice = paginate(found, page, pageSize);
  const count = blacklist.data?.count ?? numbers.length;

  let body;
  if (blacklist.isPending) body = <BlacklistSkeleton />;
  else if (blacklist.isError)
    body = <QueryErrorView error={blacklist.error} onRetry={() => void blacklist.refetch()} />;
  else if (numbers.length === 0)
    body = (
      <EmptyState
        data-testid="blacklist-empty"
        py="xl"
        variant="light"
        icon={<IconShieldCheck aria-hidden />}
        title={t('blacklist:empty.title')}
        description={t('blacklist:empty.description')}
      />
    );
  else
    body = (
      <Stack gap="md">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('blacklist:search.placeholder')}
          aria-label={t('blacklist:search.label')}
          value={search}
          onChange={(event) => {
            setSearch(onlyDigits(event.currentTarget.value, BLACKLIST_PHONE_MAX));
            setPage(1);
          }}
          inputMode="numeric"
          data-testid="blacklist-search"
        />
        {found.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="blacklist-no-match">
            {t('blacklist:search.nothing')}
          </Text>
        ) : (
          <>
            <BlacklistChips numbers={found} pending={changes.pending} onRemove={changes.remove} />
            <BlacklistTable
              slice={slice}
              pageSize={pageSize}
              pending={changes.pending}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              onRemove={changes.remove}
            />
          </>
        )}
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageTitle video="blacklist">{t('pages:titles.blacklist')}</PageTitle>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('blacklist:intro')}
      </Text>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <BlacklistAddBox listed={listed} pending={changes.pending} onAdd={changes.add} onRemove={changes.remove} />
          <Group gap="xs">
            <Text size="sm">{t('blacklist:count.label')}</Text>
            <Badge variant="light" size="lg" data-testid="blacklist-count" data-count={count}>
              {blacklist.isPending ? '…' : count}
            </Badge>
          </Group>
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
