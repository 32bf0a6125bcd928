import type { FormEvent } from 'react';
import { Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { AUTO_CONNECT_PROMO_STEP, AUTO_CONNECT_STEPS, type AutoConnectForm } from '@salon/contract/auto-connect';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useAutoConnectWizard } from '../hooks/use-auto-connect-wizard';
import { AutoConnectStepFields } from './auto-connect-step-fields';

type FormKey = { acc_id: string; form_hash: string; crm_name: string };

// SPEC 2 /auto_connect: the steps of the auto-connection form, one at a time, with back and next.
// At 1280 a stepper shows them all; on a phone "step N of 8" and the current one.
export function AutoConnectWizard({ formKey, form }: { formKey: FormKey; form: AutoConnectForm }) {
  const { t } = useTranslation('onboarding');
  const mobile = useIsMobile();
  const wizard = useAutoConnectWizard(formKey, form);
  const { step } = wizard;
  const total = AUTO_CONNECT_STEPS.length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    wizard.next();
  };

  return (
    <Stack gap="lg" data-testid="auto-connect-wizard" data-step={step}>
      {mobile ? (
        <Text size="sm" c="dimmed" data-testid="auto-connect-step-of">
          {t('autoConnect.stepOf', { step, total })}
        </Text>
      ) : (
        <Stepper
          active={step - 1}
          onStepClick={(index) => wizard.goTo(index + 1)}
          size="xs"
          iconSize={28}
          data-testid="auto-connect-stepper"
        >
          {AUTO_CONNECT_STEPS.map((s) => (
            <Stepper.Step
              key={s}
              label={t(`autoConnect.steps.${s}.title`)}
              allowStepSelect={s <= form.stepId && !(s === AUTO_CONNECT_PROMO_STEP && wizard.hasPromo)}
            />
          ))}
        </Stepper>
      )}
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={onSubmit} noValidate data-testid={`auto-connect-form-step-${step}`}>
          <Stack gap="md">
            <div>
              <Title order={2} size="h4" data-testid="auto-connect-step-title">
                {t(`autoConnect.steps.${step}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`autoConnect.steps.${step}.description`)}
              </Text>
            </div>
            <AutoConnectStepFields
              step={step}
              form={form}
              state={wizard.state}
              set={wizard.set}
              errors={wizard.errors}
            />
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Button
                variant="default"
                onClick={wizard.back}
                disabled={wizard.isFirst || wizard.pending}
                data-testid="auto-connect-back"
              >
                {t('autoConnect.back')}
              </Button>
              <Button type="submit" loading={wizard.pending} data-testid="auto-connect-next">
                {wizard.isLast ? t('autoConnect.finish') : t('autoConnect.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
