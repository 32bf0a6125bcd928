import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useAutoConnectForm } from '../api/auto-connect';
import { wizardQueryOf } from '../auto-connect-rules';
import { AutoConnectDone } from '../components/auto-connect-done';
import { AutoConnectWizard } from '../components/auto-connect-wizard';
import { PromoBanner } from '../components/promo-banner';

type FormKey = { acc_id: string; form_hash: string; crm_name: string };

// A link that names no form: ask to check it (never a crash).
function CheckTheLink() {
  const { t } = useTranslation('onboarding');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLinkOff aria-hidden />}
      title={t('autoConnect.notFound.title')}
      data-testid="auto-connect-not-found"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('autoConnect.notFound.text')}</Text>
        <Button component={Link} to="/auto_connect_form" variant="light" size="xs">
          {t('autoConnect.notFound.request')}
        </Button>
      </Stack>
    </Alert>
  );
}

function Wizard({ formKey }: { formKey: FormKey }) {
  const form = useAutoConnectForm(formKey);
  if (form.isPending) return <Skeleton height={320} radius="md" data-testid="auto-connect-loading" />;
  if (form.isError) {
    const status = isApiError(form.error) ? form.error.httpStatus : 0;
    if (status === 404 || status === 400) return <CheckTheLink />;
    return <QueryErrorView error={form.error} onRetry={() => void form.refetch()} />;
  }
  return (
    <Stack gap="lg">
      {form.data.promoCode && <PromoBanner code={form.data.promoCode} />}
      {form.data.completed ? (
        <AutoConnectDone form={form.data} />
      ) : (
        <AutoConnectWizard key={formKey.form_hash} formKey={formKey} form={form.data} />
      )}
    </Stack>
  );
}

// /auto_connect?acc_id&form_hash&crm_name (SPEC 2, a page without menu): the auto-connection wizard.
export function AutoConnectPage() {
  const { t } = useTranslation('onboarding');
  const [params] = useSearchParams();
  const formKey = wizardQueryOf(params);
  return (
    <Stack gap="lg" maw={1040} mx="auto" w="100%" data-testid="auto-connect-page">
      <div>
        <PageTitle>{t('autoConnect.title')}</PageTitle>
        <Text size="sm" c="dimmed" mt={-8}>
          {t('autoConnect.intro')}
        </Text>
      </div>
      {formKey ? <Wizard formKey={formKey} /> : <CheckTheLink />}
    </Stack>
  );
}
