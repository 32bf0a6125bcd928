import { useState, type ReactNode } from 'react';
import { Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconMessageStar, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allows } from '@salon/contract/rights-rules';
import type { ReviewListItem } from '@salon/contract/reviews';
import { useSession } from '../../../shared/session/use-session';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useDeleteChain } from '../api/delete-review';
import { useReviewList } from '../api/get-review-list';
import { useSwitchChain } from '../api/switch-review';
import { ChainRow } from '../components/chain-row';
import { ConfirmModal } from '../components/confirm-modal';
import { orderedItems } from '../review-list-rules';

// /reviews/all: the branch's review chains (SPEC 2 Reviews tab "All chains").
export function ReviewListPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['reviews', 'pages']);
  const { accId, rights } = useSession();
  const canEdit = allows(rights, 'editTemplates');
  const list = useReviewList();
  const switcher = useSwitchChain();
  const remove = useDeleteChain();
  const [deleting, setDeleting] = useState<ReviewListItem | null>(null);

  const newButton = canEdit ? (
    <Button
      component={Link}
      to={`/reviews/new_review?accId=${accId ?? ''}`}
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="chain-new"
    >
      {t('reviews:list.newChain')}
    </Button>
  ) : undefined;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" data-testid="chain-list-skeleton">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    body = <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.data.length === 0) {
    body = (
      <EmptyState
        data-testid="chain-list-empty"
        py="xl"
        variant="light"
        icon={<IconMessageStar aria-hidden />}
        title={t('reviews:list.emptyTitle')}
        description={t(canEdit ? 'reviews:list.emptyHint' : 'reviews:list.emptyHintReadOnly')}
      >
        {newButton && <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{newButton}</div>}
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="xs" data-testid="chain-list">
        {orderedItems(list.data.data, list.data.order).map((item) => (
          <ChainRow
            key={item.id}
            item={item}
            accId={accId}
            canEdit={canEdit}
            switching={switcher.isPending && switcher.variables.item.id === item.id}
            onSwitch={(state) => switcher.mutate({ item, state })}
            onDelete={() => setDeleting(item)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      <PageTitle aside={newButton}>{t('pages:titles.reviewsAll')}</PageTitle>
      {tabs}
      {body}
      <ConfirmModal
        opened={deleting !== null}
        title={t('reviews:delete.title')}
        text={t('reviews:delete.text', { title: deleting?.title ?? '' })}
        confirm={t('reviews:delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
        testId="chain-delete-modal"
      />
    </Stack>
  );
}
