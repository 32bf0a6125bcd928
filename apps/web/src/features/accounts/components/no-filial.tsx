import { EmptyState, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SupportLink } from '../../../shared/ui/support-link';

// SPEC 8 NoFilialError: the user has no branch they may open.
export function NoFilial() {
  const { t } = useTranslation('accounts');
  return (
    <EmptyState
      data-testid="no-filial"
      py="xl"
      variant="light"
      icon={<IconBuildingStore aria-hidden />}
      title={t('noFilial.title')}
      description={t('noFilial.description')}
    >
      <Text size="sm" ta="center" mt="sm">
        <SupportLink />
      </Text>
    </EmptyState>
  );
}
