import { useState, type FormEvent } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAME_MAX, type AdminWire } from '@salon/contract/accesses';
import { showToast } from '../../../shared/toast/show-toast';
import {
  accessFailure,
  clearsTgId,
  newAdminProblems,
  sanitizeTgId,
  toAddAdminBody,
  type NewAdminProblems,
} from '../access-rules';
import { useAddAdmin } from '../api/add-admin';
import { RightsCheckboxes } from './rights-checkboxes';

const EMPTY = { tgId: '', name: '', rights: [] as readonly string[] };

// SPEC 5 Telegram id rules and SPEC 8 Admin messages; Enter in any input submits.
export function AddAdminForm({ admins }: { admins: readonly AdminWire[] }) {
  const { t } = useTranslation('accesses');
  const add = useAddAdmin();
  const [form, setForm] = useState(EMPTY);
  const [problems, setProblems] = useState<NewAdminProblems>({});

  const change = (patch: Partial<typeof EMPTY>) => {
    setForm((current) => ({ ...current, ...patch }));
    // Editing a field clears its own message only.
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = newAdminProblems(form, admins);
    setProblems(found);
    if (clearsTgId(found)) setForm((current) => ({ ...current, tgId: '' }));
    if (Object.keys(found).length > 0) return;
    add.mutate(toAddAdminBody(form, new Date()), {
      onSuccess: () => {
        setForm(EMPTY);
        showToast('success', t('toast.saved'));
      },
      onError: (error) => {
        const failure = accessFailure(error);
        if (failure?.field === 'tgId') {
          setProblems({ tgId: failure.key });
          if (failure.clearTgId) setForm((current) => ({ ...current, tgId: '' }));
        }
        showToast('error', failure ? t(`errors.${failure.key}`) : t('toast.addError'));
      },
    });
  };

  const message = (field: keyof NewAdminProblems) => {
    const key = problems[field];
    return key ? t(`errors.${key}`) : undefined;
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate data-testid="add-admin-form">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('add.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('add.tgId.label')}
              description={t('add.tgId.description')}
              placeholder={t('add.tgId.placeholder')}
              value={form.tgId}
              onChange={(event) => change({ tgId: sanitizeTgId(event.currentTarget.value) })}
              inputMode="numeric"
              autoComplete="off"
              // The hint under the input keeps both inputs of the row level.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={message('tgId')}
              data-testid="add-admin-tg-id"
            />
            <TextInput
              label={t('add.name.label')}
              placeholder={t('add.name.placeholder')}
              value={form.name}
              onChange={(event) => change({ name: event.currentTarget.value.slice(0, ADMIN_NAME_MAX) })}
              autoComplete="off"
              error={message('name')}
              data-testid="add-admin-name"
            />
          </SimpleGrid>
          <RightsCheckboxes
            value={form.rights}
            onChange={(rights) => change({ rights })}
            testPrefix="add-admin"
            error={message('rights')}
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              loading={add.isPending}
              data-testid="add-admin-submit"
            >
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
