import {
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconMessageChatbot,
  IconRobot,
  type IconProps,
} from '@tabler/icons-react';
import type { ChannelCode } from '@salon/contract/connection';

const ICONS = {
  WA: { Icon: IconBrandWhatsapp, color: 'var(--mantine-color-teal-6)' },
  TG: { Icon: IconBrandTelegram, color: 'var(--mantine-color-blue-6)' },
  TGB: { Icon: IconRobot, color: 'var(--mantine-color-blue-6)' },
  MAX: { Icon: IconMessageChatbot, color: 'var(--mantine-color-violet-6)' },
} as const satisfies Record<ChannelCode, unknown>;

// The channel's mark in the tabs and the panel headers; decorative, the name is always beside it.
export function ChannelIcon({
  channel,
  colored = false,
  ...props
}: { channel: ChannelCode; colored?: boolean } & IconProps) {
  const { Icon, color } = ICONS[channel];
  return <Icon aria-hidden {...(colored ? { color } : {})} {...props} />;
}
