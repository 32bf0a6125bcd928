import type { ReactNode } from 'react';
import { Card, EmptyState, Grid, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessageCircleOff, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useConversationList } from '../conversations/api/get-conversations';
import { ConversationDetail } from '../conversations/components/conversation-detail';
import { ConversationList } from '../conversations/components/conversation-list';
import { sortConversations } from '../conversations/conversation-rules';
import { FeedbackButton } from '../feedback/components/feedback-button';

const PHONE_PARAM = 'phone';
const WAITING_PARAM = 'waiting';

// /ai_admin: the conversations the AI administrator holds with clients — who answers each, which
// suggested answers wait for an admin — refreshed every few seconds. The open conversation and the
// filter are in the address, so a reload or a link from an alert opens the same view.
export function AiConversationsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['ai-chat', 'pages']);
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const waiting = params.get(WAITING_PARAM) === '1';
  const phoneParam = params.get(PHONE_PARAM);
  const open = phoneParam && /^\d{10,15}$/.test(phoneParam) ? phoneParam : null;
  const list = useConversationList(waiting);

  const setParam = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });

  let listBody: ReactNode;
  if (list.isPending) {
    listBody = (
      <Stack gap="xs" aria-busy="true" data-testid="ai-conversations-loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    listBody = <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.data.length === 0) {
    listBody = (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconMessageCircleOff aria-hidden />}
        title={t(waiting ? 'conversations.emptyWaiting.title' : 'conversations.empty.title')}
        description={t(waiting ? 'conversations.emptyWaiting.description' : 'conversations.empty.description')}
        data-testid="ai-conversations-empty"
      />
    );
  } else {
    listBody = (
      <ConversationList
        conversations={sortConversations(list.data.data)}
        activePhone={open}
        onOpen={(phone) => setParam(PHONE_PARAM, phone)}
      />
    );
  }

  const filter = (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <SegmentedControl
        size="xs"
        value={waiting ? 'waiting' : 'all'}
        onChange={(value) => setParam(WAITING_PARAM, value === 'waiting' ? '1' : null)}
        data={[
          { value: 'all', label: t('conversations.filter.all') },
          { value: 'waiting', label: t('conversations.filter.waiting') },
        ]}
        data-testid="ai-conversations-filter"
      />
      {list.data && (
        <Text size="xs" c="dimmed" data-testid="ai-conversations-count">
          {t('conversations.count', { count: list.data.total })}
        </Text>
      )}
    </Group>
  );

  const detail =
    open !== null ? (
      <ConversationDetail key={open} phone={open} onBack={mobile ? () => setParam(PHONE_PARAM, null) : undefined} />
    ) : (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconMessages aria-hidden />}
        title={t('conversations.pick.title')}
        description={t('conversations.pick.description')}
        data-testid="ai-conversations-pick"
      />
    );

  // With nothing to open, the explanation takes the whole card.
  const nothing = list.isSuccess && list.data.data.length === 0 && open === null;
  let body: ReactNode;
  if (mobile || nothing) {
    body =
      open !== null ? (
        detail
      ) : (
        <Stack gap="sm">
          {filter}
          {listBody}
        </Stack>
      );
  } else {
    body = (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            {filter}
            {listBody}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>{detail}</Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap={0}>
      <PageTitle aside={<FeedbackButton />}>{t('pages:titles.aiAdmin')}</PageTitle>
      {tabs}
      <Card withBorder radius="md" padding={mobile ? 'sm' : 'lg'} data-testid="ai-conversations">
        {body}
      </Card>
    </Stack>
  );
}
