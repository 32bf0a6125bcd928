import { Alert, Group, Radio, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  REVIEW_AFTER_END_HOURS,
  REVIEW_DAY_OPTIONS,
  REVIEW_REQUEST_FOOTER,
  REVIEW_TITLE_MAX,
  type ReviewTimeType,
} from '@salon/contract/reviews';
import { TimeField } from '../../../shared/ui/time-field';
import { setFirstActive, type ChainDraft, type ChainProblems } from '../review-chain-rules';
import { dayOptionText, hoursText } from '../review-timing-text';
import type { ChainEditor } from '../hooks/use-chain-editor';
import { ReviewTextField } from './review-text-field';
import { SectionCard } from '../../../shared/ui/section-card';

interface FirstStepSectionProps {
  draft: ChainDraft;
  edit: ChainEditor['edit'];
  problems: ChainProblems;
  errorText: (code: string | undefined) => string | undefined;
}

// Step 1 (SPEC 3 firstStep): the request itself, when it goes out, and the rating footer.
export function FirstStepSection({ draft, edit, problems, errorText }: FirstStepSectionProps) {
  const { t, i18n } = useTranslation('reviews');
  const footer = i18n.language === 'en' ? REVIEW_REQUEST_FOOTER.en : REVIEW_REQUEST_FOOTER.ru;
  return (
    <SectionCard
      step={1}
      title={t('editor.first.title')}
      description={t('editor.first.hint')}
      testId="step-first"
      aside={
        <Switch
          label={t('editor.active')}
          checked={draft.active}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            edit((d) => setFirstActive(d, on));
          }}
          data-testid="chain-active"
        />
      }
    >
      <TextInput
        label={t('editor.first.name')}
        value={draft.title}
        onChange={(event) => {
          const title = event.currentTarget.value;
          edit((d) => ({ ...d, title }));
        }}
        maxLength={REVIEW_TITLE_MAX}
        required
        error={errorText(problems.title)}
        data-testid="chain-title"
      />
      <ReviewTextField
        label={t('editor.first.text')}
        value={draft.text}
        onChange={(text) => edit((d) => ({ ...d, text }))}
        error={errorText(problems.text)}
        required={draft.active}
        minRows={4}
        testId="first-text"
      />
      <Stack gap={6}>
        <Switch
          label={t('editor.first.requestReview')}
          description={t('editor.first.requestReviewHint')}
          checked={draft.requestReview}
          onChange={(event) => {
            const requestReview = event.currentTarget.checked;
            edit((d) => ({ ...d, requestReview }));
          }}
          data-testid="request-review"
        />
        {draft.requestReview && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconMessageStar size={18} aria-hidden />}
            data-testid="footer-preview"
          >
            <Text size="xs" c="dimmed">
              {t('editor.first.footerPreview')}
            </Text>
            <Text size="sm">{footer}</Text>
          </Alert>
        )}
      </Stack>
      <Stack gap="xs">
        <Radio.Group
          label={t('editor.timing.title')}
          value={draft.timeType}
          onChange={(value) => edit((d) => ({ ...d, timeType: value as ReviewTimeType }))}
          data-testid="timing-type"
        >
          <Group gap="lg" mt={6}>
            <Radio value="after_end" label={t('editor.timing.afterEnd')} data-testid="timing-type-after-end" />
            <Radio value="all_day" label={t('editor.timing.daily')} data-testid="timing-type-daily" />
          </Group>
        </Radio.Group>
        {draft.timeType === 'after_end' ? (
          <Select
            label={t('editor.timing.afterEndLabel')}
            data={REVIEW_AFTER_END_HOURS.map((hours) => ({
              value: String(hours),
              label: hoursText(hours, t, i18n.language),
            }))}
            value={String(draft.afterEnd)}
            onChange={(value) => value && edit((d) => ({ ...d, afterEnd: Number(value) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
            error={errorText(problems.timing)}
            comboboxProps={{ withinPortal: true }}
            data-testid="timing-after-end"
          />
        ) : (
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Select
              label={t('editor.timing.dayLabel')}
              description={t('editor.timing.dayHint')}
              data={REVIEW_DAY_OPTIONS.map((day) => ({ value: String(day), label: dayOptionText(day, t) }))}
              value={String(draft.day)}
              onChange={(value) => value !== null && edit((d) => ({ ...d, day: Number(value) }))}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
              error={errorText(problems.timing)}
              comboboxProps={{ withinPortal: true }}
              data-testid="timing-day"
            />
            <TimeField
              label={t('editor.timing.timeLabel')}
              description={t('editor.timing.timeHint')}
              value={draft.time}
              onChange={(time) => edit((d) => ({ ...d, time }))}
              testId="timing-time"
            />
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
