import { useRef } from 'react';
import { Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REVIEW_TEXT_MAX } from '@salon/contract/reviews';
import { VariablePicker } from '../../../shared/ui/variable-picker';
import { insertAtCaret, REVIEW_VARIABLES } from '../review-text-rules';

interface ReviewTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: string;
  required?: boolean;
  minRows?: number;
  testId: string;
}

// A step's message: the variable picker ({review_link} among them), a 'length / max' counter (SPEC 5).
export function ReviewTextField({
  label,
  value,
  onChange,
  error,
  description,
  required,
  minRows = 3,
  testId,
}: ReviewTextFieldProps) {
  const { t } = useTranslation('reviews');
  const ref = useRef<HTMLTextAreaElement>(null);
  const over = value.length > REVIEW_TEXT_MAX;

  const pick = (variable: string) => {
    const area = ref.current;
    const inserted = insertAtCaret(value, `{${variable}}`, area?.selectionStart ?? null, area?.selectionEnd ?? null);
    onChange(inserted.text);
    // Back to the text with the caret after the variable (the menu took the focus).
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(inserted.caret, inserted.caret);
    });
  };

  return (
    <Stack gap={4}>
      <Textarea
        ref={ref}
        label={label}
        description={description}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={minRows}
        maxRows={12}
        required={required}
        error={error ?? (over ? t('errors.too_long') : undefined)}
        data-testid={testId}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      <Group justify="space-between" gap={4} wrap="wrap">
        <VariablePicker
          variables={REVIEW_VARIABLES}
          labelOf={(variable) => t(`variables.labels.${variable}`)}
          texts={{ insert: t('variables.insert'), title: t('variables.title') }}
          onPick={pick}
          testId={testId}
        />
        <Text size="xs" c={over ? 'red.7' : 'dimmed'} ml="auto" data-testid={`${testId}-count`}>
          {t('text.count', { count: value.length, max: REVIEW_TEXT_MAX })}
        </Text>
      </Group>
    </Stack>
  );
}
