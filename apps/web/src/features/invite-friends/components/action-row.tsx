import { ActionIcon, Badge, Group, Menu, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconBuildingStore, IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LoyaltyActionWire } from '@salon/contract/loyalty';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { RowTitleLink } from '../../../shared/ui/row-title-link';
import { cardTypeText, dayOrDate, rewardText } from './action-summary';

export type RowAction = 'duplicate' | 'copyToBranches' | 'delete';

interface ActionRowProps {
  action: LoyaltyActionWire;
  accId: number | null;
  canEdit: boolean;
  switching: boolean;
  onSwitch: (active: boolean) => void;
  onAction: (action: RowAction) => void;
}

// One action in the list: title, bonus and card type, what it pays, its dates, the switch and actions.
export function ActionRow({ action, accId, canEdit, switching, onSwitch, onAction }: ActionRowProps) {
  const { t, i18n } = useTranslation('invite-friends');
  const format = useDateFormat();
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const count = (n: number) => number.format(n);
  const id = action.loyalty_action_id;
  const editHref = `/invite_fiend/action?id=${id}&accId=${accId ?? ''}`;
  const firstActivation = action.date_first_activate_template;

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`loyalty-row-${id}`} data-active={action.active}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <RowTitleLink to={editHref} testId="loyalty-title-link">
            {action.title}
          </RowTitleLink>
          <Group gap={6} wrap="wrap">
            <Badge size="sm" radius="sm" variant="light" data-testid="loyalty-row-bonus-type">
              {t(`bonusType.${action.bonus_type}`)}
            </Badge>
            <Badge size="sm" radius="sm" variant="outline" color="gray" data-testid="loyalty-row-card-type">
              {cardTypeText(action, t)}
            </Badge>
          </Group>
          <Text size="sm" data-testid="loyalty-row-reward">
            {rewardText(action, t, count)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="loyalty-row-dates">
            {t('list.created', { date: dayOrDate(action.date_create_template, format) })}
            {' · '}
            {firstActivation
              ? t('list.firstActivation', { date: dayOrDate(firstActivation, format) })
              : t('list.neverActivated')}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap" align="center">
          <Switch
            checked={action.active}
            onChange={(event) => onSwitch(event.currentTarget.checked)}
            disabled={!canEdit || switching}
            aria-label={t('list.switch', { title: action.title })}
            data-testid={`loyalty-switch-${id}`}
          />
          <ActionIcon
            component={Link}
            to={editHref}
            variant="subtle"
            color="gray"
            aria-label={t('list.edit', { title: action.title })}
            data-testid={`loyalty-edit-${id}`}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          {canEdit && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('list.more', { title: action.title })}
                  data-testid={`loyalty-menu-${id}`}
                >
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={() => onAction('duplicate')}
                  data-testid={`loyalty-duplicate-${id}`}
                >
                  {t('list.duplicate')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconBuildingStore size={16} aria-hidden />}
                  onClick={() => onAction('copyToBranches')}
                  data-testid={`loyalty-copy-${id}`}
                >
                  {t('list.copyToBranches')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onAction('delete')}
                  data-testid={`loyalty-delete-${id}`}
                >
                  {t('list.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
