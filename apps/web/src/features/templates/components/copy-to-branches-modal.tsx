import { useTranslation } from 'react-i18next';
import type { TemplateListItem } from '@salon/contract/templates';
import { CopyToBranchesModal as SharedCopyModal } from '../../../shared/ui/copy-to-branches-modal';
import { useCopyTemplateToBranches } from '../api/copy-template-to-branches';
import { numericId } from '../template-list-rules';

interface CopyToBranchesModalProps {
  item: TemplateListItem | null;
  onClose: () => void;
}

// Copies a template into other branches (POST /copy_template_to_branches); SPEC 8 'copied to N branches'.
export function CopyToBranchesModal({ item, onClose }: CopyToBranchesModalProps) {
  const { t } = useTranslation('templates');
  const copy = useCopyTemplateToBranches();
  return (
    <SharedCopyModal
      subject={item && { key: item.id, title: item.title }}
      texts={{
        title: t('copyToBranches.title'),
        text: (title) => t('copyToBranches.text', { title }),
        all: t('copyToBranches.all'),
        none: t('copyToBranches.none'),
        submit: (count) => t('copyToBranches.submit', { count }),
        cancel: t('copyToBranches.cancel'),
        close: t('copyToBranches.close'),
      }}
      pending={copy.isPending}
      onCopy={(subject, accIds, done) =>
        copy.mutate({ templateId: numericId(subject.key), accIds }, { onSuccess: done })
      }
      onClose={onClose}
    />
  );
}
