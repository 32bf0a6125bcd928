import { Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RECORDS_COUNT_MAX, type RecordCondition, type VisitMode } from '@salon/contract/mailing-segments';
import { useIssueText } from './issue-text';
import { DateRangeField, NumberRangeField } from './range-fields';
import { ReferenceSelect } from './reference-select';

interface RecordFieldsProps {
  condition: RecordCondition;
  onChange: (next: RecordCondition) => void;
  issue: (field: string) => string | null;
  testId: string;
}

// SPEC 3 record filters: staff, services, service categories, period, records count, sold amount,
// visit or no visit.
export function RecordFields({ condition, onChange, issue, testId }: RecordFieldsProps) {
  const { t } = useTranslation('mailing-segments');
  const issueText = useIssueText();
  const visit = condition.visit ?? 'any';
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Input.Label labelElement="div" id={`${testId}-visit-label`}>
          {t('record.visit')}
        </Input.Label>
        <SegmentedControl
          value={visit}
          onChange={(value) => onChange({ ...condition, visit: value as VisitMode })}
          data={[
            { value: 'any', label: t('record.visits.any') },
            { value: 'visited', label: t('record.visits.visited') },
            { value: 'not_visited', label: t('record.visits.not_visited') },
          ]}
          fullWidth
          aria-labelledby={`${testId}-visit-label`}
          data-testid={`${testId}-visit`}
        />
        <Text size="xs" c="dimmed">
          {t(`record.visitHint.${visit}`)}
        </Text>
      </Stack>
      <ReferenceSelect
        kind="staff"
        label={t('record.staff')}
        value={condition.staff}
        onChange={(staff) => onChange({ ...condition, staff })}
        testId={`${testId}-staff`}
      />
      <ReferenceSelect
        kind="services"
        label={t('record.services')}
        value={condition.services}
        onChange={(services) => onChange({ ...condition, services })}
        testId={`${testId}-services`}
      />
      <ReferenceSelect
        kind="categories"
        label={t('record.serviceCategories')}
        value={condition.serviceCategories}
        onChange={(serviceCategories) => onChange({ ...condition, serviceCategories })}
        testId={`${testId}-service-categories`}
      />
      <DateRangeField
        label={t('record.period')}
        value={condition.period}
        onChange={(period) => onChange({ ...condition, period })}
        error={issueText(issue('period'))}
        testId={`${testId}-period`}
      />
      <NumberRangeField
        label={t('record.recordsCount')}
        value={condition.recordsCount}
        onChange={(recordsCount) => onChange({ ...condition, recordsCount })}
        max={RECORDS_COUNT_MAX}
        error={issueText(issue('recordsCount'))}
        testId={`${testId}-count`}
      />
      <NumberRangeField
        label={t('record.soldAmount')}
        value={condition.soldAmount}
        onChange={(soldAmount) => onChange({ ...condition, soldAmount })}
        integer={false}
        error={issueText(issue('soldAmount'))}
        testId={`${testId}-amount`}
      />
    </Stack>
  );
}
