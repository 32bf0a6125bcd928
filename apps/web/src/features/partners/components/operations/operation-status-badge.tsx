import { useTranslation } from 'react-i18next';
import { OPERATION_STATUS_KEYS, type OperationStatus } from '@salon/contract/partners-rules';
import { StatusBadge } from '../../../../shared/ui/status-badge';

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
    <StatusBadge color={COLORS[status]} status={status} testId="operation-status">
      {t(`operations.status.${OPERATION_STATUS_KEYS[status]}`)}
    </StatusBadge>
  );
}
