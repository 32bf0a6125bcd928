import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentEntryWire } from '@salon/contract/consents';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { historyPanelId, statusOf } from '../consent-list-rules';
import { ConsentHistory } from './consent-history';
import { ConsentRowActions, type ConsentRowHandlers } from './consent-row-actions';
import { ConsentStatusBadge } from './consent-status-badge';

interface ConsentCardsProps extends ConsentRowHandlers {
  entries: readonly ConsentEntryWire[];
  expanded: ReadonlySet<string>;
}

// Mobile (under 640 px): one stacked card per number with the same fields and actions.
export function ConsentCards({ entries, expanded, ...handlers }: ConsentCardsProps) {
  const { t } = useTranslation('consents');
  const fmt = useDateFormat();
  return (
    <Stack gap="sm" data-testid="consent-cards">
      {entries.map((entry) => {
        const open = expanded.has(entry.phone);
        return (
          <Card key={entry.phone} withBorder radius="md" padding="sm" data-testid={`consent-card-${entry.phone}`}>
            <Stack gap={8}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} ff="monospace">
                  +{entry.phone}
                </Text>
                <ConsentStatusBadge status={statusOf(entry)} />
              </Group>
              {entry.client_text && <Field label={t('table.clientText')} value={entry.client_text} />}
              {entry.comment && <Field label={t('table.comment')} value={entry.comment} />}
              <Text size="xs" c="dimmed">
                {t('table.updated')}: {fmt.dateTime(entry.updated_at)}
              </Text>
              <ConsentRowActions
                entry={entry}
                expanded={open}
                historyId={historyPanelId(entry.phone)}
                compact={false}
                {...handlers}
              />
              {open && <ConsentHistory log={entry.changelog} id={historyPanelId(entry.phone)} />}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}
