import { ActionIcon, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../../shared/lib/use-now';
import { showToast } from '../../../../shared/toast/show-toast';
import { QueryErrorView } from '../../../../shared/ui/query-error-view';
import { chatErrorKey } from '../../test-chat/chat-errors';
import { visibleMessages } from '../../test-chat/chat-message-rules';
import { ChatMessages } from '../../test-chat/components/chat-messages';
import { SuggestionCard } from '../../test-chat/components/suggestion-card';
import { useMayAnswer } from '../../test-chat/use-may-answer';
import { useConversation } from '../api/get-conversations';
import { useRecommendationAction } from '../api/conversation-mutations';
import { TakeoverBadge } from './takeover-badge';
import { TakeoverControls } from './takeover-controls';

// One live conversation: its messages as the salon sees them, the waiting suggestion, and who answers.
export function ConversationDetail({ phone, onBack }: { phone: string; onBack?: () => void }) {
  const { t } = useTranslation(['ai-chat', 'errors']);
  const detail = useConversation(phone);
  const act = useRecommendationAction();
  const now = useNow(30_000);
  const mayWrite = useMayAnswer();
  const conversation = detail.data?.conversation;
  const recommended = conversation?.recommended_answer ?? null;
  const failed = (error: unknown) => {
    showToast('error', t(chatErrorKey(error)));
    void detail.refetch();
  };

  return (
    <Stack gap="sm" data-testid="ai-conversation" data-phone={phone}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {onBack && (
          <ActionIcon
            variant="subtle"
            onClick={onBack}
            aria-label={t('conversations.back')}
            data-testid="ai-conversation-back"
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate>
            {conversation?.client_name.trim() || phone}
          </Text>
          {conversation?.client_name.trim() && (
            <Text size="xs" c="dimmed">
              {phone}
            </Text>
          )}
        </Stack>
        {conversation && <TakeoverBadge conversation={conversation} />}
      </Group>
      {conversation && mayWrite && <TakeoverControls conversation={conversation} now={now} />}
      {!mayWrite && (
        <Text size="xs" c="dimmed" data-testid="ai-conversation-read-only">
          {t('conversations.readOnly')}
        </Text>
      )}
      {detail.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[60, 40, 70].map((width, i) => (
            <Skeleton key={i} height={40} width={`${width}%`} radius="lg" ml={i % 2 ? 'auto' : 0} />
          ))}
        </Stack>
      ) : detail.isError ? (
        <QueryErrorView error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <ChatMessages
          messages={visibleMessages(detail.data.messages, recommended)}
          perspective="salon"
          height="min(60vh, 560px)"
          empty={
            <Text size="sm" c="dimmed" ta="center" py="xl">
              {t('conversations.noMessages')}
            </Text>
          }
          footer={
            recommended ? (
              <SuggestionCard
                key={recommended.id}
                message={recommended}
                pending={act.isPending}
                readOnly={!mayWrite}
                onSend={(text) =>
                  act.mutate(
                    { phone, messageId: recommended.id, action: 'send', ...(text !== undefined ? { text } : {}) },
                    { onSuccess: () => showToast('success', t('suggestion.sent')), onError: failed },
                  )
                }
                onDelete={() =>
                  act.mutate(
                    { phone, messageId: recommended.id, action: 'delete' },
                    { onSuccess: () => showToast('success', t('suggestion.deleted')), onError: failed },
                  )
                }
              />
            ) : null
          }
        />
      )}
    </Stack>
  );
}
