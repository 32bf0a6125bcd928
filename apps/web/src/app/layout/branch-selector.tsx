import { Group, Select, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountsState } from '../../shared/accounts/accounts-state';
import type { Branch } from '../../shared/accounts/branch';
import { BranchStatus } from '../../shared/accounts/branch-status';

interface BranchSelectorProps {
  accounts: AccountsState;
  branch: Branch | null;
}

// The menu's branch switch with the connected/error indicator of the selected branch.
export function BranchSelector({ accounts, branch }: BranchSelectorProps) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const real = accounts.branches.filter((b) => !b.isSynthetic);
  const byId = new Map(real.map((b) => [String(b.accId), b]));

  if (real.length === 0) {
    const partner = accounts.branches[0];
    return partner ? (
      <Text fw={600} px="xs" data-testid="branch-selector">
        {partner.name}
      </Text>
    ) : null;
  }

  return (
    <Select
      data-testid="branch-selector"
      aria-label={t('branch.label')}
      placeholder={t('branch.placeholder')}
      data={real.map((b) => ({ value: String(b.accId), label: b.name }))}
      value={branch ? String(branch.accId) : null}
      onChange={(value) => {
        if (value) void navigate(`/main?accId=${value}`);
      }}
      searchable={real.length > 6}
      nothingFoundMessage={t('branch.nothingFound')}
      allowDeselect={false}
      checkIconPosition="right"
      leftSection={branch ? <BranchStatus branch={branch} /> : undefined}
      renderOption={({ option }) => {
        const item = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            {item && <BranchStatus branch={item} />}
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
    />
  );
}
