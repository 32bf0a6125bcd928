import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilialStatus } from '@salon/contract/partners-rules';

const COLORS: Record<FilialStatus, string> = { active: 'teal', inactive: 'gray', not_paid: 'red', on_test: 'blue' };

// SPEC 4 filial statuses: active, inactive, not paid, on test.
export function FilialStatusBadge({ status }: { status: FilialStatus }) {
  const { t } = useTranslation('partners');
  return (
    // A span, so it may sit in a text line (the phone cards); never cut short in a narrow column.
    <Badge
      component="span"
      size="sm"
      variant="light"
      color={COLORS[status]}
      style={{ minWidth: 'max-content' }}
      data-status={status}
    >
      {t(`program.filialStatus.${status}`)}
    </Badge>
  );
}
