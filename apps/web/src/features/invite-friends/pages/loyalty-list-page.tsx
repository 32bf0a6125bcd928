import { useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconGift, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LoyaltyActionWire } from '@salon/contract/loyalty';
import { allows } from '@salon/contract/rights-rules';
import { orderedActions } from '../../../shared/loyalty/loyalty-action-options';
import { useLoyaltyActions } from '../../../shared/loyalty/loyalty-actions-query';
import { useSession } from '../../../shared/session/use-session';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { ListSkeleton } from '../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useDuplicateLoyaltyAction } from '../api/copy-loyalty-action';
import { useDeleteLoyaltyAction } from '../api/delete-loyalty-action';
import { ActionRow, type RowAction } from '../components/action-row';
import { CopyToBranchesModal } from '../components/copy-to-branches-modal';
import { DependentTemplatesList } from '../components/dependent-templates-list';
import { NoticeModal } from '../components/notice-modal';
import { PartnerLinkNote } from '../components/partner-link-note';
import { useActionSwitch } from '../hooks/use-action-switch';

// /invite_fiend and /invite_fiend/list: the branch's invite-a-friend actions (SPEC 2 tab
// "Promotions for friends").
export function LoyaltyListPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['invite-friends', 'pages']);
  const { accId, rights } = useSession();
  // Every change needs the edit-templates right (the server's guard, as for reviews).
  const canEdit = allows(rights, 'editTemplates');
  const list = useLoyaltyActions();
  const switcher = useActionSwitch();
  const duplicate = useDuplicateLoyaltyAction();
  const remove = useDeleteLoyaltyAction();
  const [deleting, setDeleting] = useState<LoyaltyActionWire | null>(null);
  const [copying, setCopying] = useState<LoyaltyActionWire | null>(null);

  const onAction = (action: LoyaltyActionWire, kind: RowAction) => {
    if (kind === 'duplicate') duplicate.mutate(action.loyalty_action_id);
    else if (kind === 'copyToBranches') setCopying(action);
    else setDeleting(action);
  };

  const newButton = canEdit ? (
    <Button
      component={Link}
      to={`/invite_fiend/new_action?accId=${accId ?? ''}`}
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="loyalty-new"
    >
      {t('invite-friends:list.new')}
    </Button>
  ) : undefined;

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton rows={3} height={112} testId="loyalty-list-skeleton" />;
  } else if (list.isError) {
    body = <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.data.length === 0) {
    body = (
      <PageEmptyState
        testId="loyalty-list-empty"
        icon={<IconGift aria-hidden />}
        title={t('invite-friends:list.emptyTitle')}
        description={t(canEdit ? 'invite-friends:list.emptyHint' : 'invite-friends:list.emptyHintReadOnly')}
        action={newButton}
      />
    );
  } else {
    body = (
      <Stack gap="xs" data-testid="loyalty-list">
        {orderedActions(list.data.data, list.data.order).map((action) => (
          <ActionRow
            key={action.loyalty_action_id}
            action={action}
            accId={accId}
            canEdit={canEdit}
            switching={switcher.busyId === action.loyalty_action_id}
            onSwitch={(active) => switcher.request(action, active)}
            onAction={(kind) => onAction(action, kind)}
          />
        ))}
      </Stack>
    );
  }

  const dialog = switcher.dialog;
  return (
    <Stack gap={0}>
      <PageTitle aside={newButton} video="inviteFriends">
        {t('pages:titles.inviteFriendsList')}
      </PageTitle>
      {tabs}
      <Stack gap="md">
        <PartnerLinkNote />
        {body}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        title={t('invite-friends:delete.title')}
        text={t('invite-friends:delete.text', { title: deleting?.title ?? '' })}
        confirm={t('invite-friends:delete.confirm')}
        cancel={t('invite-friends:dialogs.cancel')}
        busy={remove.isPending}
        danger
        onConfirm={() => deleting && remove.mutate(deleting.loyalty_action_id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
        testId="loyalty-delete-modal"
      />
      <ConfirmModal
        opened={dialog?.kind === 'dependents'}
        title={t('invite-friends:disable.title')}
        text={t('invite-friends:disable.text', {
          title: dialog?.kind === 'dependents' ? dialog.action.title : '',
        })}
        confirm={t('invite-friends:disable.confirm')}
        cancel={t('invite-friends:dialogs.cancel')}
        busy={switcher.pending}
        danger
        onConfirm={switcher.confirmOff}
        onClose={switcher.closeDialog}
        testId="loyalty-disable-modal"
      >
        {dialog?.kind === 'dependents' && (
          <DependentTemplatesList templates={dialog.templates} testId="loyalty-disable-templates" />
        )}
      </ConfirmModal>
      <NoticeModal
        notice={dialog?.kind === 'noPermission' ? 'noPermission' : dialog?.kind === 'block' ? dialog.block : null}
        onClose={switcher.closeDialog}
      />
      <CopyToBranchesModal action={copying} onClose={() => setCopying(null)} />
    </Stack>
  );
}
