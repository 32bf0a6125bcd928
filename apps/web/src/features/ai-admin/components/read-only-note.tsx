import { useTranslation } from 'react-i18next';
import { ReadOnlyAlert } from '../../../shared/ui/read-only-alert';
import type { AgentAccess } from '../hooks/use-agent-access';

// Why the form cannot be saved here.
export function ReadOnlyNote({ access }: { access: AgentAccess }) {
  const { t } = useTranslation('ai-admin');
  if (access === 'edit') return null;
  return <ReadOnlyAlert testId="ai-read-only">{t(`readOnly.${access}`)}</ReadOnlyAlert>;
}
