import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { AdminWire } from '@salon/contract/accesses';
import { AdminCard } from './admin-card';

interface AdminListProps {
  title: string;
  admins: readonly AdminWire[];
  empty: string;
  testId: string;
  isSelf: (admin: AdminWire) => boolean;
  pendingActive: number | null;
  onActive: (admin: AdminWire, active: boolean) => void;
  onDelete: (admin: AdminWire) => void;
}

// One half of the list (SPEC 4: split into active and inactive).
export function AdminList({ title, admins, empty, testId, isSelf, pendingActive, onActive, onDelete }: AdminListProps) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Group gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          {admins.length}
        </Badge>
      </Group>
      {admins.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        admins.map((admin) => (
          <AdminCard
            key={admin.tg_id}
            admin={admin}
            self={isSelf(admin)}
            togglingActive={pendingActive === admin.tg_id}
            onActive={(active) => onActive(admin, active)}
            onDelete={() => onDelete(admin)}
          />
        ))
      )}
    </Stack>
  );
}
