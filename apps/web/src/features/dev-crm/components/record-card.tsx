import { Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { IconArrowsMove, IconCash, IconCheck, IconCircleCheck, IconTrash, IconUserX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalCrmItemWire, LocalCrmRecordWire } from '@salon/contract/local-crm';
import { formatMoney } from '../../../shared/i18n/format-money';
import { actionsFor, STATUS_COLORS, statusOf, timeRange, type RecordActionKind } from '../dev-crm-rules';

const ICONS: Record<RecordActionKind, ReactNode> = {
  move: <IconArrowsMove size={14} aria-hidden />,
  confirm: <IconCircleCheck size={14} aria-hidden />,
  came: <IconCheck size={14} aria-hidden />,
  didNotCome: <IconUserX size={14} aria-hidden />,
  pay: <IconCash size={14} aria-hidden />,
  cancel: <IconTrash size={14} aria-hidden />,
};

interface RecordCardProps {
  record: LocalCrmRecordWire;
  timeZone: string;
  labels: readonly LocalCrmItemWire[];
  // The action of this record in flight, if any: its buttons wait for it.
  pending: RecordActionKind | null;
  onAction: (action: RecordActionKind) => void;
}

// One booking: time, client, master, services, price, its status badges and what can be done with it.
export function RecordCard({ record, timeZone, labels, pending, onAction }: RecordCardProps) {
  const { t } = useTranslation('dev-crm');
  const status = statusOf(record);
  const labelTitle = (id: string) => labels.find((l) => l.id === id)?.title ?? id;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="crm-record"
      data-record-id={record.id}
      data-status={status}
      style={record.deleted ? { opacity: 0.65 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" td={record.deleted ? 'line-through' : undefined} data-testid="crm-record-time">
              {timeRange(record, timeZone)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('record.master', { name: record.staff_name })}
            </Text>
          </Stack>
          <Text fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="crm-record-cost">
            {formatMoney(record.cost, 'RUB')}
          </Text>
        </Group>
        <Text style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {record.client_name}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            {record.client_phone ? `+${record.client_phone}` : t('record.noPhone')}
          </Text>
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {record.services.map((s) => s.title).join(', ')}
          {record.goods.length > 0 && (
            <Text span c="dimmed" size="sm">
              {' + '}
              {record.goods.map((g) => g.title).join(', ')}
            </Text>
          )}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge color={STATUS_COLORS[status]} variant="light" data-testid="crm-record-status">
            {t(`status.${status}`)}
          </Badge>
          {!record.deleted && (
            <Badge color={record.paid ? 'teal' : 'gray'} variant={record.paid ? 'filled' : 'outline'}>
              {record.paid ? t('badge.paid') : t('badge.unpaid')}
            </Badge>
          )}
          {record.online && (
            <Badge color="cyan" variant="outline">
              {t('badge.online')}
            </Badge>
          )}
          {record.labels.map((id) => (
            <Badge key={id} color="gray" variant="outline" tt="none" fw={500}>
              {labelTitle(id)}
            </Badge>
          ))}
        </Group>
        {record.comment && (
          <Text size="xs" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
            {record.comment}
          </Text>
        )}
        {record.short_link && (
          // {record_link} of the templates; the local CRM has no public booking page behind it.
          <Text size="xs" c="dimmed">
            {t('record.link')}: <Code>{record.short_link}</Code>
          </Text>
        )}
        {actionsFor(record).length > 0 && (
          <Group gap="xs" wrap="wrap" mt={4}>
            {actionsFor(record).map((action) => (
              <Button
                key={action}
                size="compact-sm"
                variant={action === 'cancel' ? 'subtle' : 'light'}
                color={action === 'cancel' || action === 'didNotCome' ? 'red' : undefined}
                leftSection={ICONS[action]}
                loading={pending === action}
                disabled={pending !== null && pending !== action}
                onClick={() => onAction(action)}
                data-testid={`crm-action-${action}`}
              >
                {t(`action.${action}`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
