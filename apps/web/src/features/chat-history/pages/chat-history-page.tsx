import { useState } from 'react';
import { Card, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageCircleSearch, IconMessageOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useChatHistory } from '../api/get-chat-history';
import { isChatSearchReady, isEmptyResult } from '../chat-search';
import { ChatConversation } from '../components/chat-conversation';
import { ChatSearchBox } from '../components/chat-search-box';

const SEARCH_DEBOUNCE_MS = 400;

function ConversationSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true" data-testid="chat-loading">
      {[60, 40, 70, 50].map((width, i) => (
        <Skeleton key={i} height={44} width={`${width}%`} radius="lg" ml={i % 2 ? 'auto' : 0} />
      ))}
    </Stack>
  );
}

// /chat_history: a client's conversation with the branch, found by phone (SPEC 2, 3, 5).
export function ChatHistoryPage() {
  const { t } = useTranslation(['chat-history', 'pages']);
  const [input, setInput] = useState('');
  const [debounced] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  // Enter searches at once; typing searches after a short pause.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const phone = submitted === input ? input : debounced;
  const history = useChatHistory(phone);
  const ready = isChatSearchReady(phone);

  let body;
  if (!ready) {
    body = (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconMessageCircleSearch aria-hidden />}
        title={t('chat-history:start.title')}
        description={t('chat-history:start.description')}
        data-testid="chat-start"
      />
    );
  } else if (history.isPending) {
    body = <ConversationSkeleton />;
  } else if (history.isError) {
    body = <QueryErrorView error={history.error} onRetry={() => void history.refetch()} />;
  } else if (isEmptyResult(history.data)) {
    body = (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconMessageOff aria-hidden />}
        title={t('chat-history:empty.title')}
        description={t('chat-history:empty.description')}
        data-testid="chat-empty"
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="chat-count">
          {t('chat-history:count', { count: history.data.messages.length })}
        </Text>
        <ChatConversation rows={history.data.messages} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>{t('pages:titles.chatHistory')}</PageTitle>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="lg">
          <ChatSearchBox value={input} onChange={setInput} onSubmit={() => setSubmitted(input)} />
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
