import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../shared/i18n/format-date-time';
import type { MailingMessage } from '../launch-error-rules';
import { formatDay } from '../mailing-time-rules';

// The text of a mapped start, test or stop message (SPEC 8 Mailing) in the user's language.
export function useMessageText(): (message: MailingMessage) => string {
  const { t, i18n } = useTranslation(['mailing', 'errors']);
  return (message) => {
    switch (message.kind) {
      case 'plan':
        return t(`mailing:plan.${message.key}`, {
          day: message.day ? formatDay(message.day, localeOf(i18n.language)) : '',
        });
      case 'sendout':
        return t(`mailing:sendoutStatus.${message.key}`);
      case 'badKeys':
        return message.keys ? t('mailing:launch.badKeys', { keys: message.keys }) : t('mailing:launch.badKeysUnnamed');
      case 'text':
        return message.text;
      case 'common':
        return t(`errors:${message.key}`);
    }
  };
}
