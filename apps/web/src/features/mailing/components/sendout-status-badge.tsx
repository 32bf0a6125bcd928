import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SendoutStatus } from '@salon/contract/mailing-sendouts';
import { STATUS_COLORS } from '../started-rules';

export function SendoutStatusBadge({ status, testId }: { status: SendoutStatus; testId?: string }) {
  const { t } = useTranslation('mailing');
  return (
    // Never cut to "ЗАПЛАНИ…": the status is the point of the column.
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      data-testid={testId}
      data-status={status}
      style={{ minWidth: 'max-content', flexShrink: 0 }}
    >
      {t(`started.status.${status}`)}
    </Badge>
  );
}
