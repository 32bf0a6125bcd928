import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/use-session';
import { smsSettingsQuery } from '../api/get-sms-settings';
import { saveSmsSettings } from '../api/save-sms-settings';
import { settingsQueryKey } from '../api/settings-query-key';
import { SettingsPageFrame } from '../components/settings-page-frame';
import { SmsSettingsFields } from '../components/sms-settings-fields';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm } from '../hooks/use-settings-form';
import { smsProblems, smsServerError, toSmsBody, toSmsDraft, type SmsDraft } from '../sms-rules';

const save = (draft: SmsDraft) => saveSmsSettings(toSmsBody(draft));

// /sms: the SMS provider and its credentials (SPEC 3, 4, 5).
export function SmsSettingsPage() {
  const { t } = useTranslation(['settings', 'pages']);
  const { accId } = useSession();
  const form = useSettingsForm({
    query: smsSettingsQuery(accId),
    toDraft: toSmsDraft,
    save,
    validate: smsProblems,
    serverError: smsServerError,
    // A provider set or cleared changes which channels have priority data (the menu's count).
    // …and which account the balance line asks about.
    alsoChanges: [settingsQueryKey('priority_channel', accId), settingsQueryKey('sms_balance', accId)],
  });
  // The provider as saved (not as edited): the balance line belongs to it.
  const savedProviderId = useQuery(smsSettingsQuery(accId)).data?.sms_provider ?? null;
  const errorOf = useFieldError(form.fieldErrors);
  return (
    <SettingsPageFrame title={t('pages:titles.sms')} intro={t('settings:sms.intro')} form={form}>
      {(value) => (
        <SmsSettingsFields
          value={value}
          update={form.update}
          errorOf={errorOf}
          accId={accId}
          savedProviderId={savedProviderId}
        />
      )}
    </SettingsPageFrame>
  );
}
