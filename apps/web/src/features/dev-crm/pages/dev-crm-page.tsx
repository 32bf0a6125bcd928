import { useState } from 'react';
import { Alert, Button, Card, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarOff, IconDeviceMobile, IconPlus, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { formatMoney } from '../../../shared/i18n/format-money';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useLocalCrmCatalog } from '../api/get-local-crm-catalog';
import { useLocalCrmDay } from '../api/get-local-crm-records';
import { CancelRecordModal } from '../components/cancel-record-modal';
import { CreateRecordModal } from '../components/create-record-modal';
import { DayNav } from '../components/day-nav';
import { MoveRecordModal } from '../components/move-record-modal';
import { RecordCard } from '../components/record-card';
import { dayTitle, dayTotal, defaultStart, isNotLocal, zonedParts } from '../dev-crm-rules';
import { useRecordActions } from '../hooks/use-record-actions';

const SANDBOX_PATH = '/dev/sandbox';

// /dev/crm: the branch's built-in CRM as a salon admin uses it, a day at a time. Every change is a
// CRM event for the templates, so each template kind can be watched firing on the sandbox phone.
export function DevCrmPage() {
  const { t, i18n } = useTranslation(['dev-crm', 'pages']);
  const locale = localeOf(i18n.language);
  const catalog = useLocalCrmCatalog();
  const timeZone = catalog.data?.time_zone ?? null;
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const today = timeZone ? zonedParts(new Date(), timeZone).date : null;
  const day = chosenDay ?? today ?? '';
  const records = useLocalCrmDay(day, day !== '');
  const actions = useRecordActions((localStart) => setChosenDay(localStart.slice(0, 10)));
  const [creating, setCreating] = useState(false);

  const title = <PageTitle>{t('pages:titles.devCrm')}</PageTitle>;
  if (catalog.isError) {
    return (
      <Stack gap="md">
        {title}
        {isNotLocal(catalog.error) ? (
          <Alert
            color="gray"
            variant="light"
            icon={<IconPlugConnectedX aria-hidden />}
            title={t('dev-crm:notLocal.title')}
            data-testid="crm-not-local"
          >
            {t('dev-crm:notLocal.description')}
          </Alert>
        ) : (
          <QueryErrorView error={catalog.error} onRetry={() => void catalog.refetch()} />
        )}
      </Stack>
    );
  }

  const list = records.data?.records ?? [];
  let body;
  if (catalog.isPending || records.isPending) {
    body = (
      <Stack gap="sm" data-testid="crm-loading">
        <Skeleton height={140} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    );
  } else if (records.isError) {
    body = <QueryErrorView error={records.error} onRetry={() => void records.refetch()} />;
  } else if (list.length === 0) {
    body = (
      <EmptyState
        data-testid="crm-day-empty"
        py="xl"
        variant="light"
        icon={<IconCalendarOff aria-hidden />}
        title={t('dev-crm:day.empty.title')}
        description={t('dev-crm:day.empty.description')}
      />
    );
  } else {
    body = (
      <Stack gap="sm" data-testid="crm-records">
        {list.map((record) => (
          <RecordCard
            key={record.id}
            record={record}
            timeZone={timeZone!}
            labels={catalog.data.labels}
            pending={actions.pendingOf(record.id)}
            onAction={(action) => actions.start(record, action)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle
        aside={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            disabled={!catalog.data}
            data-testid="crm-create"
          >
            {t('dev-crm:action.create')}
          </Button>
        }
      >
        {t('pages:titles.devCrm')}
      </PageTitle>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('dev-crm:intro')}
      </Text>
      <Button
        component="a"
        href={SANDBOX_PATH}
        target="_blank"
        rel="noreferrer"
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconDeviceMobile size={14} aria-hidden />}
        data-testid="crm-sandbox-link"
      >
        {t('dev-crm:sandboxLink')}
      </Button>
      <Card withBorder radius="md" padding="md">
        <Stack gap={6}>
          {today && <DayNav day={day} today={today} onDay={setChosenDay} />}
          {day && (
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} data-testid="crm-day-title">
                {dayTitle(day, locale)}
              </Text>
              {records.data && (
                <Text size="sm" c="dimmed" data-testid="crm-day-summary">
                  {t('dev-crm:day.summary', {
                    count: list.filter((r) => !r.deleted).length,
                    total: formatMoney(dayTotal(list), 'RUB'),
                  })}
                </Text>
              )}
            </Group>
          )}
          {timeZone && (
            <Text size="xs" c="dimmed">
              {t('dev-crm:day.timeZone', { zone: timeZone })}
            </Text>
          )}
        </Stack>
      </Card>
      {body}
      {catalog.data && timeZone && (
        <>
          <CreateRecordModal
            opened={creating}
            catalog={catalog.data}
            start={defaultStart(day, new Date(), timeZone)}
            onClose={() => setCreating(false)}
            onCreated={(localStart) => {
              setCreating(false);
              setChosenDay(localStart.slice(0, 10));
            }}
          />
          <MoveRecordModal
            record={actions.moving}
            staff={catalog.data.staff}
            busy={actions.busy}
            onMove={actions.move}
            onClose={actions.closeMove}
          />
          <CancelRecordModal
            record={actions.cancelling}
            timeZone={timeZone}
            busy={actions.busy}
            onConfirm={actions.cancel}
            onClose={actions.closeCancel}
          />
        </>
      )}
    </Stack>
  );
}
