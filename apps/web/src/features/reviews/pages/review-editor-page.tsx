import { useMemo, useState } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REVIEW_STATUS, type ReviewSite } from '@salon/contract/reviews';
import { STATUS } from '@salon/contract/status-text';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/use-session';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useReview } from '../api/get-review';
import { useReviewList } from '../api/get-review-list';
import { ChainEditor } from '../components/chain-editor';
import { newChainDraft, toDraft } from '../review-chain-rules';

// /reviews/one_review?id (edit), /reviews/new_review and /new_wr_template (new chain).
export type ReviewEditorMode = 'edit' | 'new';

function EditorSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="chain-editor-skeleton">
      <Skeleton height={36} width={280} />
      <Skeleton height={360} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}

function NotFound() {
  const { t } = useTranslation('reviews');
  const { accId } = useSession();
  return (
    <PageEmptyState
      testId="chain-not-found"
      icon={<IconFileUnknown aria-hidden />}
      title={t('editor.notFound')}
      description={t('editor.notFoundHint')}
      action={
        <Button component={Link} to={`/reviews/all?accId=${accId ?? ''}`} variant="light">
          {t('editor.toList')}
        </Button>
      }
    />
  );
}

function ExistingChain({ id }: { id: number }) {
  const { t } = useTranslation('pages');
  const chain = useReview(id);
  const initial = useMemo(() => (chain.data ? toDraft(chain.data) : null), [chain.data]);
  if (chain.isPending) return <EditorSkeleton />;
  if (chain.isError) {
    const error = chain.error;
    if (
      isApiError(error) &&
      (error.httpStatus === 404 || error.status === STATUS.notFound || error.status === REVIEW_STATUS.notFound)
    ) {
      return <NotFound />;
    }
    return <QueryErrorView error={error} onRetry={() => void chain.refetch()} />;
  }
  return initial && <ChainEditor initial={initial} heading={t('titles.reviewsOne')} />;
}

function NewChain({ sites, repeatDays }: { sites: readonly ReviewSite[]; repeatDays: number }) {
  const { t } = useTranslation(['reviews', 'pages']);
  // The defaults are read once: a language switch must not reset the user's texts.
  const [initial] = useState(() =>
    newChainDraft({
      title: t('reviews:presets.title'),
      text: t('reviews:presets.text'),
      positive: t('reviews:presets.positive'),
      negative: t('reviews:presets.negative'),
      sites,
      repeatDays,
    }),
  );
  return <ChainEditor initial={initial} heading={t('pages:titles.reviewsNew')} />;
}

// A new chain starts from the branch's review links and repeat window (GET /all_reviews).
function NewChainLoader() {
  const list = useReviewList();
  if (list.isPending) return <EditorSkeleton />;
  if (list.isError) return <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  return <NewChain sites={list.data.review_sites} repeatDays={list.data.repeat_days} />;
}

export function ReviewEditorPage({ mode }: { mode: ReviewEditorMode }) {
  const [params] = useSearchParams();
  if (mode === 'new') return <NewChainLoader />;
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <ExistingChain key={id} id={id} />;
}
