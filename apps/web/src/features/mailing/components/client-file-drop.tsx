import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_CLIENT_LIST_BYTES } from '@salon/contract/mailing-clients';
import { FileDrop } from '../../../shared/ui/file-drop';
import type { ClientListUpload } from '../hooks/use-client-list-upload';
import { CLIENT_LIST_DROP_ACCEPT } from '../recipients-rules';

const MAX_MB = Math.round(MAX_CLIENT_LIST_BYTES / 1_048_576);

interface ClientFileDropProps {
  upload: ClientListUpload;
  fileName: string | null;
  disabled?: boolean;
}

// The client list: dropped on the zone or picked, with the upload's progress (SPEC 4 XLSX
// source, SPEC 5 xlsx/xls). A refused file goes through the same checks as an accepted one,
// whose toast names the reason; of several dropped files the first is read.
export function ClientFileDrop({ upload, fileName, disabled }: ClientFileDropProps) {
  const { t } = useTranslation('mailing');
  const blocked = disabled || upload.busy;
  const take = (files: File[]) => {
    const file = files[0];
    if (file && !blocked) upload.upload(file);
  };

  const percent = upload.progress === null ? 0 : Math.round(upload.progress * 100);
  const reading = upload.progress !== null && upload.progress >= 1;

  return (
    <Stack gap="xs">
      <FileDrop
        accept={CLIENT_LIST_DROP_ACCEPT}
        maxSize={MAX_CLIENT_LIST_BYTES}
        disabled={blocked}
        onDrop={take}
        onReject={take}
        label={t('upload.zoneLabel')}
        title={fileName ?? t('upload.drop')}
        hint={t('upload.hint', { max: MAX_MB })}
        pickLabel={upload.busy ? undefined : fileName ? t('upload.another') : t('upload.pick')}
        icon={fileName ? <IconFileSpreadsheet size={32} aria-hidden /> : undefined}
        testId="mailing-file-drop"
        inputTestId="mailing-file-input"
      />
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
