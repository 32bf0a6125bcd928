import { useState, type ReactNode } from 'react';
import { CloseButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';

interface NoticeLineProps {
  color: string;
  icon: ReactNode;
  // The notice's words; cut to one line until clicked, so a stack of notices keeps the page in view.
  text: string;
  // A link or a small button after the text.
  action?: ReactNode;
  onDismiss?: () => void;
  dismissLabel: string;
  testId?: string;
}

// One line of the notice area above a page (banners, warnings): icon, text, action, hide.
export function NoticeLine({ color, icon, text, action, onDismiss, dismissLabel, testId }: NoticeLineProps) {
  const [expanded, setExpanded] = useState(false);
  return (
    <Paper
      radius="sm"
      px="sm"
      py={6}
      bg={`var(--mantine-color-${color}-light)`}
      style={{ borderLeft: `3px solid var(--mantine-color-${color}-filled)` }}
      data-testid={testId}
      role="status"
    >
      <Group gap="xs" wrap="nowrap" align={expanded ? 'flex-start' : 'center'}>
        <span style={{ display: 'inline-flex', color: `var(--mantine-color-${color}-filled)`, flex: 'none' }}>{icon}</span>
        <UnstyledButton
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
          title={expanded ? undefined : text}
          style={{ flex: '1 1 auto', minWidth: 0 }}
        >
          <Text size="sm" lineClamp={expanded ? undefined : 1}>
            {text}
          </Text>
        </UnstyledButton>
        {action && <span style={{ flex: 'none', whiteSpace: 'nowrap' }}>{action}</span>}
        {onDismiss && <CloseButton size="sm" aria-label={dismissLabel} onClick={onDismiss} style={{ flex: 'none' }} />}
      </Group>
    </Paper>
  );
}
