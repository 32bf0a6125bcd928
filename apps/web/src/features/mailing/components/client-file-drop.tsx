import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLIENT_LIST_EXTENSIONS, MAX_CLIENT_LIST_BYTES } from '@salon/contract/mailing-clients';
import type { ClientListUpload } from '../hooks/use-client-list-upload';

const ACCEPT = CLIENT_LIST_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const MAX_MB = Math.round(MAX_CLIENT_LIST_BYTES / 1_048_576);

interface ClientFileDropProps {
  upload: ClientListUpload;
  fileName: string | null;
  disabled?: boolean;
}

// The client list: dropped on the zone or picked (Enter or Space on the zone opens the picker),
// with the upload's progress (SPEC 4 XLSX source, SPEC 5 xlsx/xls).
export function ClientFileDrop({ upload, fileName, disabled }: ClientFileDropProps) {
  const { t } = useTranslation('mailing');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const blocked = disabled || upload.busy;

  const pick = () => {
    if (!blocked) input.current?.click();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !blocked) upload.upload(file);
  };

  const percent = upload.progress === null ? 0 : Math.round(upload.progress * 100);
  const reading = upload.progress !== null && upload.progress >= 1;

  return (
    <Stack gap="xs">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="mailing-file-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file may be picked again after a fix.
          event.currentTarget.value = '';
          if (file) upload.upload(file);
        }}
      />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        role="button"
        tabIndex={blocked ? -1 : 0}
        aria-disabled={blocked}
        aria-label={t('upload.zoneLabel')}
        onClick={pick}
        onKeyDown={onKey}
        onDragOver={(event) => {
          event.preventDefault();
          if (!blocked) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="mailing-file-drop"
        style={{
          borderStyle: 'dashed',
          cursor: blocked ? 'default' : 'pointer',
          background: over ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        <Stack align="center" gap={6}>
          {fileName ? <IconFileSpreadsheet size={32} aria-hidden /> : <IconUpload size={32} aria-hidden />}
          <Text fw={500} ta="center">
            {fileName ?? t('upload.drop')}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('upload.hint', { max: MAX_MB })}
          </Text>
          {!upload.busy && (
            <Button variant="light" size="xs" tabIndex={-1} leftSection={<IconUpload size={14} aria-hidden />}>
              {fileName ? t('upload.another') : t('upload.pick')}
            </Button>
          )}
        </Stack>
      </Paper>
      {upload.busy && (
        <Stack gap={4} data-testid="mailing-upload-progress" aria-live="polite">
          <Progress
            value={reading ? 100 : percent}
            striped={reading}
            animated={reading}
            aria-label={t('upload.progressLabel')}
          />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {reading ? t('upload.reading') : t('upload.sending', { percent })}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              onClick={upload.cancel}
              data-testid="mailing-upload-cancel"
            >
              {t('upload.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
