import { useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CONSENT_COMMENT_MAX,
  SETTABLE_CONSENT_STATUSES,
  consentValueOf,
  type SettableConsentStatus,
} from '@salon/contract/consents-rules';
import { showToast } from '../../../shared/toast/show-toast';
import { isValidPhone, PhoneInput } from '../../../shared/ui/phone-input';
import { useAddConsent } from '../api/add-consent';
import { addFailureToast } from '../consent-list-rules';

const isSettable = (value: string | null): value is SettableConsentStatus =>
  (SETTABLE_CONSENT_STATUSES as readonly (string | null)[]).includes(value);

// SPEC 5 Consent: a number is added by a valid phone (digits only); a listed one is refused with
// 'number already added'. Enter in any field adds.
export function ConsentAddBox() {
  const { t } = useTranslation('consents');
  const add = useAddConsent();
  const [phone, setPhone] = useState('');
  const [status, setStatus] = useState<SettableConsentStatus>('neutral');
  const [comment, setComment] = useState('');
  // Enter on an invalid number explains why nothing happened.
  const [tried, setTried] = useState(false);
  const valid = isValidPhone(phone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!valid) {
      setTried(true);
      return;
    }
    const sent = phone;
    add.mutate(
      { phone: sent, comment: comment.trim() || null, client_text: null, consent: consentValueOf(status) },
      {
        onSuccess: () => {
          showToast('success', t('toast.added', { phone: sent }));
          setPhone((current) => (current === sent ? '' : current));
          setComment('');
          setStatus('neutral');
          setTried(false);
        },
        onError: (error) => {
          const toast = addFailureToast(error);
          showToast(toast.kind, t(`toast.${toast.key}`, { phone: sent }));
        },
      },
    );
  };

  return (
    <Stack gap="xs" component="form" onSubmit={submit} data-testid="consent-add">
      <Text fw={600}>{t('add.title')}</Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PhoneInput
          style={{ flex: '2 1 220px' }}
          label={t('add.phone')}
          aria-describedby="consent-add-hint"
          placeholder="79991234567"
          value={phone}
          onChange={(digits) => {
            setPhone(digits);
            setTried(false);
          }}
          error={tried && !valid}
          data-testid="consent-add-phone"
        />
        <Select
          style={{ flex: '1 1 160px' }}
          label={t('add.status')}
          data={SETTABLE_CONSENT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          value={status}
          onChange={(value) => isSettable(value) && setStatus(value)}
          allowDeselect={false}
          data-testid="consent-add-status"
        />
        <TextInput
          style={{ flex: '3 1 240px' }}
          label={t('add.comment')}
          placeholder={t('add.commentPlaceholder')}
          value={comment}
          maxLength={CONSENT_COMMENT_MAX}
          onChange={(event) => setComment(event.currentTarget.value)}
          data-testid="consent-add-comment"
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!valid}
          loading={add.isPending}
          data-testid="consent-add-submit"
        >
          {t('add.submit')}
        </Button>
      </Group>
      <Text
        id="consent-add-hint"
        size="xs"
        c={tried && !valid ? 'red' : 'dimmed'}
        role={tried && !valid ? 'alert' : undefined}
        data-testid="consent-add-hint"
      >
        {tried && !valid ? t('add.invalid') : t('add.phoneHint')}
      </Text>
    </Stack>
  );
}
