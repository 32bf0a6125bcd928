import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AgentAccess } from '../hooks/use-agent-access';

// Why the form cannot be saved here.
export function ReadOnlyNote({ access }: { access: AgentAccess }) {
  const { t } = useTranslation('ai-admin');
  if (access === 'edit') return null;
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="ai-read-only">
      {t(`readOnly.${access}`)}
    </Alert>
  );
}
