import { Suspense, type ReactNode } from 'react';
import { Drawer, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyMarkdownText } from './lazy-markdown-text';
import { useIsMobile } from './use-is-mobile';

// SPEC 9: the desktop drawer is 540 px wide; under 640 px it takes the whole screen.
export const SIDE_DRAWER_WIDTH_PX = 540;

type SideDrawerContent = { text: string } | { markdown: string } | { children: ReactNode };

type SideDrawerProps = SideDrawerContent & {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId?: string;
};

// The side drawer with a text or markdown (SPEC 2 "Other elements"), on the right. Its close label
// is in the help namespace: while that loads, the drawer waits instead of its page.
export function SideDrawer(props: SideDrawerProps) {
  return (
    <Suspense fallback={null}>
      <SideDrawerBody {...props} />
    </Suspense>
  );
}

function SideDrawerBody({ opened, onClose, title, testId, ...content }: SideDrawerProps) {
  const { t } = useTranslation('help');
  const isMobile = useIsMobile();
  let body: ReactNode;
  if ('markdown' in content) body = <LazyMarkdownText>{content.markdown}</LazyMarkdownText>;
  else if ('text' in content)
    body = (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {content.text}
      </Text>
    );
  else body = content.children;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : SIDE_DRAWER_WIDTH_PX}
      title={title}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid={testId}
    >
      {body}
    </Drawer>
  );
}
