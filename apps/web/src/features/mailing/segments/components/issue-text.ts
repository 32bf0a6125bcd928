import { useTranslation } from 'react-i18next';
import { SEGMENT_ISSUE } from '@salon/contract/mailing-segments';

// Contract issue codes of the filters (SEGMENT_ISSUE) as messages.
export function useIssueText(): (code: string | null) => string | null {
  const { t } = useTranslation('mailing-segments');
  return (code) => {
    if (code === null) return null;
    if (code === SEGMENT_ISSUE.rangeOrder) return t('issue.rangeOrder');
    if (code === SEGMENT_ISSUE.invalidDate) return t('issue.invalidDate');
    return t('issue.other');
  };
}
