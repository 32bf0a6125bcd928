import { type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PhoneInput, isValidPhone } from '../../../shared/ui/phone-input';
import { useSandboxRun } from './use-sandbox-run';

export interface ReplyDraft {
  phone: string;
  name: string;
  text: string;
}

interface SandboxReplyFormProps {
  draft: ReplyDraft;
  onDraft: (draft: ReplyDraft) => void;
}

// A client answers the salon from their phone.
export function SandboxReplyForm({ draft, onDraft }: SandboxReplyFormProps) {
  const { t } = useTranslation('dev-sandbox');
  const sandbox = useSandboxRun();
  const ready = isValidPhone(draft.phone) && draft.text.trim().length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const name = draft.name.trim();
    sandbox.run({ type: 'reply', phone: draft.phone, text: draft.text.trim(), ...(name ? { name } : {}) }, () =>
      onDraft({ ...draft, text: '' }),
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <PhoneInput
            label={t('reply.phone')}
            placeholder="79991234567"
            value={draft.phone}
            onChange={(phone) => onDraft({ ...draft, phone })}
            data-testid="sandbox-reply-phone"
          />
          <TextInput
            label={t('reply.name')}
            value={draft.name}
            maxLength={100}
            onChange={(event) => onDraft({ ...draft, name: event.currentTarget.value })}
            data-testid="sandbox-reply-name"
          />
        </SimpleGrid>
        <Textarea
          label={t('reply.text')}
          value={draft.text}
          autosize
          minRows={2}
          maxRows={6}
          onChange={(event) => onDraft({ ...draft, text: event.currentTarget.value.slice(0, 4096) })}
          data-testid="sandbox-reply-text"
        />
        <Group>
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={!ready}
            loading={sandbox.pending}
            data-testid="sandbox-reply-send"
          >
            {t('reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
