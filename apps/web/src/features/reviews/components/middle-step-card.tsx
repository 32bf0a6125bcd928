import { ActionIcon, Group, Select, Switch } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MIDDLE_STEP_GAP_HOURS, MIDDLE_STEP_GAP_HOURS } from '@salon/contract/reviews';
import type { MiddleStepDraft } from '../review-chain-rules';
import { hoursText } from '../review-timing-text';
import { ReviewTextField } from './review-text-field';
import { SectionCard } from '../../../shared/ui/section-card';

interface MiddleStepCardProps {
  step: MiddleStepDraft;
  number: number;
  error?: string | undefined;
  onText: (text: string) => void;
  onActive: (active: boolean) => void;
  onDelay: (hours: number) => void;
  onDelete: () => void;
}

// A reminder (SPEC 3 secondStep item) sent while the client has not answered yet.
export function MiddleStepCard({ step, number, error, onText, onActive, onDelay, onDelete }: MiddleStepCardProps) {
  const { t, i18n } = useTranslation('reviews');
  const title = t('editor.middle.title', { number });
  return (
    <SectionCard
      step={number}
      title={title}
      description={t('editor.middle.hint')}
      testId={`step-middle-${number}`}
      aside={
        <Group gap="sm" wrap="nowrap">
          <Switch
            label={t('editor.active')}
            checked={step.active}
            onChange={(event) => onActive(event.currentTarget.checked)}
            data-testid={`middle-active-${number}`}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('editor.middle.delete', { number })}
            data-testid={`middle-delete-${number}`}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      }
    >
      <Select
        label={t('editor.middle.delay')}
        description={t('editor.middle.delayHint', {
          when: hoursText(DEFAULT_MIDDLE_STEP_GAP_HOURS, t, i18n.language),
        })}
        data={MIDDLE_STEP_GAP_HOURS.map((hours) => ({
          value: String(hours),
          label: hoursText(hours, t, i18n.language),
        }))}
        value={String(step.delayHours)}
        onChange={(value) => value && onDelay(Number(value))}
        allowDeselect={false}
        w={{ base: '100%', xs: 260 }}
        comboboxProps={{ withinPortal: true }}
        data-testid={`middle-delay-${number}`}
      />
      <ReviewTextField
        label={t('editor.middle.text')}
        value={step.text}
        onChange={onText}
        error={error}
        required={step.active}
        testId={`middle-text-${number}`}
      />
    </SectionCard>
  );
}
