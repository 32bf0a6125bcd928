import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PARTNER_RULES } from '@salon/contract/partners-rules';
import { statusMessageKey } from '../../../../shared/api/error-message';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { showToast } from '../../../../shared/toast/show-toast';
import { PhoneInput } from '../../../../shared/ui/phone-input';
import { useAddLead } from '../../api/add-lead';
import { EMPTY_LEAD_FORM, leadBodyOf, leadError, leadFormErrors, type LeadForm as Form } from '../../leads-rules';

interface ServerErrors {
  phone?: string;
  branchId?: string;
}

// SPEC 3 add-lead form: phone (digits only, the contract's phone rule), branch id (optional),
// branch name, comment up to 255. Field checks show once the user tried to send.
export function LeadForm({ code }: { code: string | null }) {
  const { t } = useTranslation(['partners', 'errors']);
  const dates = useDateFormat();
  const add = useAddLead(code);
  const [form, setForm] = useState<Form>(EMPTY_LEAD_FORM);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<ServerErrors>({});
  const errors = leadFormErrors(form);
  const shown = tried ? errors : {};
  const edit = (patch: Partial<Form>) => {
    setForm((old) => ({ ...old, ...patch }));
    setServer({});
  };
  const optional = (label: string) => `${label} (${t('partners:leads.form.optional')})`;
  const tooLong = (max: number) => t('partners:leads.formErrors.tooLong', { max });

  const phoneError =
    shown.phone === 'required'
      ? t('partners:leads.formErrors.phoneRequired')
      : shown.phone === 'invalid'
        ? t('partners:leads.formErrors.phoneInvalid')
        : server.phone;

  const submit = () => {
    setTried(true);
    if (code === null || Object.keys(errors).length > 0) return;
    add.mutate(leadBodyOf(code, form), {
      onSuccess: () => {
        showToast('success', t('partners:leads.form.success'));
        setForm(EMPTY_LEAD_FORM);
        setTried(false);
      },
      onError: (error) => {
        const refused = leadError(error);
        if (refused?.key === 'protected')
          setServer({
            phone: refused.until
              ? t('partners:leads.errors.protected', { date: dates.day(refused.until) })
              : t('partners:leads.errors.protectedNoDate'),
          });
        else if (refused?.key === 'phoneInvalid') setServer({ phone: t('partners:leads.errors.phoneInvalid') });
        else if (refused?.key === 'branchInvalid') setServer({ branchId: t('partners:leads.errors.branchInvalid') });
        else showToast('error', t(`errors:${statusMessageKey(error)}`));
      },
    });
  };

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="lead-form"
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('partners:leads.form.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <PhoneInput
              label={t('partners:leads.form.phone')}
              placeholder={t('partners:leads.form.phonePlaceholder')}
              required
              value={form.phone}
              onChange={(phone) => edit({ phone })}
              error={phoneError}
              data-testid="lead-phone"
            />
            <TextInput
              label={optional(t('partners:leads.form.branchId'))}
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              value={form.branchId}
              onChange={(event) => edit({ branchId: event.currentTarget.value.replace(/\D/g, '') })}
              error={shown.branchId ? t('partners:leads.formErrors.branchIdInvalid') : server.branchId}
              data-testid="lead-branch-id"
            />
            <TextInput
              label={optional(t('partners:leads.form.branchName'))}
              value={form.branchName}
              onChange={(event) => edit({ branchName: event.currentTarget.value })}
              error={shown.branchName ? tooLong(PARTNER_RULES.leadBranchNameMax) : undefined}
              data-testid="lead-branch-name"
            />
          </SimpleGrid>
          <Textarea
            label={optional(t('partners:leads.form.comment'))}
            value={form.comment}
            onChange={(event) => edit({ comment: event.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={5}
            description={`${form.comment.length} / ${PARTNER_RULES.leadCommentMax}`}
            error={shown.comment ? tooLong(PARTNER_RULES.leadCommentMax) : undefined}
            data-testid="lead-comment"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={code === null} data-testid="lead-submit">
              {t('partners:leads.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
