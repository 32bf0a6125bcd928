import { Button, Input, Menu, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  SEGMENT_CONDITION_TYPES,
  SEGMENT_CONDITIONS_MAX,
  type SegmentConditionType,
  type SegmentFilters,
  type SegmentOperation,
} from '@salon/contract/mailing-segments';
import { emptyCondition, issueAt, type FilterIssue } from '../segment-rules';
import { ConditionCard } from './condition-card';

interface FiltersEditorProps {
  filters: SegmentFilters;
  onChange: (next: SegmentFilters) => void;
  issues: readonly FilterIssue[];
  today: string;
  disabled: boolean;
}

// SPEC 3 Segment filters: the operation (all conditions or any of them) and the conditions.
export function FiltersEditor({ filters, onChange, issues, today, disabled }: FiltersEditorProps) {
  const { t } = useTranslation('mailing-segments');
  const { conditions } = filters;
  const add = (type: SegmentConditionType) =>
    onChange({ ...filters, conditions: [...conditions, emptyCondition(type, today)] });
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Input.Label labelElement="div" id="segment-operation-label">
          {t('operation.label')}
        </Input.Label>
        <SegmentedControl
          value={filters.operation}
          onChange={(operation) => onChange({ ...filters, operation: operation as SegmentOperation })}
          data={[
            { value: 'AND', label: t('operation.AND') },
            { value: 'OR', label: t('operation.OR') },
          ]}
          fullWidth
          disabled={disabled}
          aria-labelledby="segment-operation-label"
          data-testid="segment-operation"
        />
      </Stack>

      {conditions.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="segment-no-conditions">
          {t('noConditions')}
        </Text>
      )}
      {conditions.map((condition, index) => (
        <ConditionCard
          // Conditions have no ids; their position is their identity while the list is edited.
          key={`${index}-${condition.type}`}
          index={index}
          condition={condition}
          joinLabel={index === 0 ? null : t(`operation.join.${filters.operation}`)}
          onChange={(next) => onChange({ ...filters, conditions: conditions.map((c, i) => (i === index ? next : c)) })}
          onRemove={() => onChange({ ...filters, conditions: conditions.filter((_, i) => i !== index) })}
          issue={(field) => issueAt(issues, index, field)}
          disabled={disabled}
        />
      ))}

      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={disabled || conditions.length >= SEGMENT_CONDITIONS_MAX}
            style={{ alignSelf: 'flex-start' }}
            data-testid="segment-add-condition"
          >
            {t('addCondition')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {SEGMENT_CONDITION_TYPES.map((type) => (
            <Menu.Item key={type} onClick={() => add(type)} data-testid={`segment-add-${type}`}>
              {t(`kind.${type}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}
