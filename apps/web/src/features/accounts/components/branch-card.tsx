import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Branch } from '../../../shared/accounts/branch';
import { BranchStatus } from '../../../shared/accounts/branch-status';

interface BranchCardProps {
  branch: Branch;
  selected: boolean;
  onSelect: (branch: Branch) => void;
}

export function BranchCard({ branch, selected, onSelect }: BranchCardProps) {
  const { t } = useTranslation('accounts');
  return (
    <UnstyledButton
      onClick={() => onSelect(branch)}
      data-testid={`branch-card-${branch.accId}`}
      aria-current={selected ? 'true' : undefined}
      style={{ display: 'block', width: '100%', height: '100%' }}
    >
      <Card
        withBorder
        radius="md"
        padding="md"
        h="100%"
        style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      >
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600} lineClamp={2}>
              {branch.name}
            </Text>
            {!branch.isSynthetic && <BranchStatus branch={branch} withLabel />}
          </Group>
          {branch.address && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {branch.address}
            </Text>
          )}
          <Group gap={6}>
            {branch.isSynthetic ? (
              <Badge variant="light">{t('card.partner')}</Badge>
            ) : (
              <>
                {branch.sendOutAccount && (
                  <Badge variant="light" color="grape">
                    {t('card.sendOut')}
                  </Badge>
                )}
                <Badge variant="light" color={branch.payStatus ? 'teal' : 'gray'}>
                  {t(branch.payStatus ? 'card.paid' : 'card.notPaid')}
                </Badge>
                {branch.accId > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('card.id', { id: branch.accId })}
                  </Text>
                )}
              </>
            )}
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
