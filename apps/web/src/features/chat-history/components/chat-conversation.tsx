import { Fragment } from 'react';
import { Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatRowWire } from '@salon/contract/chat-history';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { dayKey, sortByDate } from '../chat-search';
import { ChatMessageRow } from './chat-message-row';

function dayLabel(date: string, language: string): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(d);
}

// The messages of one client, oldest first, with a separator per day.
export function ChatConversation({ rows }: { rows: readonly ChatRowWire[] }) {
  const { i18n } = useTranslation();
  const sorted = sortByDate(rows);
  return (
    <Stack gap="xs" data-testid="chat-conversation">
      {sorted.map((row, i) => {
        const previous = sorted[i - 1];
        const newDay = previous === undefined || dayKey(previous.date) !== dayKey(row.date);
        return (
          <Fragment key={`${row.date}-${i}`}>
            {newDay && <Divider label={dayLabel(row.date, i18n.language)} labelPosition="center" my={4} />}
            <ChatMessageRow row={row} />
          </Fragment>
        );
      })}
    </Stack>
  );
}
