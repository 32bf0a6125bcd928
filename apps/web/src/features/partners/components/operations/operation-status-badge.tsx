import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPERATION_STATUS_KEYS, type OperationStatus } from '@salon/contract/partners-rules';

const COLORS: Record<OperationStatus, string> = {
  Начисление: 'yellow',
  Начислено: 'blue',
  Выплачено: 'teal',
  Возврат: 'red',
};

// SPEC 3 operation status in the interface language (the Russian text is the wire's own).
export function OperationStatusBadge({ status }: { status: OperationStatus }) {
  const { t } = useTranslation('partners');
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid="operation-status"
      data-status={status}
    >
      {t(`operations.status.${OPERATION_STATUS_KEYS[status]}`)}
    </Badge>
  );
}
