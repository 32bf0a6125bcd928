import { Anchor, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BotCode } from '../channel-state';

const MAX_BUSINESS_URL = 'https://business.max.ru';

// Where the token comes from: @BotFather in Telegram; MAX's MasterBot, for a verified business
// profile at business.max.ru.
export function BotHowTo({ channel }: { channel: BotCode }) {
  const { t } = useTranslation('connection');
  return (
    <Stack gap="xs" data-testid={`bot-howto-${channel}`}>
      <Text size="sm" fw={600}>
        {t('bot.howToTitle')}
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        {channel === 'TGB' ? (
          <>
            <List.Item>{t('bot.howTo.TGB.open')}</List.Item>
            <List.Item>{t('bot.howTo.TGB.create')}</List.Item>
            <List.Item>{t('bot.howTo.TGB.copy')}</List.Item>
          </>
        ) : (
          <>
            <List.Item>
              {t('bot.howTo.MAX.profile')}{' '}
              <Anchor href={MAX_BUSINESS_URL} target="_blank" rel="noreferrer" size="sm">
                business.max.ru
              </Anchor>
            </List.Item>
            <List.Item>{t('bot.howTo.MAX.create')}</List.Item>
            <List.Item>{t('bot.howTo.MAX.copy')}</List.Item>
          </>
        )}
      </List>
    </Stack>
  );
}
