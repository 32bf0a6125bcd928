import { Group, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentChangeWire } from '@salon/contract/consents';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { useSession } from '../../../shared/session/use-session';
import { changeActor, changeDetails, sortedChanges } from '../consent-list-rules';
import { ConsentStatusBadge } from './consent-status-badge';

// The change log of one number, newest first: what happened, when, who did it and the new values.
export function ConsentHistory({ log, id }: { log: readonly ConsentChangeWire[]; id: string }) {
  const { t } = useTranslation('consents');
  const fmt = useDateFormat();
  const { userId } = useSession();
  if (log.length === 0) {
    return (
      <Text id={id} size="sm" c="dimmed" data-testid="consent-history-empty">
        {t('history.empty')}
      </Text>
    );
  }
  return (
    <Stack id={id} gap="xs">
      <Text size="sm" fw={600}>
        {t('history.title')}
      </Text>
      <Timeline bulletSize={12} lineWidth={2} data-testid="consent-history">
        {sortedChanges(log).map((change, index) => {
          const details = changeDetails(change);
          const actor = changeActor(change, userId);
          return (
            <Timeline.Item
              key={`${change.date}-${index}`}
              title={change.actions.map((action) => t(`history.actions.${action}`)).join(', ')}
              data-testid="consent-history-entry"
            >
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t('history.by', {
                    date: fmt.dateTime(change.date),
                    actor: t(`history.actor.${actor}`, { id: change.user_tg_id ?? '' }),
                  })}
                </Text>
                {details.status && (
                  <Group gap={6}>
                    <Text size="sm">{t('history.newStatus')}</Text>
                    <ConsentStatusBadge status={details.status} />
                  </Group>
                )}
                {details.clientText && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('history.clientText', { text: details.clientText })}
                  </Text>
                )}
                {details.comment !== undefined && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {details.comment === null
                      ? t('history.commentCleared')
                      : t('history.newComment', { comment: details.comment })}
                  </Text>
                )}
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Stack>
  );
}
