import { Button, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { PageTitle } from '../../shared/ui/page-title';
import { BareLayout } from './bare-layout';

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  const { authenticated } = useSession();
  return (
    <BareLayout>
      <div data-testid="not-found">
        <PageTitle>{t('notFound.title')}</PageTitle>
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconMapOff aria-hidden />}
          title={t('notFound.code')}
          description={t('notFound.description')}
        >
          <Button component={Link} to={authenticated ? '/accounts' : '/'} mt="md">
            {t(authenticated ? 'notFound.toBranches' : 'notFound.toLogin')}
          </Button>
        </EmptyState>
      </div>
    </BareLayout>
  );
}
