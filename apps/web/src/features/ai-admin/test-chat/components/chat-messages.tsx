import { useEffect, useRef, type ReactNode } from 'react';
import { Divider, ScrollArea, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '@salon/contract/ai-chat';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { groupByDay, type Perspective } from '../chat-message-rules';
import { ChatBubble } from './chat-bubble';

interface ChatMessagesProps {
  messages: readonly ChatMessage[];
  perspective: Perspective;
  empty: ReactNode;
  // Drawn under the last message (the waiting suggestion).
  footer?: ReactNode;
  height: string | number;
}

// The messages under their day separators, newest at the bottom and kept in view.
export function ChatMessages({ messages, perspective, empty, footer, height }: ChatMessagesProps) {
  const format = useDateFormat();
  const viewport = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const hasFooter = footer !== undefined && footer !== null && footer !== false;

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastId, hasFooter]);

  return (
    <ScrollArea
      h={height}
      type="auto"
      scrollbars="y"
      offsetScrollbars="y"
      viewportRef={viewport}
      data-testid="ai-chat-messages"
    >
      <Stack gap="xs" p={4}>
        {messages.length === 0 && !hasFooter && empty}
        {groupByDay(messages, format.timeZone).map((group) => (
          <Stack key={group.day} gap="xs">
            <Divider
              label={
                <Text size="xs" c="dimmed">
                  {format.day(group.day)}
                </Text>
              }
              labelPosition="center"
            />
            {group.messages.map((message) => (
              <ChatBubble key={message.id} message={message} perspective={perspective} />
            ))}
          </Stack>
        ))}
        {footer}
      </Stack>
    </ScrollArea>
  );
}
