import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconHistory, IconMessage, IconToggleRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConsentEntryWire } from '@salon/contract/consents';

export interface ConsentRowHandlers {
  onStatus: (entry: ConsentEntryWire) => void;
  onComment: (entry: ConsentEntryWire) => void;
  onHistory: (phone: string) => void;
}

interface ConsentRowActionsProps extends ConsentRowHandlers {
  entry: ConsentEntryWire;
  expanded: boolean;
  historyId: string;
  // The table shows icons with tooltips; the mobile cards show labelled buttons.
  compact: boolean;
}

// Change the status, edit the comment, show the history (a disclosure button).
export function ConsentRowActions({
  entry,
  expanded,
  historyId,
  compact,
  onStatus,
  onComment,
  onHistory,
}: ConsentRowActionsProps) {
  const { t } = useTranslation('consents');
  const { phone } = entry;
  const history = {
    onClick: () => onHistory(phone),
    'aria-expanded': expanded,
    'aria-controls': historyId,
    'aria-label': t('table.historyLabel', { phone }),
    'data-testid': `consent-history-${phone}`,
  };
  if (compact) {
    return (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('table.changeStatusLabel', { phone })} withArrow>
          <ActionIcon
            variant="light"
            onClick={() => onStatus(entry)}
            aria-label={t('table.changeStatusLabel', { phone })}
            data-testid={`consent-status-${phone}`}
          >
            <IconToggleRight size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('table.editCommentLabel', { phone })} withArrow>
          <ActionIcon
            variant="light"
            color="gray"
            onClick={() => onComment(entry)}
            aria-label={t('table.editCommentLabel', { phone })}
            data-testid={`consent-comment-${phone}`}
          >
            <IconMessage size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('table.historyLabel', { phone })} withArrow>
          <ActionIcon variant={expanded ? 'filled' : 'subtle'} color="gray" {...history}>
            <IconHistory size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconToggleRight size={14} aria-hidden />}
        onClick={() => onStatus(entry)}
        aria-label={t('table.changeStatusLabel', { phone })}
        data-testid={`consent-status-${phone}`}
      >
        {t('table.changeStatus')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="gray"
        leftSection={<IconMessage size={14} aria-hidden />}
        onClick={() => onComment(entry)}
        aria-label={t('table.editCommentLabel', { phone })}
        data-testid={`consent-comment-${phone}`}
      >
        {t('table.editComment')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        rightSection={expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
        {...history}
      >
        {t('table.history')}
      </Button>
    </Group>
  );
}
