import { useRef, useState } from 'react';
import { ActionIcon, Button, CloseButton, FileButton, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkAttachment } from '@salon/contract/attachments';
import { CHAT_REPLY_MAX_TEXT, CHAT_REPLY_STATUS } from '@salon/contract/chat-history';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { showToast } from '../../../shared/toast/show-toast';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useSendReply } from '../api/send-reply';
import { formatFileSize } from '../../../shared/i18n/format-file-size';
import { canSendReply, newRequestId } from '../inbox-rules';
import { ReplySuggestions } from './reply-suggestions';

const REFUSALS: Record<string, 'reply.errors.empty' | 'reply.errors.tooBig' | 'reply.errors.unsupported'> = {
  [CHAT_REPLY_STATUS.empty]: 'reply.errors.empty',
  [CHAT_REPLY_STATUS.fileTooBig]: 'reply.errors.tooBig',
  [CHAT_REPLY_STATUS.unsupportedFile]: 'reply.errors.unsupported',
};

// The salon's answer to the open conversation: text and an optional file, sent on the client's
// channel. Enter sends, Shift+Enter starts a new line. A retry after a failure keeps the same
// request id, so the client never gets the message twice.
export function ReplyBox({ conversationId }: { conversationId: number }) {
  const { t, i18n } = useTranslation(['chat-history', 'errors']);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const requestId = useRef(newRequestId());
  const reply = useSendReply();
  const mobile = useIsMobile();
  const canSend = canSendReply(text, file, reply.isPending);

  const pick = (picked: File | null) => {
    if (!picked) return;
    const check = checkAttachment(picked.name, picked.size);
    if (!check.ok) {
      showToast('error', t(check.error === 'too_big' ? 'reply.errors.tooBig' : 'reply.errors.unsupported'));
      return;
    }
    setFile(picked);
  };

  const send = () => {
    if (!canSend) return;
    reply.mutate(
      { conversationId, text, file, requestId: requestId.current },
      {
        onSuccess: () => {
          setText('');
          setFile(null);
          requestId.current = newRequestId();
        },
        onError: (error) => {
          const refusal = isApiError(error) ? REFUSALS[error.status] : undefined;
          showToast('error', refusal ? t(refusal) : t(`errors:${statusMessageKey(error)}`));
        },
      },
    );
  };

  return (
    <Stack gap={6} data-testid="chat-reply">
      <ReplySuggestions conversationId={conversationId} onPick={setText} />
      {file && (
        <Group gap={6} wrap="nowrap" data-testid="chat-reply-file">
          <IconPaperclip size={14} aria-hidden />
          <Text size="xs" truncate>
            {file.name} · {formatFileSize(file.size, localeOf(i18n.language))}
          </Text>
          <CloseButton size="sm" aria-label={t('reply.removeFile')} onClick={() => setFile(null)} />
        </Group>
      )}
      <Group gap={6} wrap="nowrap" align="flex-end">
        <FileButton onChange={pick} inputProps={{ 'data-testid': 'chat-reply-file-input' } as Record<string, string>}>
          {(props) => (
            <Tooltip label={t('reply.attach')}>
              <ActionIcon
                {...props}
                variant="subtle"
                size="lg"
                aria-label={t('reply.attach')}
                data-testid="chat-reply-attach"
              >
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_REPLY_MAX_TEXT}
          placeholder={t('reply.placeholder')}
          aria-label={t('reply.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
          data-testid="chat-reply-text"
        />
        {mobile ? (
          <ActionIcon
            size="lg"
            onClick={send}
            disabled={!canSend}
            loading={reply.isPending}
            aria-label={t('reply.send')}
            data-testid="chat-reply-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        ) : (
          <Button
            onClick={send}
            disabled={!canSend}
            loading={reply.isPending}
            leftSection={<IconSend size={16} aria-hidden />}
            data-testid="chat-reply-send"
          >
            {t('reply.send')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
