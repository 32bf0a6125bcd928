import { useTranslation } from 'react-i18next';
import type { TemplateListItem } from '@salon/contract/templates';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { useDeleteTemplate } from '../api/delete-template';

interface DeleteTemplateModalProps {
  item: TemplateListItem | null;
  onClose: () => void;
}

// Asks before POST /delete_template; Enter confirms. The statistics of a deleted template stay.
export function DeleteTemplateModal({ item, onClose }: DeleteTemplateModalProps) {
  const { t } = useTranslation('templates');
  const remove = useDeleteTemplate();
  return (
    <ConfirmModal
      opened={item !== null}
      title={t('delete.title')}
      text={t('delete.text', { title: item?.title ?? '' })}
      confirm={t('delete.confirm')}
      cancel={t('delete.cancel')}
      busy={remove.isPending}
      danger
      onConfirm={() => item && remove.mutate(item, { onSuccess: onClose })}
      onClose={onClose}
      testId="delete-modal"
    />
  );
}
