import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INTEGRATOR_NAME_MAX, INTEGRATOR_SERVICE_MAX, INTEGRATOR_SYSTEM_MAX } from '@salon/contract/support';
import { failureCodes } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { useSendIntegratorRequest } from '../api/send-integrator-request';
import {
  EMPTY_INTEGRATOR_FORM,
  integratorFieldOf,
  integratorProblems,
  toIntegratorBody,
  type IntegratorField,
  type IntegratorFormValues,
  type IntegratorProblem,
} from '../integrator-rules';

interface IntegratorFormProps {
  accId: number;
  branchId: number;
  onSent?: () => void;
}

// The integrators request (SPEC 2 "Integrators request drawer and form"): the same form in the
// header's drawer and on /integrators. The answer is "sent" whatever the webhook did; only the
// salon's own input is refused, next to its field.
export function IntegratorForm({ accId, branchId, onSent }: IntegratorFormProps) {
  const { t } = useTranslation(['support', 'errors']);
  const [values, setValues] = useState<IntegratorFormValues>(EMPTY_INTEGRATOR_FORM);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Partial<Record<IntegratorField, IntegratorProblem>>>({});
  const send = useSendIntegratorRequest(accId);
  const problems = integratorProblems(values);
  const shown = submitted ? { ...problems, ...server } : server;

  const edit = (patch: Partial<IntegratorFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // A field the user edits drops the server's complaint about it.
    setServer((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };
  const errorOf = (field: IntegratorField) => {
    const code = shown[field];
    return code ? t(`support:integrators.errors.${code}` as 'support:integrators.errors.name_required') : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || send.isPending) return;
    send.mutate(toIntegratorBody(values, branchId), {
      onSuccess: () => {
        showToast('success', t('support:integrators.sent'));
        setValues(EMPTY_INTEGRATOR_FORM);
        setSubmitted(false);
        onSent?.();
      },
      onError: (error) => {
        const fields: Partial<Record<IntegratorField, IntegratorProblem>> = {};
        for (const { code } of failureCodes(error)) {
          const field = integratorFieldOf(code);
          if (field) fields[field] = code as IntegratorProblem;
        }
        if (Object.keys(fields).length > 0) setServer(fields);
        else showToast('error', t(`errors:${statusMessageKey(error)}`));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="integrators-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('support:integrators.intro')}
        </Text>
        <TextInput
          label={t('support:integrators.name')}
          value={values.name}
          onChange={(event) => edit({ name: event.currentTarget.value })}
          maxLength={INTEGRATOR_NAME_MAX}
          error={errorOf('name')}
          required
          data-testid="integrators-name"
        />
        <PhoneInput
          label={t('support:integrators.phone')}
          value={values.phone}
          onChange={(phone) => edit({ phone })}
          error={errorOf('phone')}
          required
          data-testid="integrators-phone"
        />
        <TextInput
          label={t('support:integrators.system')}
          placeholder={t('support:integrators.systemPlaceholder')}
          value={values.system}
          onChange={(event) => edit({ system: event.currentTarget.value })}
          maxLength={INTEGRATOR_SYSTEM_MAX}
          error={errorOf('system')}
          required
          data-testid="integrators-system"
        />
        <Textarea
          label={t('support:integrators.service')}
          value={values.service}
          onChange={(event) => edit({ service: event.currentTarget.value })}
          maxLength={INTEGRATOR_SERVICE_MAX}
          autosize
          minRows={2}
          maxRows={6}
          error={errorOf('service')}
          required
          data-testid="integrators-service"
        />
        <PhoneInput
          label={t('support:integrators.whatsapp')}
          value={values.whatsapp}
          onChange={(whatsapp) => edit({ whatsapp })}
          error={errorOf('whatsapp')}
          required
          data-testid="integrators-whatsapp"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} data-testid="integrators-submit">
            {t('support:integrators.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
