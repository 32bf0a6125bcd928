import { ActionIcon, Badge, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReviewListItem } from '@salon/contract/reviews';
import { RowTitleLink } from '../../../shared/ui/row-title-link';
import { chainTimingText } from '../review-timing-text';

interface ChainRowProps {
  item: ReviewListItem;
  accId: number | null;
  canEdit: boolean;
  switching: boolean;
  onSwitch: (state: boolean) => void;
  onDelete: () => void;
}

// One chain in the list: title, when step 1 goes out, its step count, the switch, edit and delete.
export function ChainRow({ item, accId, canEdit, switching, onSwitch, onDelete }: ChainRowProps) {
  const { t, i18n } = useTranslation('reviews');
  const editHref = `/reviews/one_review?id=${item.id}&accId=${accId ?? ''}`;
  const activeReminders = item.middle_active.filter(Boolean).length;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`chain-row-${item.id}`} data-active={item.active}>
      <Group wrap="nowrap" align="center" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <RowTitleLink to={editHref} testId="chain-title-link">
            {item.title}
          </RowTitleLink>
          <Text size="sm" c="dimmed" data-testid="chain-when">
            {chainTimingText(item.timing, t, i18n.language)}
          </Text>
          <Group gap={6}>
            <Badge size="sm" radius="sm" variant="light" data-testid="chain-steps">
              {t('list.steps', { count: item.steps })}
            </Badge>
            {item.middle_active.length > 0 && (
              <Badge size="sm" radius="sm" variant="outline" color="gray">
                {t('list.reminders', { active: activeReminders, total: item.middle_active.length })}
              </Badge>
            )}
          </Group>
        </Stack>
        <Switch
          checked={item.active}
          onChange={(event) => onSwitch(event.currentTarget.checked)}
          disabled={!canEdit || switching}
          aria-label={t('list.switch', { title: item.title })}
          data-testid={`chain-switch-${item.id}`}
        />
        <ActionIcon
          component={Link}
          to={editHref}
          variant="subtle"
          color="gray"
          aria-label={t('list.edit', { title: item.title })}
          data-testid={`chain-edit-${item.id}`}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        {canEdit && (
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('list.delete', { title: item.title })}
            data-testid={`chain-delete-${item.id}`}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
