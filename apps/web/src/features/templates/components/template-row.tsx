import { ActionIcon, Badge, Group, Menu, Paper, Stack, Switch, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChartBar,
  IconCopy,
  IconDots,
  IconGripVertical,
  IconBuildingStore,
  IconPencil,
  IconEye,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TemplateListItem } from '@salon/contract/templates';
import { RowTitleLink } from '../../../shared/ui/row-title-link';
import { listItemSendTime, numericId } from '../template-list-rules';
import { sendTimeText } from './send-time-text';
import { TemplateKindBadge } from './template-kind-badge';

export type RowAction = 'copy' | 'copyToBranches' | 'delete';

interface TemplateRowProps {
  item: TemplateListItem;
  index: number;
  count: number;
  accId: number | null;
  canEdit: boolean;
  canReorder: boolean;
  dragging: boolean;
  dropTarget: boolean;
  switching: boolean;
  onSwitch: (state: boolean) => void;
  onMove: (to: number) => void;
  onAction: (action: RowAction) => void;
  dragHandlers: {
    onDragStart: (event: React.DragEvent) => void;
    onDragEnter: (event: React.DragEvent) => void;
    onDragOver: (event: React.DragEvent) => void;
    onDrop: (event: React.DragEvent) => void;
    onDragEnd: () => void;
  };
  moveButtonRef: (direction: 'up' | 'down', node: HTMLButtonElement | null) => void;
}

// One template in the list: title, category, when it sends, the on/off switch and its actions.
export function TemplateRow({
  item,
  index,
  count,
  accId,
  canEdit,
  canReorder,
  dragging,
  dropTarget,
  switching,
  onSwitch,
  onMove,
  onAction,
  dragHandlers,
  moveButtonRef,
}: TemplateRowProps) {
  const { t } = useTranslation('templates');
  const id = numericId(item.id);
  const editHref = `/template?id=${id}&accId=${accId ?? ''}`;
  const statsHref = `/template/stat?id=${id}&accId=${accId ?? ''}`;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      draggable={canReorder}
      {...(canReorder ? dragHandlers : {})}
      style={{
        opacity: dragging ? 0.5 : 1,
        borderColor: dropTarget ? 'var(--mantine-color-blue-5)' : undefined,
        boxShadow: dropTarget ? '0 0 0 1px var(--mantine-color-blue-5)' : undefined,
      }}
      data-testid={`template-row-${item.id}`}
      data-active={item.active}
    >
      <Group wrap="nowrap" align="center" gap="sm">
        {canReorder && (
          <Stack gap={0} align="center">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
              aria-label={t('list.moveUp', { title: item.title })}
              ref={(node) => moveButtonRef('up', node)}
              data-testid={`template-up-${item.id}`}
            >
              <IconArrowUp size={14} aria-hidden />
            </ActionIcon>
            <IconGripVertical size={16} aria-hidden style={{ cursor: 'grab', color: 'var(--mantine-color-dimmed)' }} />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
              aria-label={t('list.moveDown', { title: item.title })}
              ref={(node) => moveButtonRef('down', node)}
              data-testid={`template-down-${item.id}`}
            >
              <IconArrowDown size={14} aria-hidden />
            </ActionIcon>
          </Stack>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <RowTitleLink to={editHref} testId="template-title" draggable={false}>
            {item.title}
          </RowTitleLink>
          <Group gap={6}>
            <TemplateKindBadge category={item.name} />
            {item.is_new_template && (
              <Badge size="sm" radius="sm" color="green" variant="filled">
                {t('list.new')}
              </Badge>
            )}
            {item.send_only_lost_client && (
              <Badge size="sm" radius="sm" color="gray" variant="outline">
                {t('list.lostClients')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" data-testid="template-when">
            {sendTimeText(listItemSendTime(item), t)}
          </Text>
        </Stack>
        <Switch
          checked={item.active}
          onChange={(event) => onSwitch(event.currentTarget.checked)}
          disabled={!canEdit || switching}
          aria-label={t('list.switch', { title: item.title })}
          data-testid={`template-switch-${item.id}`}
        />
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('list.actions', { title: item.title })}
              data-testid={`template-menu-${item.id}`}
            >
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              component={Link}
              to={editHref}
              leftSection={canEdit ? <IconPencil size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
            >
              {canEdit ? t('list.edit') : t('list.view')}
            </Menu.Item>
            <Menu.Item component={Link} to={statsHref} leftSection={<IconChartBar size={16} aria-hidden />}>
              {t('list.stats')}
            </Menu.Item>
            {canEdit && (
              <>
                <Menu.Item
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={() => onAction('copy')}
                  data-testid="template-copy"
                >
                  {t('list.copy')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconBuildingStore size={16} aria-hidden />}
                  onClick={() => onAction('copyToBranches')}
                  data-testid="template-copy-branches"
                >
                  {t('list.copyToBranches')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onAction('delete')}
                  data-testid="template-delete"
                >
                  {t('list.delete')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
