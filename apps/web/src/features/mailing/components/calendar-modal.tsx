import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CalendarQuery } from '@salon/contract/mailing-plan';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { useSession } from '../../../shared/session/use-session';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { showToast } from '../../../shared/toast/show-toast';
import { useCalendar } from '../api/get-calendar';
import { calendarDetailQuery, useCalendarDetail } from '../api/get-calendar-detail';
import { busyDays, dayBlock, monthBounds, monthGrid, monthOf, newSendoutDays, shiftMonth } from '../calendar-rules';
import { formatDay, formatZonedTime, pickerBounds, type WallTime } from '../mailing-time-rules';
import { excerpt } from '../started-rules';
import { TimeField } from './time-field';

interface CalendarModalProps {
  opened: boolean;
  start: WallTime;
  parsed: ParsedClientFile;
  count: number;
  betweenTime: number;
  timeZone: string;
  now: number;
  startError: string | undefined;
  onPick: (day: string) => void;
  onTime: (time: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

// 2024-01-01 was a Monday: the week's day names in the user's language, Monday first.
function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

// The start on a month of the branch's days (SPEC 4 Calendar, SPEC 7 /calendar, /calendar_detail):
// days a new send-out may not start on are disabled, days other send-outs send on carry their
// message counts, a click shows that day's send-outs. Confirm keeps the pick; cancel restores.
export function CalendarModal(props: CalendarModalProps) {
  const { t } = useTranslation('mailing');
  const mobile = useIsMobile();
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={t('calendar.title')} size="lg" fullScreen={mobile}>
      {props.opened && <CalendarBody {...props} />}
    </Modal>
  );
}

function CalendarBody({
  start,
  parsed,
  count,
  betweenTime,
  timeZone,
  now,
  startError,
  onPick,
  onTime,
  onConfirm,
  onCancel,
}: CalendarModalProps) {
  const { t, i18n } = useTranslation('mailing');
  const locale = localeOf(i18n.language);
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const bounds = pickerBounds(now, timeZone);
  const months = monthBounds({ today: bounds.min, lastDay: bounds.max });
  const [month, setMonth] = useState(() => {
    const wanted = monthOf(start.date);
    return wanted < months.first || wanted > months.last ? months.first : wanted;
  });
  const [detailDay, setDetailDay] = useState<string | null>(null);

  const query: CalendarQuery = {
    // SPEC 9: the daily limit is the parsed batch length, passed as the quota.
    quote_for_day: parsed.quote_for_day,
    between_time: betweenTime,
    batch_len: parsed.sendout_batch_len,
    count: Math.max(1, count),
  };
  const calendar = useCalendar(query);
  const detailQuery = detailDay ? { date: detailDay, between_time: betweenTime } : null;
  const detail = useCalendarDetail(detailQuery);

  const notAllowed = new Set(calendar.data?.not_allowed ?? []);
  const busy = busyDays(calendar.data?.sendout_list ?? [], timeZone);
  const mine = newSendoutDays(start.date, parsed.send_days);
  const ctx = { today: bounds.min, lastDay: bounds.max, notAllowed };

  // A day a send-out may not start on can still be looked at: its rows show, the start stays.
  const pick = (day: string, startable: boolean) => {
    if (startable) onPick(day);
    setDetailDay(day);
    // SPEC 8: a failed day check gets a toast (the rows show below when they come).
    queryClient
      .fetchQuery(calendarDetailQuery(accId, { date: day, between_time: betweenTime }))
      .catch(() => showToast('error', t('calendar.detailError')));
  };

  return (
    <Stack gap="md" data-testid="mailing-calendar">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          onClick={() => setMonth(shiftMonth(month, -1))}
          disabled={month <= months.first}
          aria-label={t('calendar.previous')}
          data-testid="mailing-calendar-prev"
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Text fw={600} data-testid="mailing-calendar-month" aria-live="polite">
          {formatDay(`${month}-01`, locale, 'month')}
        </Text>
        <ActionIcon
          variant="subtle"
          onClick={() => setMonth(shiftMonth(month, 1))}
          disabled={month >= months.last}
          aria-label={t('calendar.next')}
          data-testid="mailing-calendar-next"
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>

      {calendar.isError && !calendar.data ? (
        <Alert color="red" variant="light" data-testid="mailing-calendar-error">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('calendar.loadError')}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void calendar.refetch()}>
              {t('calendar.retry')}
            </Button>
          </Group>
        </Alert>
      ) : calendar.isPending ? (
        <Skeleton height={260} radius="md" />
      ) : (
        <div>
          <SimpleGrid cols={7} spacing={4} verticalSpacing={4} aria-hidden>
            {weekdayNames(locale).map((name) => (
              <Text key={name} size="xs" c="dimmed" ta="center">
                {name}
              </Text>
            ))}
          </SimpleGrid>
          {monthGrid(month).map((week, index) => (
            <SimpleGrid key={index} cols={7} spacing={4} verticalSpacing={4} mt={4}>
              {week.map((day, cell) => {
                if (day === null) return <div key={cell} />;
                const block = dayBlock(day, ctx);
                const taken = busy.get(day);
                const selected = day === start.date;
                const isMine = mine.has(day);
                const label = [
                  formatDay(day, locale),
                  taken ? t('calendar.busyLabel', { count: taken.count, sendouts: taken.sendouts }) : null,
                  block ? t(`calendar.block.${block}`) : null,
                ]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <UnstyledButton
                    key={day}
                    disabled={block !== null && block !== 'notAllowed'}
                    onClick={() => pick(day, block === null)}
                    aria-label={label}
                    aria-pressed={selected}
                    data-testid={`calendar-day-${day}`}
                    data-blocked={block ?? undefined}
                    data-busy={taken ? taken.count : undefined}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      padding: '6px 2px',
                      minHeight: 48,
                      textAlign: 'center',
                      opacity: block === null ? 1 : block === 'notAllowed' ? 0.6 : 0.4,
                      cursor: block === null ? 'pointer' : block === 'notAllowed' ? 'help' : 'not-allowed',
                      border: selected
                        ? '2px solid var(--mantine-color-blue-6)'
                        : '1px solid var(--mantine-color-default-border)',
                      background: isMine ? 'var(--mantine-color-blue-light)' : undefined,
                      textDecoration: block === 'notAllowed' ? 'line-through' : undefined,
                    }}
                  >
                    <Text size="sm" fw={selected ? 700 : 400}>
                      {Number(day.slice(8))}
                    </Text>
                    {taken && (
                      <Text size="10px" c="orange.8" lh={1.2}>
                        {taken.count.toLocaleString(locale)}
                      </Text>
                    )}
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          ))}
          <Group gap="md" mt="xs">
            <Text size="xs" c="dimmed">
              {t('calendar.legendBusy')}
            </Text>
            <Text size="xs" c="dimmed" td="line-through">
              {t('calendar.legendBlocked')}
            </Text>
            <Text size="xs" c="blue.7">
              {t('calendar.legendNew')}
            </Text>
          </Group>
        </div>
      )}

      {detailDay && (
        <Stack gap={4} data-testid="mailing-calendar-detail">
          <Text size="sm" fw={500}>
            {t('calendar.detailTitle', { day: formatDay(detailDay, locale) })}
          </Text>
          {dayBlock(detailDay, ctx) === 'notAllowed' && (
            <Text size="sm" c="orange.8" data-testid="mailing-calendar-day-blocked">
              {t('calendar.dayBlocked')}
            </Text>
          )}
          {detail.isPending ? (
            <Skeleton height={32} />
          ) : detail.isError ? (
            <Text size="sm" c="red.7">
              {t('calendar.detailError')}
            </Text>
          ) : detail.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('calendar.detailEmpty')}
            </Text>
          ) : (
            detail.data.map((row) => (
              <Group key={row.sendout_id} gap="sm" wrap="nowrap" data-testid={`calendar-detail-${row.sendout_id}`}>
                <Text size="sm" fw={500} w={56}>
                  {formatZonedTime(row.time_start, timeZone, locale)}
                </Text>
                <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
                  {excerpt(row.msg, 60)}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('calendar.detailCount', { count: row.batch_len })}
                </Text>
              </Group>
            ))
          )}
        </Stack>
      )}

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TimeField
          label={t('launch.time')}
          value={start.time}
          onCommit={onTime}
          error={startError}
          testId="mailing-calendar-time"
        />
        <Text size="sm" c="dimmed" pb={8}>
          {formatDay(start.date, locale)}
        </Text>
      </Group>

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid="mailing-calendar-cancel">
          {t('calendar.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={startError !== undefined} data-testid="mailing-calendar-confirm">
          {t('calendar.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
