import { useState } from 'react';
import { Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CONSENT_KINDS,
  DAY_OPTIONS,
  EVENT_KINDS,
  MAX_OFFSET_DAYS,
  OFFSET_MINUTES_STEP,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
} from '@salon/contract/templates-rules';
import { TimeField } from '../../../shared/ui/time-field';
import type { TemplateDraft } from '../template-draft';
import { editorSections, type TemplateEdit } from '../template-edit-rules';
import { dayWord, sendTimeWords } from '../template-list-rules';
import { wireWhenSend2 } from '../template-save-rules';
import { SectionCard } from '../../../shared/ui/section-card';
import { sendTimeText } from './send-time-text';

interface SectionProps {
  draft: TemplateDraft;
  edit: (edit: TemplateEdit) => void;
}

// Days and minutes of an offset, committed (clamped, minutes rounded to 15) when a field is left.
function OffsetFields({ draft, edit }: SectionProps) {
  const { t } = useTranslation('templates');
  const [days, setDays] = useState<number | string>(draft.whenSend2Days);
  const [minutes, setMinutes] = useState<number | string>(draft.whenSend2Min);
  // Follow the draft when it changes from outside (category change, clamping).
  const [seen, setSeen] = useState({ d: draft.whenSend2Days, m: draft.whenSend2Min });
  if (seen.d !== draft.whenSend2Days || seen.m !== draft.whenSend2Min) {
    setSeen({ d: draft.whenSend2Days, m: draft.whenSend2Min });
    setDays(draft.whenSend2Days);
    setMinutes(draft.whenSend2Min);
  }
  const commit = () => edit({ type: 'offset', days: Number(days) || 0, minutes: Number(minutes) || 0 });
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NumberInput
        label={t('timing.days')}
        value={days}
        onChange={setDays}
        onBlur={commit}
        onKeyDown={onEnter}
        min={0}
        max={MAX_OFFSET_DAYS}
        allowDecimal={false}
        allowNegative={false}
        w={140}
        data-testid="timing-days"
      />
      <NumberInput
        label={t('timing.minutes')}
        description={t('timing.minutesHint')}
        value={minutes}
        onChange={setMinutes}
        onBlur={commit}
        onKeyDown={onEnter}
        min={0}
        max={1440 - OFFSET_MINUTES_STEP}
        step={OFFSET_MINUTES_STEP}
        allowDecimal={false}
        allowNegative={false}
        w={180}
        data-testid="timing-minutes"
      />
    </Group>
  );
}

function SendTimeField({ draft, edit }: SectionProps) {
  const { t } = useTranslation('templates');
  return (
    <TimeField
      label={t('timing.time')}
      description={t('timing.timeHint')}
      value={draft.whenTime}
      onChange={(value) => edit({ type: 'whenTime', value })}
      w={200}
      required
      testId="timing-time"
    />
  );
}

// SPEC 4: whenSend and its whenSend2 as days + minutes, a day option with a time, or an event kind.
export function TimingSection({ draft, edit }: SectionProps) {
  const { t } = useTranslation('templates');
  const sections = editorSections(draft.whenSend);
  const summary = sendTimeText(sendTimeWords(draft.whenSend, wireWhenSend2(draft), draft.whenTime), t);
  const dayCategory = draft.whenSend === 'happy_birthday' ? 'happy_birthday' : 'all_day_recs_notifications';

  return (
    <SectionCard title={t('timing.title')} testId="section-timing">
      <Stack gap="md">
        <Select
          label={t('timing.category')}
          data={TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) }))}
          value={draft.whenSend}
          onChange={(value) => value && edit({ type: 'whenSend', value: value as TemplateCategory })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="timing-category"
        />
        {sections.offset && <OffsetFields draft={draft} edit={edit} />}
        {sections.day && (
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={500} mb={4} id="timing-day-label">
                {t('timing.day')}
              </Text>
              <SegmentedControl
                aria-labelledby="timing-day-label"
                fullWidth
                data={DAY_OPTIONS.map((day) => ({
                  value: String(day),
                  label: t(`timing.dayOptions.${dayCategory}.${dayWord(day) ?? 'on'}`),
                }))}
                value={String(draft.whenSend2)}
                onChange={(value) => edit({ type: 'whenSend2', value: Number(value) })}
                data-testid="timing-day"
              />
            </div>
            <SendTimeField draft={draft} edit={edit} />
          </Stack>
        )}
        {sections.event && (
          <>
            <Select
              label={t('timing.event')}
              data={EVENT_KINDS.map((kind) => ({ value: kind, label: t(`eventKinds.${kind}`) }))}
              value={String(draft.whenSend2)}
              onChange={(value) => value && edit({ type: 'whenSend2', value })}
              allowDeselect={false}
              data-testid="timing-event"
            />
            {draft.whenSend2 === 'integration' && (
              <TextInput
                type="url"
                label={t('timing.integrationLink')}
                description={t('timing.integrationLinkHint')}
                placeholder="https://"
                value={draft.integrationLink}
                onChange={(event) => edit({ type: 'integrationLink', value: event.currentTarget.value })}
                maxLength={500}
                data-testid="timing-integration-link"
              />
            )}
          </>
        )}
        {sections.consent && (
          <Select
            label={t('timing.consent')}
            data={CONSENT_KINDS.map((kind) => ({ value: kind, label: t(`consentKinds.${kind}`) }))}
            value={String(draft.whenSend2)}
            onChange={(value) => value && edit({ type: 'whenSend2', value })}
            allowDeselect={false}
            data-testid="timing-consent"
          />
        )}
        <Text size="sm" c="dimmed" data-testid="timing-summary" aria-live="polite">
          {/* The phrase follows a colon here, so it starts in lower case ("Отправится: за 1 ч до визита"). */}
          {t('timing.summary', { when: summary.charAt(0).toLocaleLowerCase() + summary.slice(1) })}
        </Text>
      </Stack>
    </SectionCard>
  );
}
