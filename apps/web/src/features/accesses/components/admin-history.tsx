import { Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangeLogEntry } from '@salon/contract/accesses';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { logActionKey, sortedLog } from '../access-rules';
import { rightLabelKey } from '../right-label';

// The change log of one admin: action, date in the user's locale, and the new values.
export function AdminHistory({ log }: { log: readonly ChangeLogEntry[] }) {
  const { t } = useTranslation('accesses');
  const fmt = useDateFormat();
  if (log.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="admin-history-empty">
        {t('history.empty')}
      </Text>
    );
  }
  const rightsText = (rights: readonly string[]) =>
    rights
      .map((right) => {
        const key = rightLabelKey(right);
        return key ? t(key) : right;
      })
      .join(', ');
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="admin-history">
      {sortedLog(log).map((entry, index) => (
        <Timeline.Item
          key={`${entry.date}-${index}`}
          title={t(`history.actions.${logActionKey(entry.action)}`)}
          data-testid="admin-history-entry"
        >
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {fmt.dateTime(entry.date)}
            </Text>
            {entry.new_name !== null && <Text size="sm">{t('history.newName', { name: entry.new_name })}</Text>}
            {entry.new_rights !== null && (
              <Text size="sm">{t('history.newRights', { rights: rightsText(entry.new_rights) })}</Text>
            )}
            {entry.new_active !== null && (
              <Text size="sm">{t(entry.new_active ? 'history.activeOn' : 'history.activeOff')}</Text>
            )}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
