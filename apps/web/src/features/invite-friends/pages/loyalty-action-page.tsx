import { useEffect, useMemo, useState } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOYALTY_STATUS } from '@salon/contract/loyalty';
import { STATUS } from '@salon/contract/status-text';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/use-session';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useLoyaltyAction } from '../api/get-loyalty-action';
import { ActionEditor } from '../components/action-editor';
import { newActionDraft, toActionDraft } from '../loyalty-action-rules';
import { track } from '../../../shared/metrics/track';

// /invite_fiend/action?id (edit) and /invite_fiend/new_action (new).
export type LoyaltyActionMode = 'edit' | 'new';

function EditorSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="loyalty-editor-skeleton">
      <Skeleton height={36} width={280} />
      <Skeleton height={180} radius="md" />
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}

function NotFound() {
  const { t } = useTranslation('invite-friends');
  const { accId } = useSession();
  return (
    <PageEmptyState
      testId="loyalty-not-found"
      icon={<IconFileUnknown aria-hidden />}
      title={t('editor.notFound')}
      description={t('editor.notFoundHint')}
      action={
        <Button component={Link} to={`/invite_fiend/list?accId=${accId ?? ''}`} variant="light">
          {t('editor.toList')}
        </Button>
      }
    />
  );
}

function ExistingAction({ id }: { id: number }) {
  const { t } = useTranslation('pages');
  const action = useLoyaltyAction(id);
  const initial = useMemo(() => (action.data ? toActionDraft(action.data.data) : null), [action.data]);
  if (action.isPending) return <EditorSkeleton />;
  if (action.isError) {
    const error = action.error;
    if (
      isApiError(error) &&
      (error.httpStatus === 404 || error.status === STATUS.notFound || error.status === LOYALTY_STATUS.notFound)
    )
      return <NotFound />;
    return <QueryErrorView error={error} onRetry={() => void action.refetch()} />;
  }
  return (
    initial && (
      <ActionEditor
        initial={initial}
        heading={t('titles.inviteFriendsAction')}
        dependents={action.data.all_dependent_templates}
      />
    )
  );
}

function NewAction() {
  const { t } = useTranslation(['invite-friends', 'pages']);
  // Read once: a language switch must not rename what the user is editing.
  const [initial] = useState(() => newActionDraft(t('invite-friends:editor.defaultTitle')));
  return <ActionEditor initial={initial} heading={t('pages:titles.inviteFriendsNewAction')} dependents={[]} />;
}

export function LoyaltyActionPage({ mode }: { mode: LoyaltyActionMode }) {
  const [params] = useSearchParams();
  useEffect(() => (mode === 'new' ? track('friend_new_promo_open') : undefined), [mode]);
  if (mode === 'new') return <NewAction />;
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <ExistingAction key={id} id={id} />;
}
