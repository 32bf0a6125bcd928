import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileState } from '@salon/contract/ai-files';

const COLORS: Record<FileState, string> = {
  upload: 'blue',
  convert: 'blue',
  vectorize: 'indigo',
  ready: 'teal',
  error: 'red',
  deleted: 'gray',
};

export function FileStateBadge({ state }: { state: FileState }) {
  const { t } = useTranslation('ai-files');
  return (
    <Badge
      color={COLORS[state]}
      variant="light"
      style={{ flexShrink: 0 }}
      data-testid="ai-file-state"
      data-state={state}
    >
      {t(`states.${state}`)}
    </Badge>
  );
}
