import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import { useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_GROUPS } from '@salon/contract/attachments';
import { formatFileSize } from '../../../shared/i18n/format-file-size';
import { localeOf } from '../../../shared/i18n/format-date-time';

const ACCEPT = Object.values(ATTACHMENT_GROUPS)
  .flat()
  .map((extension) => `.${extension}`)
  .join(',');

interface ReplyFileFieldProps {
  // A file picked now, and the file the phrase already has.
  file: File | null;
  media: { name: string; size: number } | null;
  onPick: (file: File) => void;
  onUnpick: () => void;
  error?: string | undefined;
  readOnly: boolean;
  testId: string;
}

// The file of a file reply: its name and size, a picker (checked by the card before anything is
// uploaded) and, for a file picked but not saved, a way back to the stored one.
export function ReplyFileField({ file, media, onPick, onUnpick, error, readOnly, testId }: ReplyFileFieldProps) {
  const { t, i18n } = useTranslation('auto-responses');
  const locale = localeOf(i18n.language);
  const shown = file ?? media;
  const errorId = `${testId}-error`;
  // Cleared after each pick, so the same file picked again (after a refusal) is seen again.
  const reset = useRef<() => void>(null);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} component="div">
        {t('file.label')}{' '}
        <Text span c="red" aria-hidden>
          *
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        {t('file.hint')}
      </Text>
      {shown && (
        <Paper withBorder radius="sm" p="xs" data-testid={`${testId}-current`}>
          <Group gap="xs" wrap="nowrap">
            <IconFile size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" truncate="end" title={shown.name} data-testid={`${testId}-name`}>
                {shown.name}
              </Text>
              <Text size="xs" c={file ? 'orange.8' : 'dimmed'}>
                {formatFileSize(shown.size, locale)} · {file ? t('file.picked') : t('file.current')}
              </Text>
            </Stack>
            {file && !readOnly && (
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={onUnpick}
                aria-label={t('file.remove')}
                data-testid={`${testId}-unpick`}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      )}
      {!readOnly && (
        <FileButton
          resetRef={reset}
          onChange={(picked) => {
            if (picked) onPick(picked);
            reset.current?.();
          }}
          accept={ACCEPT}
          inputProps={{ 'data-testid': `${testId}-input` } as ComponentProps<'input'>}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              aria-describedby={error ? errorId : undefined}
              style={{ alignSelf: 'flex-start' }}
              data-testid={testId}
            >
              {shown ? t('file.replace') : t('file.pick')}
            </Button>
          )}
        </FileButton>
      )}
      {error && (
        <Text id={errorId} size="xs" c="red.7" role="alert" data-testid={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
