import { ActionIcon, Anchor, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BotStateWire } from '@salon/contract/connection';
import { botHandle } from '../bot-rules';
import type { BotCode } from '../channel-state';

// A connected bot: its @username, the link clients open to start it, and how many clients it
// can write to (they started it and shared their phone).
export function BotSummary({ channel, state }: { channel: BotCode; state: BotStateWire }) {
  const { t } = useTranslation('connection');
  const handle = botHandle(state.phone);
  return (
    <Stack gap="xs">
      {handle && (
        <Text size="sm">
          {t('bot.username')}{' '}
          <Text span fw={600} data-testid={`bot-username-${channel}`}>
            {handle}
          </Text>
        </Text>
      )}
      {state.bot_link && (
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" style={{ flex: 'none' }}>
            {t('bot.link')}
          </Text>
          <Anchor
            href={state.bot_link}
            target="_blank"
            rel="noreferrer"
            size="sm"
            truncate
            style={{ minWidth: 0 }}
            data-testid={`bot-link-${channel}`}
          >
            {state.bot_link}
          </Anchor>
          <CopyButton value={state.bot_link}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('bot.copied') : t('bot.copy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? t('bot.copied') : t('bot.copy')}
                  data-testid={`bot-link-copy-${channel}`}
                  style={{ flex: 'none' }}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      )}
      <Text size="sm">
        {t('bot.linked')}{' '}
        <Text span fw={600} data-testid={`bot-linked-${channel}`} data-count={state.linked_clients}>
          {state.linked_clients}
        </Text>
      </Text>
    </Stack>
  );
}
