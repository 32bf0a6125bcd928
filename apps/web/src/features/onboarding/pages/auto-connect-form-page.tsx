import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, Select, Stack, Text, TextInput } from '@mantine/core';
import { AUTO_CONNECT_CRMS, AUTO_CONNECT_STATUS } from '@salon/contract/auto-connect';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { PageTitle } from '../../../shared/ui/page-title';
import { useRequestAutoConnect } from '../api/auto-connect';
import { isUnknownPromoCode, usePromoCodeData } from '../api/get-promo-code-data';
import { requestBody, requestDefaults, stepErrorText, wizardPath } from '../auto-connect-rules';
import { PromoBanner } from '../components/promo-banner';
import { promoCodeOf } from '../send-out-form-rules';

type RequestField = 'crm' | 'companyId';

const FIELD_OF_STATUS: Record<string, RequestField> = {
  [AUTO_CONNECT_STATUS.crmUnknown]: 'crm',
  [AUTO_CONNECT_STATUS.companyInvalid]: 'companyId',
  [AUTO_CONNECT_STATUS.companyUnknown]: 'companyId',
};

// /auto_connect_form (SPEC 2, a page without menu): the salon names its booking system and its
// company there; the server opens a wizard and the page goes to it. The YCLIENTS marketplace
// brings ?salon_id=, a partner's link ?promo_code=.
export function AutoConnectFormPage() {
  const { t, i18n } = useTranslation(['onboarding', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const defaults = requestDefaults(params);
  const promoCode = promoCodeOf(params.get('promo_code'));
  const promo = usePromoCodeData(promoCode);
  const sentCode = isUnknownPromoCode(promo.error) ? null : promoCode;
  const [crmName, setCrmName] = useState(defaults.crmName);
  const [companyId, setCompanyId] = useState(defaults.companyId);
  const [error, setError] = useState<{ field: RequestField | null; status: string; text: string } | null>(null);
  const request = useRequestAutoConnect();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (companyId.trim() === '') {
      setError({
        field: 'companyId',
        status: AUTO_CONNECT_STATUS.companyInvalid,
        text: t(`onboarding:autoConnect.errors.${AUTO_CONNECT_STATUS.companyInvalid}`),
      });
      return;
    }
    request.mutate(requestBody(crmName, companyId, sentCode), {
      onSuccess: (answer) => void navigate(wizardPath(answer.url)),
      onError: (failure) => {
        const status = isApiError(failure) ? failure.status : '';
        const text = isApiError(failure)
          ? stepErrorText(
              status,
              failure.detail,
              (k) => i18n.exists(`onboarding:${k}`),
              (k) => t(`onboarding:${k}` as 'onboarding:autoConnect.title'),
            )
          : t(`errors:${statusMessageKey(failure)}`);
        setError({ field: FIELD_OF_STATUS[status] ?? null, status, text });
        if (!FIELD_OF_STATUS[status] && status !== AUTO_CONNECT_STATUS.alreadyConnected) {
          showToast('error', t('onboarding:autoConnect.request.failed', { reason: text }));
        }
      },
    });
  };
  const fieldError = (field: RequestField) => (error?.field === field ? error.text : undefined);

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%" data-testid="auto-connect-request-page">
      <div>
        <PageTitle>{t('onboarding:autoConnect.request.title')}</PageTitle>
        <Text size="sm" c="dimmed" mt={-8}>
          {t('onboarding:autoConnect.request.intro')}
        </Text>
      </div>
      {promoCode && <PromoBanner code={promoCode} />}
      {error?.status === AUTO_CONNECT_STATUS.alreadyConnected && (
        <Alert color="blue" variant="light" data-testid="auto-connect-already-connected">
          <Stack gap={4}>
            <Text size="sm">{error.text}</Text>
            <Anchor href="/" size="sm">
              {t('onboarding:autoConnect.request.login')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={onSubmit} noValidate data-testid="auto-connect-request">
          <Stack gap="md">
            <Select
              data-testid="auto-connect-request-crm"
              label={t('onboarding:autoConnect.request.crm')}
              data={AUTO_CONNECT_CRMS.map((crm) => ({ value: crm, label: t(`onboarding:autoConnect.crms.${crm}`) }))}
              value={crmName}
              onChange={(value) => {
                if (value) setCrmName(value);
                setError(null);
              }}
              error={fieldError('crm')}
              allowDeselect={false}
              required
            />
            <TextInput
              data-testid="auto-connect-request-company"
              label={t('onboarding:autoConnect.request.companyId')}
              description={t('onboarding:autoConnect.request.companyIdHint')}
              value={companyId}
              onChange={(event) => {
                setCompanyId(event.currentTarget.value.replace(/\D+/g, '').slice(0, 10));
                setError(null);
              }}
              error={fieldError('companyId')}
              errorProps={{ 'data-testid': 'auto-connect-request-error-company', role: 'alert' }}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              inputMode="numeric"
              autoComplete="off"
              required
            />
            <Button type="submit" loading={request.isPending} data-testid="auto-connect-request-submit" fullWidth>
              {t('onboarding:autoConnect.request.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
