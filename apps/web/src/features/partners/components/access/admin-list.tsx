import { ActionIcon, Card, Group, Loader, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PartnerAdmin } from '@salon/contract/partners';
import { rowBusy } from '../../access-rules';

interface AdminListProps {
  admins: readonly PartnerAdmin[];
  changing: ReadonlySet<number>;
  deletingId: number | null;
  onAccess: (admin: PartnerAdmin, access: boolean) => void;
  onDelete: (admin: PartnerAdmin) => void;
}

// The partner admins of the code: name, Telegram id, an access switch and delete; a running action
// shows on its own row.
export function AdminList({ admins, changing, deletingId, onAccess, onDelete }: AdminListProps) {
  const { t } = useTranslation('partners');
  return (
    <Stack gap="xs" data-testid="partner-admins">
      {admins.map((admin) => {
        const busy = rowBusy(admin.telegram_id, {
          changing: changing.has(admin.telegram_id) ? admin.telegram_id : null,
          deleting: deletingId,
        });
        return (
          <Card
            key={admin.telegram_id}
            withBorder
            radius="md"
            p="sm"
            data-testid="partner-admin-row"
            data-telegram-id={admin.telegram_id}
            data-busy={busy ?? undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {admin.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('access.list.tgId', { id: admin.telegram_id })} ·{' '}
                  {admin.access ? t('access.list.granted') : t('access.list.denied')}
                </Text>
              </div>
              <Group gap="sm" wrap="nowrap">
                {busy === 'changeAccess' && <Loader size="xs" aria-label={t('access.list.saving')} />}
                <Switch
                  checked={admin.access}
                  onChange={(event) => onAccess(admin, event.currentTarget.checked)}
                  disabled={busy !== null}
                  aria-label={t('access.list.accessOf', { name: admin.name })}
                  data-testid="partner-admin-access"
                />
                <Tooltip label={t('access.list.delete')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onDelete(admin)}
                    loading={busy === 'deletingUser'}
                    disabled={busy === 'changeAccess'}
                    aria-label={t('access.list.deleteOf', { name: admin.name })}
                    data-testid="partner-admin-delete"
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
