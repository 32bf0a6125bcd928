import { Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUTO_RESPONSE_TEXT_MAX } from '@salon/contract/auto-responses-rules';
import { isTextTooLong } from '../key-phrase-rules';

interface ReplyTextFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required: boolean;
  readOnly: boolean;
  testId: string;
}

// The reply (or the caption) with SPEC 5's 'length / 2000' counter, red over the limit. The
// field takes more than the limit so the user sees by how much; the save refuses it.
export function ReplyTextField({
  label,
  placeholder,
  value,
  onChange,
  error,
  required,
  readOnly,
  testId,
}: ReplyTextFieldProps) {
  const { t } = useTranslation('auto-responses');
  const over = isTextTooLong(value);
  const counterId = `${testId}-count`;
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={12}
        required={required}
        readOnly={readOnly}
        error={error ?? (over ? t('problem.textTooLong', { max: AUTO_RESPONSE_TEXT_MAX }) : undefined)}
        aria-describedby={counterId}
        data-testid={testId}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      <Text id={counterId} size="xs" c={over ? 'red.7' : 'dimmed'} ta="right" data-testid={counterId}>
        {t('reply.count', { count: value.length, max: AUTO_RESPONSE_TEXT_MAX })}
      </Text>
    </Stack>
  );
}
