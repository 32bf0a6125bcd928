import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActionSendoutWire } from '@salon/contract/mailing-sendouts';
import { processPercent } from '../started-rules';

// The share sent (SPEC 3 `process`) with sent / count.
export function SendoutProgress({ row, testId }: { row: ActionSendoutWire; testId: string }) {
  const { t } = useTranslation('mailing');
  const percent = processPercent(row.process);
  return (
    <Stack gap={2} miw={140}>
      <Progress
        value={percent}
        color={row.status === 'finished' ? 'gray' : 'teal'}
        striped={row.status === 'started'}
        animated={row.status === 'started'}
        aria-label={t('started.progressLabel', { percent })}
        data-testid={testId}
        data-value={percent}
      />
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {percent}%
        </Text>
        <Text size="xs" c="dimmed">
          {t('started.sentOf', { sent: row.sent, count: row.count })}
        </Text>
      </Group>
    </Stack>
  );
}
