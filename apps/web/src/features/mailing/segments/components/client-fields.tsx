import { Checkbox, Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AGE_MAX,
  GENDER_VALUES,
  type ClientCondition,
  type ClientCategoryMode,
  type GenderValue,
} from '@salon/contract/mailing-segments';
import { useIssueText } from './issue-text';
import { DateRangeField, NumberRangeField } from './range-fields';
import { ReferenceSelect } from './reference-select';
import { TriStateSelect } from './tri-state-select';

interface ClientFieldsProps {
  condition: ClientCondition;
  onChange: (next: ClientCondition) => void;
  issue: (field: string) => string | null;
  testId: string;
}

const GENDER_KEYS = { 0: 'unknown', 1: 'man', 2: 'woman' } as const;

// SPEC 3 client filters: gender, client categories (include or exclude), got send-outs, birthday
// period and age.
export function ClientFields({ condition, onChange, issue, testId }: ClientFieldsProps) {
  const { t } = useTranslation('mailing-segments');
  const issueText = useIssueText();
  const category = condition.clientCategory ?? null;
  const setCategory = (mode: ClientCategoryMode, ids: string[]) =>
    onChange({ ...condition, clientCategory: ids.length === 0 && mode === 'include' ? null : { mode, ids } });
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={t('client.gender')}
        value={(condition.gender ?? []).map(String)}
        onChange={(values) =>
          onChange({
            ...condition,
            gender: values.map(Number).filter((v): v is GenderValue => v === 0 || v === 1 || v === 2),
          })
        }
      >
        <Group gap="md" mt={4}>
          {GENDER_VALUES.map((value) => (
            <Checkbox
              key={value}
              value={String(value)}
              label={t(`client.genders.${GENDER_KEYS[value]}`)}
              data-testid={`${testId}-gender-${value}`}
            />
          ))}
        </Group>
      </Checkbox.Group>

      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Input.Label labelElement="div">{t('client.categories')}</Input.Label>
          <SegmentedControl
            size="xs"
            value={category?.mode ?? 'include'}
            onChange={(mode) => setCategory(mode as ClientCategoryMode, category?.ids ?? [])}
            data={[
              { value: 'include', label: t('client.categoryMode.include') },
              { value: 'exclude', label: t('client.categoryMode.exclude') },
            ]}
            aria-label={t('client.categoryModeLabel')}
            data-testid={`${testId}-category-mode`}
          />
        </Group>
        <ReferenceSelect
          kind="client_category"
          label={t('client.categoriesList')}
          value={category?.ids}
          onChange={(ids) => setCategory(category?.mode ?? 'include', ids)}
          testId={`${testId}-categories`}
        />
      </Stack>

      <TriStateSelect
        label={t('client.gotSendOuts')}
        value={condition.isGotSendOuts}
        onChange={(isGotSendOuts) => onChange({ ...condition, isGotSendOuts })}
        yes={t('client.gotSendOutsYes')}
        no={t('client.gotSendOutsNo')}
        testId={`${testId}-got-sendouts`}
      />

      <DateRangeField
        label={t('client.birthdayPeriod')}
        value={condition.birthdayPeriod}
        onChange={(range) =>
          onChange({
            ...condition,
            birthdayPeriod:
              range.from === null && range.to === null ? null : { from: range.from ?? '', to: range.to ?? '' },
          })
        }
        error={issueText(issue('birthdayPeriod'))}
        testId={`${testId}-birthday`}
      />
      <Text size="xs" c="dimmed" mt={-8}>
        {t('client.birthdayHint')}
      </Text>

      <NumberRangeField
        label={t('client.age')}
        value={condition.agePeriod}
        onChange={(agePeriod) => onChange({ ...condition, agePeriod })}
        max={AGE_MAX}
        error={issueText(issue('agePeriod'))}
        testId={`${testId}-age`}
      />
    </Stack>
  );
}
