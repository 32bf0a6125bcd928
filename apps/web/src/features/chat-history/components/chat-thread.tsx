import { useEffect, useRef } from 'react';
import { ActionIcon, Alert, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useChatThread } from '../api/get-chat-history';
import { useMarkRead } from '../api/mark-read';
import { splitByConversation } from '../inbox-rules';
import { ChatConversation } from './chat-conversation';
import { ReplyBox } from './reply-box';

// One conversation: who it is with, the messages, and the reply box for those who may write
// (owner/support or "Manage Correspondence Broadcasting", SPEC 6). Opening it reads it.
export function ChatThread({ conversationId, onBack }: { conversationId: number; onBack?: () => void }) {
  const { t } = useTranslation('chat-history');
  const branch = useCurrentBranch();
  const thread = useChatThread(conversationId);
  const markRead = useMarkRead();
  const mayWrite = branch !== null && allows(branch.rights, 'settings');
  const rows = thread.data?.messages ?? [];
  const lastIncoming = rows.filter((r) => r.author === 'client').at(-1)?.date ?? null;
  const { mutate } = markRead;
  const viewport = useRef<HTMLDivElement>(null);

  // The newest message is at the bottom: keep it in view as messages arrive.
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [rows.length, conversationId]);

  useEffect(() => {
    if (thread.isSuccess) mutate(conversationId);
  }, [conversationId, lastIncoming, thread.isSuccess, mutate]);

  const group = splitByConversation(rows)[0];
  return (
    <Stack gap="sm" data-testid="chat-thread" data-conversation={conversationId}>
      <Group gap="sm" wrap="nowrap">
        {onBack && (
          <ActionIcon variant="subtle" onClick={onBack} aria-label={t('inbox.back')} data-testid="chat-thread-back">
            <IconArrowLeft size={18} />
          </ActionIcon>
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate data-testid="chat-thread-name">
            {group?.name ?? group?.phoneNumber ?? ' '}
          </Text>
          {group?.name && (
            <Text size="xs" c="dimmed">
              {group.phoneNumber}
            </Text>
          )}
        </Stack>
      </Group>
      {thread.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[60, 40, 70].map((width, i) => (
            <Skeleton key={i} height={44} width={`${width}%`} radius="lg" ml={i % 2 ? 'auto' : 0} />
          ))}
        </Stack>
      ) : thread.isError ? (
        <QueryErrorView error={thread.error} onRetry={() => void thread.refetch()} />
      ) : (
        <ScrollArea.Autosize mah="60vh" type="auto" scrollbars="y" offsetScrollbars="y" viewportRef={viewport}>
          <ChatConversation rows={rows} />
        </ScrollArea.Autosize>
      )}
      {mayWrite ? (
        <ReplyBox conversationId={conversationId} />
      ) : (
        <Alert variant="light" color="gray" icon={<IconLock size={16} />} data-testid="chat-reply-locked">
          {t('reply.noRight')}
        </Alert>
      )}
    </Stack>
  );
}
