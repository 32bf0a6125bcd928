import type { MenuKey } from './menu-model';
import {
  IconAddressBook,
  IconBan,
  IconBuildingStore,
  IconCreditCard,
  IconGift,
  IconHome,
  IconMessageChatbot,
  IconMessages,
  IconPlugConnected,
  IconRobot,
  IconSend,
  IconSettings,
  IconStar,
  IconTemplate,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

// Top-level menu icons by menu key; sub-items have none.
export const MENU_ICONS: Partial<Record<MenuKey, Icon>> = {
  main: IconHome,
  branches: IconBuildingStore,
  connection: IconPlugConnected,
  templates: IconTemplate,
  reviews: IconStar,
  mailing: IconSend,
  'invite-friends': IconGift,
  'auto-response': IconMessageChatbot,
  ai: IconRobot,
  settings: IconSettings,
  'chat-history': IconMessages,
  pay: IconCreditCard,
  partners: IconUsersGroup,
  blacklist: IconBan,
  accesses: IconAddressBook,
};
