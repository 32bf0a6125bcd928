import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SegmentCondition } from '@salon/contract/mailing-segments';
import { ClientFields } from './client-fields';
import { RecordFields } from './record-fields';
import { SaleFields } from './sale-fields';
import { SentEarlierFields } from './sent-earlier-fields';

interface ConditionCardProps {
  index: number;
  condition: SegmentCondition;
  // Shown between conditions: AND or OR.
  joinLabel: string | null;
  onChange: (next: SegmentCondition) => void;
  onRemove: () => void;
  issue: (field: string) => string | null;
  disabled: boolean;
}

// One condition of a segment: its kind, its fields, a remove button.
export function ConditionCard({
  index,
  condition,
  joinLabel,
  onChange,
  onRemove,
  issue,
  disabled,
}: ConditionCardProps) {
  const { t } = useTranslation('mailing-segments');
  const testId = `segment-condition-${index}`;
  const title = t(`kind.${condition.type}`);
  return (
    <Stack gap={6}>
      {joinLabel && (
        <Badge variant="light" color="gray" size="sm" style={{ alignSelf: 'center' }}>
          {joinLabel}
        </Badge>
      )}
      <Card withBorder padding="sm" radius="md" data-testid={testId} data-kind={condition.type}>
        <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600}>{title}</Text>
              <Tooltip label={t('removeCondition')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={onRemove}
                  aria-label={t('removeConditionOf', { kind: title })}
                  data-testid={`${testId}-remove`}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            {condition.type === 'client' && (
              <ClientFields condition={condition} onChange={onChange} issue={issue} testId={testId} />
            )}
            {condition.type === 'record' && (
              <RecordFields condition={condition} onChange={onChange} issue={issue} testId={testId} />
            )}
            {condition.type === 'sale' && (
              <SaleFields condition={condition} onChange={onChange} issue={issue} testId={testId} />
            )}
            {condition.type === 'sent_earlier' && (
              <SentEarlierFields condition={condition} onChange={onChange} issue={issue} testId={testId} />
            )}
          </Stack>
        </fieldset>
      </Card>
    </Stack>
  );
}
