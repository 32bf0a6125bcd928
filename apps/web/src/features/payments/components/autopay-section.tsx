import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { daysBetween, type PayData } from '@salon/contract/payments';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { zonedDayKey } from '../../../shared/lib/datetime';
import { useNow } from '../../../shared/lib/use-now';
import { showToast } from '../../../shared/toast/show-toast';
import { SectionCard } from '../../../shared/ui/section-card';
import type { CardLinkKind } from '../api/get-autopay-link';
import { useTurnAutopayOff } from '../api/turn-autopay-off';
import { autopayMonths, autopayView, type AutopaySchedule } from '../autopay-rules';
import { useCardLink } from '../hooks/use-card-link';
import { usePayErrorText } from '../hooks/use-pay-error-text';
import { AutopayOffModal } from './autopay-off-modal';
import { CardLinkModal } from './card-link-modal';

const SCHEDULE_COLORS: Record<AutopaySchedule['kind'], string | undefined> = {
  waitsForPayment: 'dimmed',
  scheduled: undefined,
  retrying: 'orange',
  failed: 'red',
  lapsed: 'red',
};

// Like the pay link, the card's checkout is the provider's page: the whole tab goes there.
const goTo = (url: string) => window.location.assign(url);

// SPEC 4 Pay, autopay: the card, the next charge and why it waits; connect or change the card through
// the provider's checkout, turn it off after a confirmation.
export function AutopaySection({ data }: { data: PayData }) {
  const { t } = useTranslation('payments');
  const dates = useDateFormat();
  const today = zonedDayKey(useNow(60_000), dates.timeZone) ?? new Date().toISOString().slice(0, 10);
  const view = autopayView(data, today);
  const [linkKind, setLinkKind] = useState<CardLinkKind | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const link = useCardLink(goTo);
  const off = useTurnAutopayOff();
  const errorText = usePayErrorText();

  const turnOff = () =>
    off.mutate(undefined, {
      onSuccess: () => {
        setConfirmOff(false);
        showToast('success', t('autopay.offDone'));
      },
      onError: (error) => showToast('error', errorText(error)),
    });

  let statusLine: string;
  if (view.kind === 'off') statusLine = t('status.autopayOff');
  else statusLine = view.last4 ? t('status.autopayOn', { last4: view.last4 }) : t('status.autopayOnNoCard');

  return (
    <SectionCard title={t('autopay.title')} description={t('autopay.description')} testId="pay-autopay-section">
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap" data-testid="pay-autopay" data-autopay={view.kind === 'on'}>
          <IconCreditCard size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600}>
            {statusLine}
          </Text>
        </Group>
        {view.kind === 'on' && (
          <Text
            size="sm"
            c={SCHEDULE_COLORS[view.schedule.kind]}
            data-testid="pay-autopay-schedule"
            data-kind={view.schedule.kind}
            role={view.schedule.kind === 'failed' || view.schedule.kind === 'lapsed' ? 'alert' : undefined}
          >
            {scheduleText(view.schedule, autopayMonths(data.last_pay_length, data.currency), t, dates.day)}
          </Text>
        )}
      </Stack>
      <Group gap="sm" wrap="wrap">
        {view.kind === 'off' ? (
          <Button onClick={() => setLinkKind('connect')} w={{ base: '100%', xs: 'auto' }} data-testid="autopay-connect">
            {t('autopay.connect')}
          </Button>
        ) : (
          <>
            <Button
              variant="light"
              onClick={() => setLinkKind('changeCard')}
              w={{ base: '100%', xs: 'auto' }}
              data-testid="autopay-change-card"
            >
              {t('autopay.changeCard')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => setConfirmOff(true)}
              w={{ base: '100%', xs: 'auto' }}
              data-testid="autopay-off"
            >
              {t('autopay.turnOff')}
            </Button>
          </>
        )}
      </Group>
      <CardLinkModal
        kind={linkKind}
        currency={data.currency}
        waiting={link.isPending}
        onContinue={(kind) => link.mutate(kind)}
        onClose={() => setLinkKind(null)}
      />
      <AutopayOffModal
        opened={confirmOff}
        waiting={off.isPending}
        onConfirm={turnOff}
        onClose={() => setConfirmOff(false)}
      />
    </SectionCard>
  );
}

type T = TFunction<'payments'>;

function scheduleText(schedule: AutopaySchedule, months: number, t: T, day: (d: string) => string): string {
  switch (schedule.kind) {
    case 'waitsForPayment':
      return t('autopay.schedule.waitsForPayment');
    case 'scheduled':
      return t('autopay.schedule.scheduled', {
        date: day(schedule.day),
        till: day(schedule.till),
        period: t('periods.months', { count: months }),
        before: t('autopay.daysBefore', { count: daysBetween(schedule.day, schedule.till) }),
      });
    case 'retrying':
      return t('autopay.schedule.retrying', { date: day(schedule.day), till: day(schedule.till) });
    case 'failed':
      return t('autopay.schedule.failed', { date: day(schedule.graceEnd) });
    case 'lapsed':
      return t('autopay.schedule.lapsed');
  }
}
