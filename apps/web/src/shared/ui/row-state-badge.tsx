import { Badge } from '@mantine/core';

interface RowStateBadgeProps {
  deleted: boolean;
  active: boolean;
  // In the calling feature's namespace.
  labels: { deleted: string; inactive: string };
}

// Statistics keep deleted and switched-off items; their row says which (nothing for a live one).
export function RowStateBadge({ deleted, active, labels }: RowStateBadgeProps) {
  if (deleted)
    return (
      <Badge size="xs" color="gray" variant="outline">
        {labels.deleted}
      </Badge>
    );
  if (!active)
    return (
      <Badge size="xs" color="gray" variant="light">
        {labels.inactive}
      </Badge>
    );
  return null;
}
