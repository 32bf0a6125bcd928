import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentStatus } from '@salon/contract/consents-rules';
import { STATUS_COLORS } from '../consent-list-rules';

export function ConsentStatusBadge({ status }: { status: ConsentStatus }) {
  const { t } = useTranslation('consents');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} tt="none" fw={600} miw="max-content" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
