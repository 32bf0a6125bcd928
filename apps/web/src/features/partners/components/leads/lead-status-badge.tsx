import { useTranslation } from 'react-i18next';
import { LEAD_STATUS_KEYS, type LeadStatus } from '@salon/contract/partners-rules';
import { StatusBadge } from '../../../../shared/ui/status-badge';
import { isLeadStatus } from '../../leads-rules';

const COLORS: Record<LeadStatus, string> = { 1: 'teal', 2: 'blue', 3: 'gray', 4: 'yellow', 5: 'violet' };

// SPEC 3 lead status: 1 paid, 2 reached, 3 not reached (or empty), 4 new request, 5 on test.
export function LeadStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('partners');
  // The contract bounds the status; an unexpected one reads as "not reached", the spec's empty status.
  const known: LeadStatus = isLeadStatus(status) ? status : 3;
  return (
    <StatusBadge color={COLORS[known]} status={known} testId="lead-status">
      {t(`leads.status.${LEAD_STATUS_KEYS[known]}`)}
    </StatusBadge>
  );
}
