import { Fragment } from 'react';
import { Divider, Stack } from '@mantine/core';
import type { ChatRowWire } from '@salon/contract/chat-history';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { zonedDayKey } from '../../../shared/lib/datetime';
import { sortByDate } from '../chat-search';
import { ChatMessageRow } from './chat-message-row';

// The messages of one client, oldest first, with a separator per day on the branch's calendar.
export function ChatConversation({ rows }: { rows: readonly ChatRowWire[] }) {
  const format = useDateFormat();
  const sorted = sortByDate(rows);
  const dayOf = (row: ChatRowWire) => zonedDayKey(row.date, format.timeZone) ?? row.date;
  return (
    <Stack gap="xs" data-testid="chat-conversation">
      {sorted.map((row, i) => {
        const previous = sorted[i - 1];
        const newDay = previous === undefined || dayOf(previous) !== dayOf(row);
        return (
          <Fragment key={`${row.date}-${i}`}>
            {newDay && <Divider label={format.date(row.date)} labelPosition="center" my={4} />}
            <ChatMessageRow row={row} />
          </Fragment>
        );
      })}
    </Stack>
  );
}
