import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Branch } from './branch';

// The connected/error indicator of a branch: connected when either channel is authenticated.
export function BranchStatus({ branch, withLabel = false }: { branch: Branch; withLabel?: boolean }) {
  const { t } = useTranslation('accounts');
  const label = t(branch.isChannelActive ? 'status.connected' : 'status.error');
  const color = branch.isChannelActive ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-red-6)';
  return (
    <Group gap={6} wrap="nowrap" data-testid="branch-status" data-connected={branch.isChannelActive}>
      <span
        aria-hidden
        style={{ width: 10, height: 10, borderRadius: '50%', background: color, flex: 'none', display: 'inline-block' }}
      />
      {withLabel ? (
        <Text size="xs" c={branch.isChannelActive ? 'teal.7' : 'red.7'}>
          {label}
        </Text>
      ) : (
        <VisuallyHidden>{label}</VisuallyHidden>
      )}
    </Group>
  );
}
