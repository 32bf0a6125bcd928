import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  RIGHT_OPTIONS,
  checkedRights,
  selectAllState,
  toggleAll,
  toggleRight,
  type GrantableRight,
} from '../access-rules';

interface RightsCheckboxesProps {
  value: readonly string[];
  onChange: (rights: GrantableRight[]) => void;
  // Test ids are `${testPrefix}-right-<right>` and `${testPrefix}-right-all`.
  testPrefix: string;
  error?: string | undefined;
  disabled?: boolean;
}

// SPEC 6 rights labels under 'Select All'.
export function RightsCheckboxes({ value, onChange, testPrefix, error, disabled }: RightsCheckboxesProps) {
  const { t } = useTranslation('accesses');
  const checked = checkedRights(value);
  const all = selectAllState(value);
  return (
    <Fieldset legend={t('rights.legend')} variant="unstyled" disabled={disabled}>
      <Stack gap="xs">
        <Checkbox
          label={t('rights.all')}
          checked={all === 'all'}
          indeterminate={all === 'some'}
          onChange={(event) => onChange(toggleAll(event.currentTarget.checked))}
          fw={500}
          data-testid={`${testPrefix}-right-all`}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" pl={{ base: 0, sm: 'md' }}>
          {RIGHT_OPTIONS.map((right) => (
            <Checkbox
              key={right}
              label={t(`rights.labels.${right}`)}
              checked={checked.includes(right)}
              onChange={(event) => onChange(toggleRight(value, right, event.currentTarget.checked))}
              data-testid={`${testPrefix}-right-${right}`}
            />
          ))}
        </SimpleGrid>
        {error && (
          <Text size="sm" c="red.7" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
