import { generalSettingsSaved, type GeneralSettings } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';

// POST /settings/general: answers the saved settings.
export function saveGeneralSettings(body: GeneralSettings): Promise<GeneralSettings> {
  return api
    .request({ method: 'POST', path: '/settings/general', body, schema: generalSettingsSaved })
    .then((a) => a.data);
}
