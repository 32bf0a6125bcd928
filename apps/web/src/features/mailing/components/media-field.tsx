import { useRef } from 'react';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_MAILING_MEDIA_BYTES } from '@salon/contract/mailing-sendouts';
import { showToast } from '../../../shared/toast/show-toast';
import { MAILING_MEDIA_ACCEPT, mediaProblem } from '../message-rules';
import type { MediaDraft } from '../new-mailing-state';

const MAX_MB = Math.round(MAX_MAILING_MEDIA_BYTES / 1_048_576);

interface MediaFieldProps {
  media: MediaDraft | null;
  onChange: (media: MediaDraft | null) => void;
}

// An optional file sent with the message (SPEC 5: image, video, audio, pdf/doc/docx/txt, 20 MB;
// too-big and unsupported files get their toasts and are not kept).
export function MediaField({ media, onChange }: MediaFieldProps) {
  const { t } = useTranslation('mailing');
  const input = useRef<HTMLInputElement>(null);

  const choose = (file: File) => {
    const problem = mediaProblem(file.name, file.size);
    if (problem) {
      showToast('error', t(`contents.media.${problem}`, { max: MAX_MB }));
      return;
    }
    onChange({ file, name: file.name, size: file.size });
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('contents.media.label')}
      </Text>
      <input
        ref={input}
        type="file"
        accept={MAILING_MEDIA_ACCEPT}
        hidden
        data-testid="mailing-media-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) choose(file);
        }}
      />
      {media ? (
        <Group gap="xs" wrap="nowrap" data-testid="mailing-media">
          <IconPaperclip size={16} aria-hidden />
          <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
            {media.name}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onChange(null)}
            aria-label={t('contents.media.remove', { name: media.name })}
            data-testid="mailing-media-remove"
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ) : (
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPaperclip size={14} aria-hidden />}
            onClick={() => input.current?.click()}
            data-testid="mailing-media-pick"
          >
            {t('contents.media.pick')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('contents.media.hint', { max: MAX_MB })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
