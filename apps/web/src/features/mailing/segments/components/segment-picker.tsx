import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SegmentWire } from '@salon/contract/mailing-segments';

interface SegmentPickerProps {
  segments: readonly SegmentWire[] | undefined;
  loading: boolean;
  failed: boolean;
  selected: SegmentWire | null;
  changed: boolean;
  canSave: boolean;
  disabled: boolean;
  onSelect: (segment: SegmentWire | null) => void;
  onSaveChanges: () => void;
  onSaveAsNew: () => void;
  onDelete: () => void;
}

// A saved segment to start from, and what can be done with the filters on screen.
export function SegmentPicker({
  segments,
  loading,
  failed,
  selected,
  changed,
  canSave,
  disabled,
  onSelect,
  onSaveChanges,
  onSaveAsNew,
  onDelete,
}: SegmentPickerProps) {
  const { t } = useTranslation('mailing-segments');
  const list = segments ?? [];
  return (
    <Stack gap="xs">
      <Select
        label={t('picker.label')}
        placeholder={loading ? t('picker.loading') : list.length === 0 ? t('picker.none') : t('picker.placeholder')}
        data={list.map((s) => ({ value: String(s.segment_id), label: s.segment_name }))}
        value={selected ? String(selected.segment_id) : null}
        onChange={(value) => onSelect(list.find((s) => String(s.segment_id) === value) ?? null)}
        clearable
        searchable
        disabled={disabled || loading || list.length === 0}
        error={failed ? t('picker.failed') : undefined}
        comboboxProps={{ withinPortal: true }}
        data-testid="segment-picker"
      />
      {selected?.segment_description && (
        <Text
          size="sm"
          c="dimmed"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="segment-description"
        >
          {selected.segment_description}
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        {selected && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={onSaveChanges}
            disabled={disabled || !canSave || !changed}
            data-testid="segment-save-changes"
          >
            {t('picker.saveChanges')}
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onSaveAsNew}
          disabled={disabled || !canSave}
          data-testid="segment-save-new"
        >
          {t(selected ? 'picker.saveAsNew' : 'picker.save')}
        </Button>
        {selected && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            disabled={disabled}
            data-testid="segment-delete"
          >
            {t('picker.delete')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
