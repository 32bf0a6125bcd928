import { Input, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SentEarlierCondition } from '@salon/contract/mailing-segments';
import { useIssueText } from './issue-text';
import { DateRangeField } from './range-fields';

interface SentEarlierFieldsProps {
  condition: SentEarlierCondition;
  onChange: (next: SentEarlierCondition) => void;
  issue: (field: string) => string | null;
  testId: string;
}

// SPEC 3 'sent earlier': got (or did not get) a send-out of this branch between two days.
export function SentEarlierFields({ condition, onChange, issue, testId }: SentEarlierFieldsProps) {
  const { t } = useTranslation('mailing-segments');
  const issueText = useIssueText();
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Input.Label labelElement="div" id={`${testId}-got-label`}>
          {t('sent.got')}
        </Input.Label>
        <SegmentedControl
          value={condition.got ? 'got' : 'not'}
          onChange={(value) => onChange({ ...condition, got: value === 'got' })}
          data={[
            { value: 'got', label: t('sent.gotYes') },
            { value: 'not', label: t('sent.gotNo') },
          ]}
          fullWidth
          aria-labelledby={`${testId}-got-label`}
          data-testid={`${testId}-got`}
        />
      </Stack>
      <DateRangeField
        label={t('sent.period')}
        required
        value={condition.period}
        onChange={(range) => onChange({ ...condition, period: { from: range.from ?? '', to: range.to ?? '' } })}
        error={issueText(issue('period'))}
        testId={`${testId}-period`}
      />
    </Stack>
  );
}
