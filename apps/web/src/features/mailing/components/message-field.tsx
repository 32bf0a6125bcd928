import { useRef } from 'react';
import { Alert, Badge, Group, Stack, Text, Textarea, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconBraces } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PARTNER_LINK_VARIABLE } from '@salon/contract/templates-rules';
import { insertKey, isOptInKey, MAILING_TEXT_MAX, needsParentLink, unknownKeys } from '../message-rules';

interface MessageFieldProps {
  value: string;
  onChange: (text: string) => void;
  keys: readonly string[];
  loyaltyActionId: string | null;
  // Problems are shown once the user tried to go on.
  showEmpty: boolean;
}

// The message: key chips that put {key} at the caret, a 'length / max' counter (SPEC 5 Textarea),
// unknown keys flagged, and the parent-link warning while a loyalty action is chosen (SPEC 4).
export function MessageField({ value, onChange, keys, loyaltyActionId, showEmpty }: MessageFieldProps) {
  const { t } = useTranslation('mailing');
  const ref = useRef<HTMLTextAreaElement>(null);
  const unknown = unknownKeys(value, keys);
  const over = value.length > MAILING_TEXT_MAX;

  const insert = (key: string) => {
    const area = ref.current;
    const inserted = insertKey(value, key, area ? area.selectionStart : null, area ? area.selectionEnd : null);
    onChange(inserted.text);
    requestAnimationFrame(() => {
      const target = ref.current;
      if (!target) return;
      target.focus();
      target.setSelectionRange(inserted.caret, inserted.caret);
    });
  };

  let error: string | undefined;
  if (unknown.length > 0) error = t('contents.unknownKeys', { keys: unknown.map((key) => `{${key}}`).join(', ') });
  else if (over) error = t('contents.tooLong', { max: MAILING_TEXT_MAX });
  else if (showEmpty && value.trim() === '') error = t('contents.emptyText');

  return (
    <Stack gap={6}>
      <Textarea
        ref={ref}
        label={t('contents.text')}
        placeholder={t('contents.textPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={5}
        maxRows={16}
        required
        error={error}
        data-testid="mailing-text"
        styles={{ input: { minHeight: 120 } }}
      />
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Group gap={6} aria-label={t('contents.keys')} role="group">
          {keys.map((key) => (
            // The bot links say what they do: their names alone do not tell a salon owner.
            <Tooltip
              key={key}
              label={isOptInKey(key) ? t(`contents.optInKeys.${key}`) : ''}
              disabled={!isOptInKey(key)}
              multiline
              w={260}
              withArrow
            >
              <UnstyledButton
                onClick={() => insert(key)}
                aria-label={t('contents.insertKey', { key })}
                aria-description={isOptInKey(key) ? t(`contents.optInKeys.${key}`) : undefined}
                data-testid={`mailing-key-${key}`}
              >
                <Badge
                  variant="light"
                  color={key === PARTNER_LINK_VARIABLE ? 'grape' : isOptInKey(key) ? 'teal' : 'blue'}
                  leftSection={<IconBraces size={12} aria-hidden />}
                  tt="none"
                  style={{ cursor: 'pointer' }}
                >
                  {key}
                </Badge>
              </UnstyledButton>
            </Tooltip>
          ))}
        </Group>
        <Text size="xs" c={over ? 'red.7' : 'dimmed'} style={{ whiteSpace: 'nowrap' }} data-testid="mailing-text-count">
          {t('contents.count', { count: value.length, max: MAILING_TEXT_MAX })}
        </Text>
      </Group>
      {needsParentLink(value, loyaltyActionId) && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="mailing-parent-link-warning"
        >
          {t('contents.parentLink', { key: `{${PARTNER_LINK_VARIABLE}}` })}
        </Alert>
      )}
    </Stack>
  );
}
