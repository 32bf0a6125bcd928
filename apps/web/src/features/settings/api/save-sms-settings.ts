import { smsSettingsSaved, type SmsSettingsBody, type SmsSettingsWire } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';

// POST /settings/sms: answers the saved settings, secrets masked again.
export function saveSmsSettings(body: SmsSettingsBody): Promise<SmsSettingsWire> {
  return api.request({ method: 'POST', path: '/settings/sms', body, schema: smsSettingsSaved }).then((a) => a.data);
}
