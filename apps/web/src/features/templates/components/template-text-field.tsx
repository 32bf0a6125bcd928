import { useRef } from 'react';
import { Box, Group, Mark, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  OPT_IN_VARIABLES,
  PARTNER_LINK_VARIABLE,
  RECORD_VARIABLES,
  TEMPLATE_TEXT_MAX,
  type TemplateVariable,
} from '@salon/contract/templates-rules';
import { VariablePicker } from '../../../shared/ui/variable-picker';
import type { FieldProblem } from '../template-save-rules';
import { insertVariable, splitUnknownKeys } from '../template-text-rules';

const KNOWN: readonly string[] = [...RECORD_VARIABLES, PARTNER_LINK_VARIABLE, ...OPT_IN_VARIABLES];
const isKnownVariable = (variable: string): variable is TemplateVariable => KNOWN.includes(variable);

interface TemplateTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  variables: readonly string[];
  problem?: FieldProblem | undefined;
  description?: string;
  placeholder?: string;
  required?: boolean;
  readOnly?: boolean;
  minRows?: number;
  testId: string;
}

// A message text: the variable picker, a 'length / max' counter (SPEC 5 Textarea) and the unknown
// {keys} marked before the save is tried.
export function TemplateTextField({
  label,
  value,
  onChange,
  variables,
  problem,
  description,
  placeholder,
  required,
  readOnly,
  minRows = 4,
  testId,
}: TemplateTextFieldProps) {
  const { t } = useTranslation('templates');
  const ref = useRef<HTMLTextAreaElement>(null);
  const unknown = problem?.code === 'unknownKeys' ? problem.keys : [];
  const over = value.length > TEMPLATE_TEXT_MAX;

  const pick = (variable: string) => {
    const area = ref.current;
    const focused = area !== null && document.activeElement === area;
    const inserted = insertVariable(
      value,
      variable,
      area ? area.selectionStart : null,
      area ? area.selectionEnd : null,
    );
    onChange(inserted.text);
    // Back to the text with the caret after the variable (the menu took the focus).
    requestAnimationFrame(() => {
      const target = ref.current;
      if (!target) return;
      target.focus();
      target.setSelectionRange(inserted.caret, inserted.caret);
      if (!focused) target.scrollTop = target.scrollHeight;
    });
  };

  let error: string | undefined;
  if (problem?.code === 'unknownKeys') {
    error = t('problem.unknownKeys', { keys: problem.keys.map((k) => `{${k}}`).join(', ') });
  } else if (problem) {
    error = t(`problem.${problem.code}`);
  } else if (over) {
    error = t('problem.tooLong');
  }

  return (
    <Stack gap={4}>
      <Textarea
        ref={ref}
        label={label}
        description={description}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={minRows}
        maxRows={14}
        required={required}
        readOnly={readOnly}
        error={error}
        data-testid={testId}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      <Group justify="space-between" gap={4} wrap="wrap">
        {!readOnly && (
          <VariablePicker
            variables={variables}
            labelOf={(variable) => (isKnownVariable(variable) ? t(`variables.labels.${variable}`) : variable)}
            texts={{ insert: t('variables.insert'), title: t('variables.title') }}
            onPick={pick}
            testId={testId}
          />
        )}
        <Text
          size="xs"
          c={over ? 'red.7' : 'dimmed'}
          ml="auto"
          style={{ whiteSpace: 'nowrap' }}
          data-testid={`${testId}-count`}
        >
          {t('text.count', { count: value.length, max: TEMPLATE_TEXT_MAX })}
        </Text>
      </Group>
      {unknown.length > 0 && (
        <Box
          p="xs"
          bg="var(--mantine-color-red-light)"
          style={{ borderRadius: 'var(--mantine-radius-sm)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid={`${testId}-highlight`}
          aria-hidden
        >
          <Text size="sm">
            {splitUnknownKeys(value, unknown).map((part, index) =>
              part.bad ? (
                <Mark key={index} color="red">
                  {part.text}
                </Mark>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
