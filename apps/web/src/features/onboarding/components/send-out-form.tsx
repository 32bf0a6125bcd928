import { Anchor, Button, Card, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { UTC_OFFSETS, WA_AGES, utcOffsetLabel, type SendOutFormSaved, type WaAge } from '@salon/contract/onboarding';
import { TELEGRAM_ID_MAX_LENGTH, onlyDigits } from '@salon/contract/telegram-id-rules';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../shared/config/public-config-query';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { AgreementChecks } from './agreement-checks';
import { useSendOutForm } from '../hooks/use-send-out-form';

const TIME_ZONES = UTC_OFFSETS.map((offset) => ({ value: String(offset), label: utcOffsetLabel(offset) }));

interface SendOutFormProps {
  promoCode: string | null;
  onSaved: (saved: SendOutFormSaved, telegramId: string) => void;
}

// SPEC 3 Send-out form with the checks of SPEC 5, each message under its field.
export function SendOutForm({ promoCode, onSaved }: SendOutFormProps) {
  const { t } = useTranslation('onboarding');
  const { data: config } = usePublicConfig();
  const { state, set, errors, submit, pending } = useSendOutForm(promoCode, onSaved);
  const error = (field: keyof typeof errors) => {
    const problem = errors[field];
    return problem ? t(`errors.${problem}`) : undefined;
  };
  const errorProps = (field: string) => ({ 'data-testid': `send-out-error-${field}`, role: 'alert' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={onSubmit} noValidate data-testid="send-out-form">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PhoneInput
              data-testid="send-out-owner-phone"
              label={t('fields.ownerPhone')}
              placeholder={t('fields.phonePlaceholder')}
              value={state.ownerPhone}
              onChange={(digits) => set('ownerPhone', digits)}
              error={error('ownerPhone')}
              errorProps={errorProps('ownerPhone')}
              required
            />
            <PhoneInput
              data-testid="send-out-salon-phone"
              label={t('fields.salonPhone')}
              description={t('fields.salonPhoneHint')}
              placeholder={t('fields.phonePlaceholder')}
              value={state.salonPhone}
              onChange={(digits) => set('salonPhone', digits)}
              error={error('salonPhone')}
              errorProps={errorProps('salonPhone')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
            />
            <Select
              data-testid="send-out-wa-age"
              label={t('fields.waAge')}
              placeholder={t('fields.waAgePlaceholder')}
              data={WA_AGES.map((age) => ({ value: age, label: t(`waAges.${age}`) }))}
              value={state.waAge}
              onChange={(value) => set('waAge', (value as WaAge | null) ?? null)}
              error={error('waAge')}
              errorProps={errorProps('waAge')}
              allowDeselect={false}
              required
            />
            <Select
              data-testid="send-out-time-zone"
              label={t('fields.timeZone')}
              data={TIME_ZONES}
              value={state.utcOffset === null ? null : String(state.utcOffset)}
              onChange={(value) => set('utcOffset', value === null ? null : Number(value))}
              error={error('timeZone')}
              errorProps={errorProps('timeZone')}
              allowDeselect={false}
              searchable
              required
            />
          </SimpleGrid>
          <TextInput
            data-testid="send-out-telegram-id"
            label={t('fields.telegramId')}
            description={t('fields.telegramIdHint')}
            placeholder={t('fields.telegramIdPlaceholder')}
            value={state.telegramId}
            onChange={(event) => set('telegramId', onlyDigits(event.currentTarget.value, TELEGRAM_ID_MAX_LENGTH))}
            error={error('telegramId')}
            errorProps={errorProps('telegramId')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            inputMode="numeric"
            autoComplete="off"
            maxLength={TELEGRAM_ID_MAX_LENGTH}
            required
          />
          {config?.bot_url && (
            <Text size="sm">
              <Anchor href={config.bot_url} target="_blank" rel="noreferrer">
                {t('fields.openBot')}
              </Anchor>
            </Text>
          )}
          <AgreementChecks
            mandatory={state.mandatoryAgreement}
            optional={state.optionalAgreement}
            onMandatory={(checked) => set('mandatoryAgreement', checked)}
            onOptional={(checked) => set('optionalAgreement', checked)}
            error={error('agreement')}
            testIdPrefix="send-out"
          />
          <Button type="submit" loading={pending} disabled={pending} data-testid="send-out-submit" fullWidth>
            {t('submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
