import type { ReactNode } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { IconCalendarEvent, IconChevronDown } from '@tabler/icons-react';
import { orderedDayRange, type DayRange } from '../lib/day-range';
import { DateField } from './date-field';

export interface RangeShortcutOption {
  id: string;
  label: string;
  range: DayRange;
}

interface DayRangeFilterProps {
  range: DayRange;
  onChange: (range: DayRange) => void;
  // The page's own SPEC 9 shortcuts, with their ranges for today.
  shortcuts: readonly RangeShortcutOption[];
  // The shortcut the range is shown as (null: the button says `labels.shortcuts`).
  selected: string | null;
  // The last day that may be picked (the branch's today).
  max?: string;
  labels: { from: string; to: string; shortcuts: string };
  testIds: { root: string; from: string; to: string; shortcuts: string; shortcut: (id: string) => string };
  // The page's further controls (grouping, reset), on the same line.
  children?: ReactNode;
}

// The period of a statistics page: two typed (or picked) days and the page's shortcuts.
export function DayRangeFilter({
  range,
  onChange,
  shortcuts,
  selected,
  max,
  labels,
  testIds,
  children,
}: DayRangeFilterProps) {
  const current = shortcuts.find((shortcut) => shortcut.id === selected) ?? null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid={testIds.root}>
      <DateField
        label={labels.from}
        value={range.from}
        max={max}
        onChange={(from) => from && onChange(orderedDayRange(from, range.to))}
        w={{ base: '100%', xs: 170 }}
        testId={testIds.from}
      />
      <DateField
        label={labels.to}
        value={range.to}
        max={max}
        onChange={(to) => to && onChange(orderedDayRange(range.from, to))}
        w={{ base: '100%', xs: 170 }}
        testId={testIds.to}
      />
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            data-testid={testIds.shortcuts}
          >
            {current ? current.label : labels.shortcuts}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {shortcuts.map((shortcut) => (
            <Menu.Item
              key={shortcut.id}
              onClick={() => onChange(shortcut.range)}
              fw={shortcut.id === selected ? 600 : undefined}
              data-testid={testIds.shortcut(shortcut.id)}
            >
              {shortcut.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {children}
    </Group>
  );
}
