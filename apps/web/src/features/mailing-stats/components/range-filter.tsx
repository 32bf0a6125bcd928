import { Button, Group, Menu } from '@mantine/core';
import { IconCalendarEvent, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RANGE_SHORTCUTS, orderedRange, shortcutOf, shortcutRange, type DayRange } from '../date-range-rules';
import { DateField } from './date-field';

interface RangeFilterProps {
  range: DayRange;
  now: Date;
  // The address names no dates: the default range (SPEC 9) is on.
  isDefault: boolean;
  onChange: (range: DayRange) => void;
  onReset: () => void;
}

// The period of the statistics: typed days plus the SPEC 9 shortcuts.
export function RangeFilter({ range, now, isDefault, onChange, onReset }: RangeFilterProps) {
  const { t } = useTranslation('mailing-stats');
  const current = isDefault ? null : shortcutOf(range, now);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="stats-range">
      <DateField
        label={t('range.from')}
        value={range.from}
        onCommit={(from) => onChange(orderedRange(from, range.to))}
        testId="stats-date-start"
      />
      <DateField
        label={t('range.to')}
        value={range.to}
        onCommit={(to) => onChange(orderedRange(range.from, to))}
        testId="stats-date-end"
      />
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            data-testid="stats-range-shortcuts"
          >
            {current ? t(`range.shortcut.${current}`) : t('range.shortcuts')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {RANGE_SHORTCUTS.map((shortcut) => (
            <Menu.Item
              key={shortcut}
              onClick={() => onChange(shortcutRange(shortcut, now))}
              fw={shortcut === current ? 600 : undefined}
              data-testid={`stats-range-${shortcut}`}
            >
              {t(`range.shortcut.${shortcut}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {!isDefault && (
        <Button variant="subtle" onClick={onReset} data-testid="stats-range-reset">
          {t('range.reset')}
        </Button>
      )}
    </Group>
  );
}
