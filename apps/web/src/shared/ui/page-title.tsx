import { useEffect, type ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VideoSection } from '@salon/contract/video-instructions';
import { VideoHelpButton } from '../help/video-help-button';

interface PageTitleProps {
  children: string;
  // Actions shown on the right of the title.
  aside?: ReactNode;
  // The video-instruction section about this page: a small video icon after the title.
  video?: VideoSection;
}

// The page heading; it also names the browser tab.
export function PageTitle({ children, aside, video }: PageTitleProps) {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = `${children} · ${appName}`;
  }, [children, appName]);

  const title = (
    <Title order={1} size="h2" data-testid="page-title">
      {children}
    </Title>
  );
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      {video ? (
        <Group gap={4} wrap="nowrap" align="center" style={{ minWidth: 0, maxWidth: '100%' }}>
          <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{title}</div>
          <VideoHelpButton section={video} />
        </Group>
      ) : (
        title
      )}
      {aside}
    </Group>
  );
}
