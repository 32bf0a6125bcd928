import { EmptyState, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminWire } from '@salon/contract/accesses';
import { isAccessDenied } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/use-session';
import { AccessDeniedView } from '../../../shared/ui/access-denied-view';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { isSelf, splitAdmins } from '../access-rules';
import { useAdmins } from '../api/get-admins';
import { AccessesSkeleton } from '../components/accesses-skeleton';
import { AddAdminForm } from '../components/add-admin-form';
import { AdminList } from '../components/admin-list';
import { DeleteAdminModal } from '../components/delete-admin-modal';
import { useAdminActions } from '../hooks/use-admin-actions';

// /accesses: the branch's extra admins and their rights (SPEC 3, 4, 5, 7, 8).
export function AccessesPage() {
  const { t } = useTranslation(['accesses', 'pages']);
  const { userId } = useSession();
  const admins = useAdmins();
  const actions = useAdminActions();
  const list = admins.data ?? [];
  const { active, inactive } = splitAdmins(list);

  let body;
  if (admins.isError && (isAccessDenied(admins.error) || !admins.data)) {
    body = isAccessDenied(admins.error) ? (
      <AccessDeniedView />
    ) : (
      <QueryErrorView error={admins.error} onRetry={() => void admins.refetch()} />
    );
  } else if (admins.isPending) {
    body = <AccessesSkeleton />;
  } else {
    const common = {
      isSelf: (admin: AdminWire) => isSelf(admin, userId),
      pendingActive: actions.pendingActive,
      onActive: actions.setActive,
      onDelete: actions.askDelete,
    };
    body = (
      <Stack gap="lg">
        <AddAdminForm admins={list} />
        {list.length === 0 ? (
          <EmptyState
            data-testid="accesses-empty"
            py="xl"
            variant="light"
            icon={<IconUsers aria-hidden />}
            title={t('accesses:list.emptyTitle')}
            description={t('accesses:list.emptyDescription')}
          />
        ) : (
          <>
            <AdminList
              title={t('accesses:list.active')}
              admins={active}
              empty={t('accesses:list.emptyTitle')}
              testId="accesses-active"
              {...common}
            />
            <AdminList
              title={t('accesses:list.inactive')}
              admins={inactive}
              empty={t('accesses:list.noInactive')}
              testId="accesses-inactive"
              {...common}
            />
          </>
        )}
        <DeleteAdminModal
          name={actions.toDelete?.name ?? null}
          busy={actions.deleting}
          onConfirm={actions.confirmDelete}
          onCancel={actions.cancelDelete}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>{t('pages:titles.accesses')}</PageTitle>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('accesses:intro')}
      </Text>
      {body}
    </Stack>
  );
}
