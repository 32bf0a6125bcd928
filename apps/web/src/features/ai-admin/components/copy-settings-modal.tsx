import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import type { Branch } from '../../../shared/accounts/branch';
import { CopyToBranchesModal } from '../../../shared/ui/copy-to-branches-modal';

interface CopySettingsModalProps {
  opened: boolean;
  pending: boolean;
  onCopy: (accIds: number[]) => Promise<boolean>;
  onClose: () => void;
}

// SPEC 6: the AI settings only go where the AI module is on and the user may write them (the
// server's AGENT_WRITE_GUARD); it copies all or nothing.
const withAi = (branch: Branch) => branch.showNeiroInterface && allows(branch.rights, 'systemMessages');

// Copies the Settings tab into other branches (PATCH … {settings, copy_to}).
export function CopySettingsModal({ opened, pending, onCopy, onClose }: CopySettingsModalProps) {
  const { t } = useTranslation('ai-admin');
  return (
    <CopyToBranchesModal
      subject={opened ? { key: 'ai-settings', title: t('copy.subject') } : null}
      texts={{
        title: t('copy.title'),
        text: () => t('copy.text'),
        all: t('copy.all'),
        none: t('copy.none'),
        submit: (count) => t('copy.submit', { count }),
        cancel: t('dialogs.cancel'),
        close: t('dialogs.close'),
      }}
      pending={pending}
      eligible={withAi}
      onCopy={(_subject, accIds, done) => {
        void onCopy(accIds).then((ok) => ok && done());
      }}
      onClose={onClose}
    />
  );
}
