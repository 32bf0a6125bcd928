import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AccessDeniedView } from '../../../shared/ui/access-denied-view';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { ListSkeleton } from '../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { AdminForm } from '../components/access/admin-form';
import { AdminList } from '../components/access/admin-list';
import { usePartnerAdminsPage } from '../components/access/use-partner-admins';
import { PromoSelect } from '../components/promo-select';
import { usePromoCode } from '../hooks/use-promo-code';

// /partners_access "Access" (SPEC 4, 6): partner admins of the selected code, for the consultant
// whose rights are exactly owner (the route guard sends everyone else to the programme).
export function AccessPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['partners', 'pages']);
  const { code } = usePromoCode();
  const page = usePartnerAdminsPage(code);
  const list = page.admins.data ?? [];

  let body: ReactNode;
  if (page.status === 'accessDenied') body = <AccessDeniedView />;
  else if (page.status === 'error')
    body = <QueryErrorView error={page.admins.error} onRetry={() => void page.admins.refetch()} />;
  else if (page.status === 'loading') body = <ListSkeleton rows={3} height={64} testId="partner-admins-skeleton" />;
  else
    body = (
      <Stack gap="md">
        <AdminForm admins={list} add={page.add} />
        {list.length === 0 ? (
          <PageEmptyState
            icon={<IconUsers aria-hidden />}
            title={t('partners:access.list.emptyTitle')}
            description={t('partners:access.list.emptyDescription')}
            testId="partner-admins-empty"
          />
        ) : (
          <AdminList
            admins={list}
            changing={page.changing}
            deletingId={page.deletingId}
            onAccess={page.setAccess}
            onDelete={page.askDelete}
          />
        )}
      </Stack>
    );

  return (
    <Stack gap={0} data-testid="partner-access" data-status={page.status}>
      <PageTitle>{t('pages:titles.partnersAccess')}</PageTitle>
      {tabs}
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('partners:access.intro', { code: code ?? '' })}
        </Text>
        <PromoSelect />
        {body}
      </Stack>
      <ConfirmModal
        opened={page.toDelete !== null}
        title={t('partners:access.delete.title')}
        text={t('partners:access.delete.text', { name: page.toDelete?.name ?? '' })}
        confirm={t('partners:access.delete.confirm')}
        cancel={t('partners:common.cancel')}
        onConfirm={page.confirmDelete}
        onClose={page.cancelDelete}
        busy={page.deletingId !== null}
        danger
        testId="partner-admin-delete-modal"
      />
    </Stack>
  );
}
