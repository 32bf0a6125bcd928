import { useState, type FormEvent } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PartnerAdmin } from '@salon/contract/partners';
import { statusMessageKey } from '../../../../shared/api/error-message';
import { showToast } from '../../../../shared/toast/show-toast';
import {
  EMPTY_ADMIN_FORM,
  adminFailure,
  adminProblems,
  clearsTgId,
  sanitizeName,
  sanitizeTgId,
  toAdminBody,
  type AdminForm as Form,
  type AdminProblems,
} from '../../access-rules';
import type { useSaveAdmin } from '../../api/save-admin';

type AddMutation = ReturnType<typeof useSaveAdmin>;

// Adds a partner admin by Telegram id (SPEC 5 id rules; a listed id clears the field).
export function AdminForm({ admins, add }: { admins: readonly PartnerAdmin[]; add: AddMutation }) {
  const { t } = useTranslation(['partners', 'errors']);
  const [form, setForm] = useState<Form>(EMPTY_ADMIN_FORM);
  const [problems, setProblems] = useState<AdminProblems>({});

  const change = (patch: Partial<Form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = adminProblems(form, admins);
    setProblems(found);
    if (clearsTgId(found)) setForm((current) => ({ ...current, tgId: '' }));
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { method: 'POST', body: toAdminBody(form) },
      {
        onSuccess: () => {
          setForm(EMPTY_ADMIN_FORM);
          showToast('success', t('partners:access.toast.added'));
        },
        onError: (error) => {
          const failure = adminFailure(error);
          if (failure?.field === 'tgId') {
            setProblems({ tgId: failure.key });
            if (failure.key === 'uniqueTgId') setForm((current) => ({ ...current, tgId: '' }));
          }
          showToast(
            'error',
            failure ? t(`partners:access.errors.${failure.key}`) : t(`errors:${statusMessageKey(error)}`),
          );
        },
      },
    );
  };

  const message = (field: keyof Form) => {
    const key = problems[field];
    return key ? t(`partners:access.errors.${key}`) : undefined;
  };

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate data-testid="partner-admin-form">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('partners:access.add.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('partners:access.add.name')}
              value={form.name}
              onChange={(event) => change({ name: sanitizeName(event.currentTarget.value) })}
              autoComplete="off"
              error={message('name')}
              data-testid="partner-admin-name"
            />
            <TextInput
              label={t('partners:access.add.tgId')}
              description={t('partners:access.add.tgIdHint')}
              value={form.tgId}
              onChange={(event) => change({ tgId: sanitizeTgId(event.currentTarget.value) })}
              inputMode="numeric"
              autoComplete="off"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={message('tgId')}
              data-testid="partner-admin-tg-id"
            />
          </SimpleGrid>
          <Group>
            <Button
              type="submit"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              loading={add.isPending}
              data-testid="partner-admin-submit"
            >
              {t('partners:access.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
