import { EmptyState } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The empty state of a section whose screens are still being built.
export function SectionEmptyState() {
  const { t } = useTranslation('pages');
  return (
    <EmptyState
      data-testid="section-placeholder"
      py="xl"
      variant="light"
      icon={<IconTools aria-hidden />}
      title={t('placeholder.title')}
      description={t('placeholder.description')}
    />
  );
}
