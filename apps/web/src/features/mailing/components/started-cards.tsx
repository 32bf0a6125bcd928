import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActionSendoutWire } from '@salon/contract/mailing-sendouts';
import { localeOf } from '../../../shared/i18n/format-date-time';
import type { SendoutActions } from '../hooks/use-sendout-actions';
import { formatZoned } from '../mailing-time-rules';
import { excerpt } from '../started-rules';
import { SendoutActionButton } from './sendout-action-button';
import { SendoutProgress } from './sendout-progress';
import { SendoutStatusBadge } from './sendout-status-badge';
import { StallNote } from '../../../shared/mailing/stall-note';

interface StartedCardsProps {
  rows: readonly ActionSendoutWire[];
  timeZone: string;
  actions: SendoutActions;
}

// Mobile (under 640 px): one card per send-out, with the same test ids as the table rows.
export function StartedCards({ rows, timeZone, actions }: StartedCardsProps) {
  const { i18n } = useTranslation('mailing');
  const locale = localeOf(i18n.language);
  return (
    <Stack gap="sm" data-testid="started-cards">
      {rows.map((row) => (
        <Paper
          key={row.sendout_id}
          withBorder
          radius="md"
          p="sm"
          data-testid={`started-row-${row.sendout_id}`}
          data-status={row.status}
        >
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {formatZoned(row.date, timeZone, locale)}
              </Text>
              <SendoutStatusBadge status={row.status} testId={`started-status-${row.sendout_id}`} />
            </Group>
            <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {excerpt(row.msg, 140)}
            </Text>
            <SendoutProgress row={row} testId={`started-progress-${row.sendout_id}`} />
            {row.stall && (
              <StallNote stall={row.stall} timeZone={timeZone} testId={`started-stall-${row.sendout_id}`} />
            )}
            <Group justify="flex-end">
              <SendoutActionButton row={row} actions={actions} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
