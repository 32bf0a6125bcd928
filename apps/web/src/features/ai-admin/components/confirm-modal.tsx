import { useTranslation } from 'react-i18next';
import { ConfirmModal as SharedConfirmModal, type ConfirmModalProps } from '../../../shared/ui/confirm-modal';

// SPEC 4: asked before the assistant goes on or into automatic mode (and before the AI pages' other
// confirmations): the shared modal with ai-admin's cancel word and a plain, not red, confirm button.
export function ConfirmModal(props: Omit<ConfirmModalProps, 'cancel' | 'busy' | 'danger' | 'children'>) {
  const { t } = useTranslation('ai-admin');
  return <SharedConfirmModal {...props} cancel={t('dialogs.cancel')} />;
}
