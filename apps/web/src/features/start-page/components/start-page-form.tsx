import { useRef } from 'react';
import { Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { START_PAGE_NAME_MAX, type CommunicationMethod } from '@salon/contract/start-page';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { fieldErrors, firstErrorField, type StartPageFieldErrors, type StartPageFormState } from '../start-page-rules';

interface StartPageFormProps {
  state: StartPageFormState;
  errors: StartPageFieldErrors;
  pending: boolean;
  set: <K extends keyof StartPageFormState>(key: K, value: StartPageFormState[K]) => void;
  submit: () => void;
}

// Name, phone and the channel (SPEC 4: WhatsApp or a call, one of the two; WhatsApp by default).
export function StartPageForm({ state, errors, pending, set, submit }: StartPageFormProps) {
  const { t } = useTranslation('start-page');
  const nameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const errorText = (field: 'name' | 'phone') => {
    const status = errors[field];
    return status ? t(`errors.${status}`) : undefined;
  };

  return (
    <form
      noValidate
      data-testid="start-page-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
        // The first wrong field takes the focus (the rules' order: name, then phone).
        const first = firstErrorField(fieldErrors(state));
        if (first === 'name') nameRef.current?.focus();
        else if (first === 'phone') phoneRef.current?.focus();
      }}
    >
      <Stack gap="md">
        <TextInput
          ref={nameRef}
          label={t('fields.name')}
          placeholder={t('fields.namePlaceholder')}
          autoComplete="given-name"
          maxLength={START_PAGE_NAME_MAX}
          value={state.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errorText('name')}
          withAsterisk
          data-testid="start-page-name"
        />
        <PhoneInput
          ref={phoneRef}
          label={t('fields.phone')}
          placeholder={t('fields.phonePlaceholder')}
          autoComplete="tel"
          value={state.phone}
          onChange={(digits) => set('phone', digits)}
          error={errorText('phone')}
          withAsterisk
          data-testid="start-page-phone"
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="start-page-method-label">
            {t('fields.method')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="start-page-method-label"
            value={state.method}
            onChange={(value) => set('method', value as CommunicationMethod)}
            data-testid="start-page-method"
            data={[
              {
                value: 'whatsapp',
                label: (
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    <IconBrandWhatsapp size={16} aria-hidden />
                    {t('methods.whatsapp')}
                  </span>
                ),
              },
              {
                value: 'phone',
                label: (
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    <IconPhone size={16} aria-hidden />
                    {t('methods.phone')}
                  </span>
                ),
              },
            ]}
          />
          <Text size="xs" c="dimmed" data-testid="start-page-method-hint">
            {t(`methodHint.${state.method}`)}
          </Text>
        </Stack>
        <Button type="submit" size="md" loading={pending} fullWidth data-testid="start-page-submit">
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
