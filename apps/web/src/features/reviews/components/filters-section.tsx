import { useState } from 'react';
import { Checkbox, Group, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReferenceListKind } from '@salon/contract/reference-lists';
import { REVIEW_REPEAT_DAYS_MAX } from '@salon/contract/reviews';
import { ReferenceMultiSelect } from '../../../shared/crm/reference-multi-select';
import {
  addEntry,
  removeEntry,
  setRepeatDays,
  setVisitsFrom,
  setVisitsTo,
  type ChainDraft,
  type ChainProblems,
  type EntryListField,
  type IdListField,
} from '../review-chain-rules';
import type { ChainEditor } from '../hooks/use-chain-editor';
import { EntryListField as EntryList } from './entry-list-field';
import { SectionCard } from '../../../shared/ui/section-card';
import { VisitsRangeField } from '../../../shared/ui/visits-range-field';

interface FiltersSectionProps {
  draft: ChainDraft;
  edit: ChainEditor['edit'];
  problems: ChainProblems;
  errorText: (code: string | undefined) => string | undefined;
}

// Record client statuses (SPEC 3): -1 did not come, 0 expected, 1 came, 2 confirmed.
const ATTENDANCE = [
  { status: 1, key: 'came' },
  { status: 2, key: 'confirmed' },
  { status: 0, key: 'expectation' },
  { status: -1, key: 'didNotCome' },
] as const;

const FILTERS: { field: IdListField; category: ReferenceListKind; testId: string }[] = [
  { field: 'services', category: 'services', testId: 'filter-services' },
  { field: 'categories', category: 'categories', testId: 'filter-categories' },
  { field: 'staff', category: 'staff', testId: 'filter-staff' },
  { field: 'recordLabels', category: 'record_labels', testId: 'filter-record-labels' },
  { field: 'clientCategory', category: 'client_category', testId: 'filter-client-category' },
];

const ENTRY_LISTS: { field: EntryListField; placeholder: string; testId: string }[] = [
  { field: 'blacklist', placeholder: '79991234567', testId: 'blacklist' },
  { field: 'waAlerts', placeholder: '79991234567', testId: 'wa-alerts' },
  { field: 'tgAlerts', placeholder: '-1001234567890', testId: 'tg-alerts' },
];

// The visit range (SPEC 5 visits rules).
function VisitsFields({
  draft,
  edit,
  error,
}: Pick<FiltersSectionProps, 'draft' | 'edit'> & { error?: string | undefined }) {
  const { t } = useTranslation('reviews');
  return (
    <VisitsRangeField
      from={draft.visitsFrom}
      to={draft.visitsTo}
      onFrom={(value) => edit((d) => setVisitsFrom(d, value)) !== null}
      onTo={(value) => void edit((d) => setVisitsTo(d, value))}
      labels={{
        title: t('filters.visits'),
        from: t('filters.visitsFrom'),
        to: t('filters.visitsTo'),
        hint: t('filters.visitsHint'),
      }}
      error={error}
      width={130}
    />
  );
}

// Who is asked and who is alerted (SPEC 3 firstStep filters; SPEC 5 review chain lists).
export function FiltersSection({ draft, edit, problems, errorText }: FiltersSectionProps) {
  const { t } = useTranslation('reviews');
  const [repeatText, setRepeatText] = useState<number | string>(draft.repeatDays);
  const [seenRepeat, setSeenRepeat] = useState(draft.repeatDays);
  if (seenRepeat !== draft.repeatDays) {
    setSeenRepeat(draft.repeatDays);
    setRepeatText(draft.repeatDays);
  }
  const commitRepeat = () => {
    const next = setRepeatDays(draft, repeatText);
    setRepeatText(next.repeatDays);
    if (next.repeatDays !== draft.repeatDays) edit(() => next);
  };

  return (
    <SectionCard title={t('filters.title')} description={t('filters.intro')} testId="section-filters">
      <Stack gap={6}>
        <Text size="sm" fw={500} id="attendance-label">
          {t('filters.attendance')}
        </Text>
        <Group gap="lg" role="group" aria-labelledby="attendance-label">
          {ATTENDANCE.map(({ status, key }) => (
            <Checkbox
              key={status}
              label={t(`attendance.${key}`)}
              checked={draft.attendance.includes(status)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                edit((d) => ({
                  ...d,
                  attendance: on
                    ? [...d.attendance.filter((s) => s !== status), status]
                    : d.attendance.filter((s) => s !== status),
                }));
              }}
              data-testid={`attendance-${status}`}
            />
          ))}
        </Group>
        <Text size="xs" c={draft.attendance.includes(1) ? 'dimmed' : 'orange.8'} data-testid="attendance-hint">
          {t(draft.attendance.includes(1) ? 'filters.attendanceHint' : 'filters.attendanceNoCame')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {FILTERS.map((filter) => (
          <ReferenceMultiSelect
            key={filter.field}
            category={filter.category}
            label={t(`filters.${filter.field}`)}
            value={draft[filter.field]}
            onChange={(value) => edit((d) => ({ ...d, [filter.field]: value }))}
            testId={filter.testId}
          />
        ))}
      </SimpleGrid>
      <VisitsFields draft={draft} edit={edit} error={errorText(problems.visits)} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {ENTRY_LISTS.map(({ field, placeholder, testId }) => (
          <EntryList
            key={field}
            field={field}
            label={t(`filters.${field}`)}
            description={t(`filters.${field}Hint`)}
            placeholder={placeholder}
            entries={draft[field]}
            onAdd={(value) => {
              const notice = edit((d) => addEntry(d, field, value));
              return notice === null || notice === 'duplicateEntry';
            }}
            onRemove={(value) => edit((d) => removeEntry(d, field, value))}
            error={errorText(problems[field])}
            testId={testId}
          />
        ))}
      </SimpleGrid>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Switch
          label={t('filters.checkAlreadyReview')}
          description={t('filters.checkAlreadyReviewHint', { days: draft.repeatDays })}
          checked={draft.checkAlreadyReview}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            edit((d) => ({ ...d, checkAlreadyReview: on }));
          }}
          style={{ flex: '1 1 260px' }}
          data-testid="check-already-review"
        />
        <NumberInput
          label={t('filters.repeatDays')}
          description={t('filters.repeatDaysHint')}
          value={repeatText}
          onChange={setRepeatText}
          onBlur={commitRepeat}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitRepeat();
            }
          }}
          min={1}
          max={REVIEW_REPEAT_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={{ base: '100%', xs: 200 }}
          disabled={!draft.checkAlreadyReview}
          error={errorText(problems.repeatDays)}
          data-testid="repeat-days"
        />
      </Group>
    </SectionCard>
  );
}
