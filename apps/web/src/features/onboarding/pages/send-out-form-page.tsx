import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { SendOutFormSaved } from '@salon/contract/onboarding';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isUnknownPromoCode, usePromoCodeData } from '../api/get-promo-code-data';
import { PageTitle } from '../../../shared/ui/page-title';
import { PromoBanner } from '../components/promo-banner';
import { SendOutForm } from '../components/send-out-form';
import { SendOutSuccess } from '../components/send-out-success';
import { promoCodeOf } from '../send-out-form-rules';

// /auto_connect_send_out (SPEC 2, a page without menu): a new salon asks for a send-out account,
// often through a partner's promo link (?promo_code=).
export function SendOutFormPage() {
  const { t } = useTranslation('onboarding');
  const [params] = useSearchParams();
  const promoCode = promoCodeOf(params.get('promo_code'));
  // A code the server does not know is left out of the form (the banner says so).
  const promo = usePromoCodeData(promoCode);
  const sentCode = isUnknownPromoCode(promo.error) ? null : promoCode;
  const [saved, setSaved] = useState<{ saved: SendOutFormSaved; telegramId: string } | null>(null);

  return (
    <Stack gap="lg" maw={720} mx="auto" data-testid="send-out-page">
      <div>
        <PageTitle>{t('title')}</PageTitle>
        <Text size="sm" c="dimmed" mt={-8}>
          {t('intro')}
        </Text>
      </div>
      {promoCode && <PromoBanner code={promoCode} />}
      {saved ? (
        <SendOutSuccess saved={saved.saved} telegramId={saved.telegramId} />
      ) : (
        <SendOutForm promoCode={sentCode} onSaved={(result, telegramId) => setSaved({ saved: result, telegramId })} />
      )}
    </Stack>
  );
}
