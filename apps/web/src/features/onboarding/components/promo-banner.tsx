import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isUnknownPromoCode, usePromoCodeData } from '../api/get-promo-code-data';

// The partner's code of the link: "N days free with code X" (SPEC 3 promoCodeData).
export function PromoBanner({ code }: { code: string }) {
  const { t } = useTranslation('onboarding');
  const data = usePromoCodeData(code);
  if (data.isPending) return <Skeleton height={72} radius="md" />;
  if (data.isError) {
    if (!isUnknownPromoCode(data.error)) return null;
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        data-testid="send-out-promo-unknown"
      >
        {t('promo.unknown', { code })}
      </Alert>
    );
  }
  const { bonus_days: days, discount, partner_name: partner } = data.data;
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconGift aria-hidden />}
      title={t('promo.title', { code })}
      data-testid="send-out-promo"
      data-bonus-days={days}
    >
      <Stack gap={2}>
        {days > 0 && <Text size="sm">{t('promo.bonus', { count: days, code })}</Text>}
        {discount > 0 && <Text size="sm">{t('promo.discount', { percent: Math.round(discount * 100) })}</Text>}
        {partner && (
          <Text size="sm" c="dimmed">
            {t('promo.partner', { name: partner })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
