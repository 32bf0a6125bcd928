import { useState } from 'react';
import { Button, Card, EmptyState, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageOff, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useChatHistory } from '../api/get-chat-history';
import { isChatSearchReady, isEmptyResult } from '../chat-search';
import { ChatConversation } from '../components/chat-conversation';
import { ChatSearchBox } from '../components/chat-search-box';
import { ChatThread } from '../components/chat-thread';
import { ConversationList } from '../components/conversation-list';
import { splitByConversation } from '../inbox-rules';

const SEARCH_DEBOUNCE_MS = 400;
const CONVERSATION_PARAM = 'conversation';

function SearchSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true" data-testid="chat-loading">
      {[60, 40, 70, 50].map((width, i) => (
        <Skeleton key={i} height={44} width={`${width}%`} radius="lg" ml={i % 2 ? 'auto' : 0} />
      ))}
    </Stack>
  );
}

// A phone search ('*' for any digit): its matches, one block per client number.
function SearchResults({ phone, onOpen }: { phone: string; onOpen: (id: number) => void }) {
  const { t } = useTranslation('chat-history');
  const history = useChatHistory(phone);
  if (history.isPending) return <SearchSkeleton />;
  if (history.isError) return <QueryErrorView error={history.error} onRetry={() => void history.refetch()} />;
  if (isEmptyResult(history.data)) {
    return (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconMessageOff aria-hidden />}
        title={t('empty.title')}
        description={t('empty.description')}
        data-testid="chat-empty"
      />
    );
  }
  const groups = splitByConversation(history.data.messages);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" data-testid="chat-count">
        {t('count', { count: history.data.messages.length })} · {t('search.numbers', { count: groups.length })}
      </Text>
      {groups.map((group) => (
        <Card key={group.conversationId} withBorder radius="md" padding="md" data-testid="chat-search-group">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text fw={600}>{group.name ?? group.phoneNumber}</Text>
                {group.name && (
                  <Text size="xs" c="dimmed">
                    {group.phoneNumber}
                  </Text>
                )}
              </Stack>
              <Button size="xs" variant="light" onClick={() => onOpen(group.conversationId)} data-testid="chat-open">
                {t('search.open')}
              </Button>
            </Group>
            <ChatConversation rows={group.rows} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

// /chat_history: the branch's inbox (SPEC 2, 3, 5) — conversations latest first, a conversation's
// thread with the reply box, and the phone search. The open conversation is in the address, so a
// reload or a shared link opens it again.
export function ChatHistoryPage() {
  const { t } = useTranslation(['chat-history', 'pages']);
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState('');
  const [debounced] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  // Enter searches at once; typing searches after a short pause.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const phone = submitted === input ? input : debounced;
  const searching = isChatSearchReady(phone);
  const raw = Number(params.get(CONVERSATION_PARAM));
  const open = Number.isInteger(raw) && raw > 0 ? raw : null;

  const setOpen = (id: number | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(CONVERSATION_PARAM);
        else next.set(CONVERSATION_PARAM, String(id));
        return next;
      },
      { replace: false },
    );
  };
  const openFromSearch = (id: number) => {
    setInput('');
    setSubmitted(null);
    setOpen(id);
  };

  const thread =
    open !== null ? (
      <ChatThread key={open} conversationId={open} onBack={mobile ? () => setOpen(null) : undefined} />
    ) : (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconMessages aria-hidden />}
        title={t('chat-history:inbox.pick.title')}
        description={t('chat-history:inbox.pick.description')}
        data-testid="chat-start"
      />
    );

  let body;
  if (searching) {
    body = <SearchResults phone={phone} onOpen={openFromSearch} />;
  } else if (mobile) {
    body = open !== null ? thread : <ConversationList activeId={open} onOpen={setOpen} />;
  } else {
    body = (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ConversationList activeId={open} onOpen={setOpen} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>{thread}</Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle video="chatHistory">{t('pages:titles.chatHistory')}</PageTitle>
      <Card withBorder radius="md" padding={mobile ? 'sm' : 'lg'}>
        <Stack gap="lg">
          <ChatSearchBox value={input} onChange={setInput} onSubmit={() => setSubmitted(input)} />
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
