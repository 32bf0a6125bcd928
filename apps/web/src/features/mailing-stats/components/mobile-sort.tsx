import { ActionIcon, Group, Select } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isStatsSortColumn, type StatsSortColumn } from '@salon/contract/mailing-stats-rules';

// The columns a card list can be sorted by, with the table's header names.
const SORTABLE = [
  ['date', 'columns.date'],
  ['text', 'columns.text'],
  ['recipients', 'columns.recipients'],
  ['read', 'columns.read'],
  ['answers', 'columns.answers'],
  ['sign_up', 'columns.signUp'],
  ['summ', 'columns.sum'],
  ['summ_one_msg', 'columns.sumOneMsg'],
  ['visits', 'columns.visits'],
  ['last_visit_days', 'columns.lastVisitDays'],
  ['date_finish_sendout', 'columns.finish'],
] as const satisfies readonly (readonly [StatsSortColumn, `columns.${string}`])[];

interface MobileSortProps {
  sort: StatsSortColumn;
  desc: boolean;
  onChange: (sort: StatsSortColumn, desc: boolean) => void;
}

// Cards have no headers: the sort column and direction are chosen here.
export function MobileSort({ sort, desc, onChange }: MobileSortProps) {
  const { t } = useTranslation('mailing-stats');
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Select
        label={t('sort.label')}
        data={SORTABLE.map(([value, key]) => ({ value, label: t(key) }))}
        value={sort}
        onChange={(value) => isStatsSortColumn(value) && onChange(value, desc)}
        allowDeselect={false}
        style={{ flex: 1 }}
        data-testid="stats-mobile-sort"
      />
      <ActionIcon
        variant="default"
        size="lg"
        mb={1}
        aria-label={desc ? t('sort.desc') : t('sort.asc')}
        title={desc ? t('sort.desc') : t('sort.asc')}
        onClick={() => onChange(sort, !desc)}
        data-testid="stats-mobile-direction"
      >
        {desc ? <IconSortDescending size={18} aria-hidden /> : <IconSortAscending size={18} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}
