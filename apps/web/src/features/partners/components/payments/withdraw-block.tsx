import { useState } from 'react';
import { Button, Card, Checkbox, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Bonuses } from '@salon/contract/partners';
import { PARTNER_RULES } from '@salon/contract/partners-rules';
import { statusMessageKey } from '../../../../shared/api/error-message';
import { formatMoney } from '../../../../shared/i18n/format-money';
import { showToast } from '../../../../shared/toast/show-toast';
import { PageEmptyState } from '../../../../shared/ui/page-empty-state';
import { QueryErrorView } from '../../../../shared/ui/query-error-view';
import { useBonuses } from '../../api/get-bonuses';
import { useOrderPayment } from '../../api/order-payment';
import {
  canWithdraw,
  checkedDays,
  checkedSum,
  monthTitle,
  stillPayable,
  toggleAllMonths,
  toggleMonth,
  withdrawErrorKey,
} from '../../withdraw-rules';
import { WithdrawSuccessModal, type WithdrawOutcome } from './withdraw-success-modal';

type Month = Bonuses['monthly_earnings'][number];

// A salon partner's month in days: the server's count, else its sum at the day price.
function daysOf(month: Month, dayPrice: number | null): number | null {
  if (month.days !== null) return month.days;
  return dayPrice ? Math.floor(month.amount / dayPrice) : null;
}

// SPEC 4 Bonuses: check months, then withdraw; the paid months leave the list and a modal confirms.
export function WithdrawBlock({ code, salon }: { code: string | null; salon: boolean }) {
  const { t, i18n } = useTranslation(['partners', 'errors']);
  const bonuses = useBonuses(code);
  const order = useOrderPayment(code);
  const [picked, setPicked] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<WithdrawOutcome | null>(null);

  let body;
  if (bonuses.isPending) body = <Skeleton height={120} radius="md" data-testid="withdraw-skeleton" />;
  else if (bonuses.isError) body = <QueryErrorView error={bonuses.error} onRetry={() => void bonuses.refetch()} />;
  else if (bonuses.data.monthly_earnings.length === 0)
    body = (
      <PageEmptyState
        testId="withdraw-empty"
        icon={<IconCoin aria-hidden />}
        title={t('partners:payments.withdraw.emptyTitle')}
        description={t('partners:payments.withdraw.emptyDescription')}
      />
    );
  else {
    const data = bonuses.data;
    const monthly = data.monthly_earnings;
    const checked = stillPayable(picked, monthly);
    const sum = checkedSum(monthly, checked);
    const days = salon ? checkedDays(monthly, checked) : null;
    const money = (amount: number) => formatMoney(amount, data.currency);
    const tooLong = message.length > PARTNER_RULES.withdrawMessageMax;
    const submit = () =>
      order.mutate(
        { months: checked, message },
        {
          onSuccess: (result) => {
            setPicked([]);
            setMessage('');
            setOutcome({ sum: money(result.amount), days: salon ? (result.days ?? days ?? 0) : null });
          },
          onError: (error) => {
            const key = withdrawErrorKey(error);
            showToast('error', key ? t(`partners:payments.errors.${key}`) : t(`errors:${statusMessageKey(error)}`));
            // The list moved on the server (paid or refunded meanwhile): show what is payable now.
            if (key) void bonuses.refetch();
          },
        },
      );

    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {salon ? t('partners:payments.withdraw.salonHint') : t('partners:payments.withdraw.hint')}
        </Text>
        <Text size="sm" data-testid="withdraw-available">
          {t('partners:payments.withdraw.available', { sum: money(data.total_earnings) })}
        </Text>
        <Checkbox
          label={t('partners:payments.withdraw.all')}
          checked={checked.length === monthly.length}
          indeterminate={checked.length > 0 && checked.length < monthly.length}
          onChange={() => setPicked(toggleAllMonths(checked, monthly))}
          data-testid="withdraw-all"
        />
        <Stack gap={6} pl="md" data-testid="withdraw-months">
          {monthly.map((month) => {
            const monthDays = salon ? daysOf(month, data.day_price) : null;
            return (
              <Checkbox
                key={month.period}
                checked={checked.includes(month.period)}
                onChange={() => setPicked(toggleMonth(checked, month.period))}
                label={
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm">{monthTitle(month.period, i18n.language)}</Text>
                    <Text size="sm" fw={600}>
                      {money(month.amount)}
                    </Text>
                    {monthDays !== null && (
                      <Text size="sm" c="dimmed">
                        {t('partners:payments.withdraw.days', { count: monthDays })}
                      </Text>
                    )}
                  </Group>
                }
                data-testid="withdraw-month"
                data-period={month.period}
              />
            );
          })}
        </Stack>
        <Text fw={600} data-testid="withdraw-sum">
          {t('partners:payments.withdraw.checked', { sum: money(sum) })}
          {days !== null && ` · ${t('partners:payments.withdraw.days', { count: days })}`}
        </Text>
        <Textarea
          label={t('partners:payments.withdraw.message')}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          error={
            tooLong
              ? t('partners:payments.withdraw.messageTooLong', { max: PARTNER_RULES.withdrawMessageMax })
              : undefined
          }
          data-testid="withdraw-message"
        />
        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={order.isPending}
            disabled={!canWithdraw(checked, message, sum)}
            fullWidth={false}
            data-testid="withdraw-submit"
          >
            {t('partners:payments.withdraw.submit')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="withdraw-block">
      <Title order={2} size="h4" mb="sm">
        {t('partners:payments.withdraw.title')}
      </Title>
      {body}
      <WithdrawSuccessModal outcome={outcome} onClose={() => setOutcome(null)} />
    </Card>
  );
}
