import { Alert, Code, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { inviteVariable } from '../bot-rules';
import type { BotCode } from '../channel-state';

// A bot cannot write first: clients are reached once they start it and share their phone, so the
// owner invites them with the bot's link variable in a reminder or a send-out.
export function BotInviteHint({ channel }: { channel: BotCode }) {
  const { t } = useTranslation('connection');
  return (
    <Alert color="blue" variant="light" icon={<IconUsers aria-hidden />} data-testid={`bot-invite-${channel}`}>
      <Text size="sm">{t('bot.reach')}</Text>
      <Text size="sm" mt={4}>
        <Trans
          t={t}
          i18nKey="bot.invite"
          values={{ variable: inviteVariable(channel) }}
          components={{ code: <Code /> }}
        />
      </Text>
    </Alert>
  );
}
