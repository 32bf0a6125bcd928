import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../config/public-config-query';

// Support in Telegram, from the server's public config; nothing while it is unknown.
export function SupportLink() {
  const { t } = useTranslation('errors');
  const { data } = usePublicConfig();
  if (!data) return null;
  return (
    <Anchor href={data.support_telegram_url} target="_blank" rel="noreferrer">
      {t('view.contactSupport')}
    </Anchor>
  );
}
