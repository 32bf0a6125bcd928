import { useEffect, useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconMessageStar, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allows } from '@salon/contract/rights-rules';
import type { ReviewListItem } from '@salon/contract/reviews';
import { track } from '../../../shared/metrics/track';
import { useSession } from '../../../shared/session/use-session';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { ListSkeleton } from '../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useDeleteChain } from '../api/delete-review';
import { useReviewList } from '../api/get-review-list';
import { useSwitchChain } from '../api/switch-review';
import { ChainRow } from '../components/chain-row';
import { orderedItems } from '../review-list-rules';

// /reviews/all: the branch's review chains (SPEC 2 Reviews tab "All chains").
export function ReviewListPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['reviews', 'pages']);
  const { accId, rights } = useSession();
  const canEdit = allows(rights, 'editTemplates');
  useEffect(() => track('open_template_chain'), []);
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
    body = <ListSkeleton rows={3} height={92} testId="chain-list-skeleton" />;
  } else if (list.isError) {
    body = <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.data.length === 0) {
    body = (
      <PageEmptyState
        testId="chain-list-empty"
        icon={<IconMessageStar aria-hidden />}
        title={t('reviews:list.emptyTitle')}
        description={t(canEdit ? 'reviews:list.emptyHint' : 'reviews:list.emptyHintReadOnly')}
        action={newButton}
      />
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
      <PageTitle aside={newButton} video="reviews">
        {t('pages:titles.reviewsAll')}
      </PageTitle>
      {tabs}
      {body}
      <ConfirmModal
        opened={deleting !== null}
        title={t('reviews:delete.title')}
        text={t('reviews:delete.text', { title: deleting?.title ?? '' })}
        confirm={t('reviews:delete.confirm')}
        cancel={t('reviews:delete.cancel')}
        busy={remove.isPending}
        danger
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
        testId="chain-delete-modal"
      />
    </Stack>
  );
}
