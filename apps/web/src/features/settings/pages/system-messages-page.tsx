import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/use-session';
import { systemMessagesQuery } from '../api/get-system-messages';
import { saveSystemMessages } from '../api/save-system-messages';
import { SettingsPageFrame } from '../components/settings-page-frame';
import { SystemMessagesFields } from '../components/system-messages-fields';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm } from '../hooks/use-settings-form';
import {
  systemMessagesProblems,
  systemMessagesServerError,
  toSystemMessagesBody,
  toSystemMessagesDraft,
  type SystemMessagesDraft,
} from '../system-messages-rules';

const save = (draft: SystemMessagesDraft) => saveSystemMessages(toSystemMessagesBody(draft));

// /system_messages: when system messages may go out, and which masters never get them.
export function SystemMessagesPage() {
  const { t } = useTranslation(['settings', 'pages']);
  const { accId } = useSession();
  const form = useSettingsForm({
    query: systemMessagesQuery(accId),
    toDraft: toSystemMessagesDraft,
    save,
    validate: systemMessagesProblems,
    serverError: systemMessagesServerError,
  });
  const errorOf = useFieldError(form.fieldErrors);
  return (
    <SettingsPageFrame title={t('pages:titles.systemMessages')} intro={t('settings:systemMessages.intro')} form={form}>
      {(value) => <SystemMessagesFields value={value} update={form.update} errorOf={errorOf} />}
    </SettingsPageFrame>
  );
}
