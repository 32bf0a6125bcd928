import { useTranslation } from 'react-i18next';
import type { LoyaltyActionWire } from '@salon/contract/loyalty';
import { CopyToBranchesModal as SharedCopyModal } from '../../../shared/ui/copy-to-branches-modal';
import { useCopyLoyaltyActionToBranches } from '../api/copy-loyalty-action';

interface CopyToBranchesModalProps {
  action: LoyaltyActionWire | null;
  onClose: () => void;
}

// Copies an action into other branches (POST /loyalty/copy_loyalty_action_to_branches).
export function CopyToBranchesModal({ action, onClose }: CopyToBranchesModalProps) {
  const { t } = useTranslation('invite-friends');
  const copy = useCopyLoyaltyActionToBranches();
  return (
    <SharedCopyModal
      subject={action && { key: action.loyalty_action_id, title: action.title }}
      texts={{
        title: t('copyToBranches.title'),
        text: (title) => t('copyToBranches.text', { title }),
        all: t('copyToBranches.all'),
        none: t('copyToBranches.none'),
        submit: (count) => t('copyToBranches.submit', { count }),
        cancel: t('dialogs.cancel'),
        close: t('dialogs.close'),
      }}
      pending={copy.isPending}
      onCopy={(subject, accIds, done) => copy.mutate({ id: subject.key, accIds }, { onSuccess: done })}
      onClose={onClose}
    />
  );
}
