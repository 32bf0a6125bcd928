import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMessageChatbot, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AgentSettings } from '@salon/contract/ai-agents';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { showToast } from '../../../shared/toast/show-toast';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { ConfirmModal } from '../components/confirm-modal';
import { useTestChat } from './api/get-test-chat';
import { useClearTestChat, usePatchTestMessage, usePostTestMessage, usePostTestState } from './api/test-chat-mutations';
import { visibleMessages } from './chat-message-rules';
import { INITIAL_CHAT_STATUS } from './chat-status-rules';
import { chatErrorKey } from './chat-errors';
import { pretendInstant, pretendPhone } from './composer-rules';
import { ChatComposer } from './components/chat-composer';
import { ChatMessages } from './components/chat-messages';
import { ChatStatusLine } from './components/chat-status-line';
import { NO_PRETEND, PretendOptions, type PretendConditions } from './components/pretend-options';
import { SuggestionCard } from './components/suggestion-card';
import { useMayAnswer } from './use-may-answer';

interface TestChatPanelProps {
  className?: string;
  // Settings not saved yet, to try them before saving.
  settings?: Partial<AgentSettings>;
}

// SPEC 4 test chat: the admin writes as a client (or as the salon) and sees what the assistant
// would answer, with the chat's state, the suggestion of manual mode and a clean slate on demand.
export function TestChatPanel({ className, settings }: TestChatPanelProps) {
  const { t } = useTranslation(['ai-chat', 'errors']);
  const { timeZone } = useDateFormat();
  const [asSalon, setAsSalon] = useState(false);
  const [pretend, setPretend] = useState<PretendConditions>(NO_PRETEND);
  const [confirmClear, setConfirmClear] = useState(false);
  const chat = useTestChat();
  const post = usePostTestMessage();
  const act = usePatchTestMessage();
  const clear = useClearTestChat();
  const unlock = usePostTestState();
  const mayWrite = useMayAnswer();

  const status = chat.data?.status ?? INITIAL_CHAT_STATUS;
  const recommended = chat.data?.recommended_answer ?? null;
  const messages = visibleMessages(chat.data?.messages ?? [], recommended);

  const failed = (error: unknown) => {
    showToast('error', t(chatErrorKey(error)));
    // The chat moved on without us (another tab answered, the message is gone): show what it is now.
    void chat.refetch();
  };

  const send = async (text: string): Promise<boolean> => {
    const phone = pretendPhone(pretend.phone);
    if (!phone.ok) {
      showToast('error', t('pretend.phoneInvalid'));
      return false;
    }
    const businessTime = pretendInstant(pretend.time, timeZone);
    try {
      await post.mutateAsync({
        direction: asSalon ? 'outgoing' : 'incoming',
        body: text,
        ...(phone.phone ? { phone: phone.phone } : {}),
        ...(businessTime ? { business_time: businessTime } : {}),
        ...(settings ? { settings } : {}),
      });
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };

  const suggestion = recommended ? (
    <SuggestionCard
      key={recommended.id}
      message={recommended}
      pending={act.isPending}
      readOnly={!mayWrite}
      onSend={(text) =>
        act.mutate(
          { messageId: recommended.id, action: 'send', ...(text !== undefined ? { text } : {}) },
          { onError: failed },
        )
      }
      onDelete={() => act.mutate({ messageId: recommended.id, action: 'delete' }, { onError: failed })}
    />
  ) : null;

  return (
    <Card withBorder radius="md" padding="md" className={className} data-testid="ai-test-chat">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconMessageChatbot size={20} aria-hidden />
            <Title order={2} size="h4">
              {t('title')}
            </Title>
          </Group>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={!mayWrite || !chat.data || chat.data.messages.length === 0}
            loading={clear.isPending}
            onClick={() => setConfirmClear(true)}
            data-testid="ai-chat-clear"
          >
            {t('clear.button')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('subtitle')}
        </Text>
        <ChatStatusLine
          status={status}
          onUnlock={mayWrite ? () => unlock.mutate('active', { onError: failed }) : undefined}
          unlocking={unlock.isPending}
        />
        {chat.isPending ? (
          <Stack gap="xs" aria-busy="true" data-testid="ai-chat-loading">
            {[60, 40, 70].map((width, i) => (
              <Skeleton key={i} height={40} width={`${width}%`} radius="lg" ml={i % 2 ? 0 : 'auto'} />
            ))}
          </Stack>
        ) : chat.isError ? (
          <QueryErrorView error={chat.error} onRetry={() => void chat.refetch()} />
        ) : (
          <ChatMessages
            messages={messages}
            perspective="client"
            height="min(50vh, 420px)"
            empty={
              <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="ai-chat-empty">
                {t('empty')}
              </Text>
            }
            footer={suggestion}
          />
        )}
        {mayWrite ? (
          <>
            <ChatComposer
              pending={post.isPending}
              disabled={!chat.isSuccess}
              asSalon={asSalon}
              onAsSalonChange={setAsSalon}
              onSend={send}
            />
            <PretendOptions value={pretend} onChange={setPretend} />
          </>
        ) : (
          <Alert color="gray" variant="light" icon={<IconLock size={16} aria-hidden />} data-testid="ai-chat-read-only">
            {t('readOnly')}
          </Alert>
        )}
      </Stack>
      <ConfirmModal
        opened={confirmClear}
        title={t('clear.title')}
        text={t('clear.text')}
        confirm={t('clear.confirm')}
        onClose={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          clear.mutate(undefined, { onSuccess: () => showToast('success', t('clear.done')), onError: failed });
        }}
        testId="ai-chat-clear-confirm"
      />
    </Card>
  );
}
