import { useEffect, type ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PageTitleProps {
  children: string;
  // Actions shown on the right of the title.
  aside?: ReactNode;
}

// The page heading; it also names the browser tab.
export function PageTitle({ children, aside }: PageTitleProps) {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = `${children} · ${appName}`;
  }, [children, appName]);

  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Title order={1} size="h2" data-testid="page-title">
        {children}
      </Title>
      {aside}
    </Group>
  );
}
