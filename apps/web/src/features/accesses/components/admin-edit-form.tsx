import { useState, type FormEvent } from 'react';
import { Button, Collapse, Group, Stack, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAME_MAX, type AdminWire } from '@salon/contract/accesses';
import { showToast } from '../../../shared/toast/show-toast';
import { accessFailure, adminChanges, checkedRights, toUpdateBody, type GrantableRight } from '../access-rules';
import { useUpdateAdmin } from '../api/update-admin';
import { AdminHistory } from './admin-history';
import { RightsCheckboxes } from './rights-checkboxes';

interface AdminEditFormProps {
  admin: AdminWire;
  onDone: () => void;
}

// Rename and change rights; nothing is sent when neither changed (SPEC 5). The history toggle
// lives here (SPEC 4).
export function AdminEditForm({ admin, onDone }: AdminEditFormProps) {
  const { t } = useTranslation('accesses');
  const update = useUpdateAdmin();
  const [name, setName] = useState(admin.name);
  const [rights, setRights] = useState<readonly string[]>(checkedRights(admin.rights));
  const [problem, setProblem] = useState<'nameRequired' | 'rightsRequired' | null>(null);
  const [history, setHistory] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (name.trim() === '') return setProblem('nameRequired');
    if (rights.length === 0) return setProblem('rightsRequired');
    const changes = adminChanges(admin, { name, rights });
    if (changes.length === 0) return onDone();
    update.mutate(toUpdateBody(admin, { name, rights }, changes), {
      onSuccess: () => {
        showToast('success', t('toast.saved'));
        onDone();
      },
      onError: (error) => {
        const failure = accessFailure(error);
        showToast('error', failure ? t(`errors.${failure.key}`) : t('toast.changeError'));
      },
    });
  };

  const tg = admin.tg_id;
  return (
    <form onSubmit={submit} noValidate data-testid={`admin-edit-form-${tg}`}>
      <Stack gap="md">
        <TextInput
          label={t('add.name.label')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value.slice(0, ADMIN_NAME_MAX));
            setProblem(null);
          }}
          error={problem === 'nameRequired' ? t('errors.nameRequired') : undefined}
          data-testid={`admin-edit-name-${tg}`}
        />
        <RightsCheckboxes
          value={rights}
          onChange={(next: GrantableRight[]) => {
            setRights(next);
            setProblem(null);
          }}
          testPrefix={`admin-edit-${tg}`}
          error={problem === 'rightsRequired' ? t('errors.rightsRequired') : undefined}
        />
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={update.isPending} data-testid={`admin-edit-save-${tg}`}>
            {t('edit.save')}
          </Button>
          <Button type="button" variant="default" onClick={onDone} data-testid={`admin-edit-cancel-${tg}`}>
            {t('edit.cancel')}
          </Button>
          <Button
            type="button"
            variant="subtle"
            leftSection={<IconHistory size={16} aria-hidden />}
            onClick={() => setHistory((open) => !open)}
            aria-expanded={history}
            data-testid={`admin-history-toggle-${tg}`}
          >
            {t(history ? 'history.hide' : 'history.show')}
          </Button>
        </Group>
        <Collapse expanded={history}>
          <AdminHistory log={admin.changelog} />
        </Collapse>
      </Stack>
    </form>
  );
}
