import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TemplateListItem } from '@salon/contract/templates';
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
    <Modal opened={item !== null} onClose={onClose} title={t('delete.title')} centered data-testid="delete-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (item) remove.mutate(item, { onSuccess: onClose });
        }}
      >
        <Text size="sm">{t('delete.text', { title: item?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('delete.cancel')}
          </Button>
          <Button type="submit" color="red" loading={remove.isPending} data-autofocus data-testid="delete-confirm">
            {t('delete.confirm')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
