import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminWire } from '@salon/contract/accesses';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { rightLabelKey } from '../right-label';
import { AdminEditForm } from './admin-edit-form';

interface AdminCardProps {
  admin: AdminWire;
  self: boolean;
  togglingActive: boolean;
  onActive: (active: boolean) => void;
  onDelete: () => void;
}

// One admin: name, id, rights; the active switch, edit (with history) and delete.
export function AdminCard({ admin, self, togglingActive, onActive, onDelete }: AdminCardProps) {
  const { t } = useTranslation('accesses');
  const fmt = useDateFormat();
  const [editing, setEditing] = useState(false);
  const tg = admin.tg_id;

  return (
    <Card withBorder radius="md" padding="md" data-testid={`admin-card-${tg}`} data-active={admin.active}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={`admin-name-${tg}`}>
                {admin.name}
              </Text>
              {self && (
                <Badge variant="light" size="sm">
                  {t('list.you')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              Telegram ID {tg} · {t('list.created', { date: fmt.dateTime(admin.create_date) })}
            </Text>
          </Stack>
          <Group gap="sm" wrap="nowrap">
            <Tooltip label={t('list.selfHint')} disabled={!self}>
              <Switch
                label={admin.active ? t('list.activeSwitch') : t('list.inactiveSwitch')}
                checked={admin.active}
                disabled={self || togglingActive}
                onChange={(event) => onActive(event.currentTarget.checked)}
                data-testid={`admin-active-${tg}`}
              />
            </Tooltip>
          </Group>
        </Group>
        <Group gap={6} wrap="wrap" data-testid={`admin-rights-${tg}`}>
          {admin.rights.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('list.noRights')}
            </Text>
          ) : (
            admin.rights.map((right) => {
              const key = rightLabelKey(right);
              return (
                <Badge key={right} variant="outline" color="gray" tt="none" fw={500}>
                  {key ? t(key) : right}
                </Badge>
              );
            })
          )}
        </Group>
        {editing ? (
          <AdminEditForm admin={admin} onDone={() => setEditing(false)} />
        ) : (
          !self && (
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(true)}
                data-testid={`admin-edit-${tg}`}
              >
                {t('edit.open')}
              </Button>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('edit.delete')}: ${admin.name}`}
                onClick={onDelete}
                data-testid={`admin-delete-${tg}`}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          )
        )}
      </Stack>
    </Card>
  );
}
