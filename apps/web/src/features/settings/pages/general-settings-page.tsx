import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GeneralSettings } from '@salon/contract/settings';
import { useSession } from '../../../shared/session/use-session';
import { generalSettingsQuery } from '../api/get-general-settings';
import { saveGeneralSettings } from '../api/save-general-settings';
import { GeneralSettingsFields } from '../components/general-settings-fields';
import { SettingsPageFrame } from '../components/settings-page-frame';
import { StartPageLinkCard } from '../components/start-page-link-card';
import { generalProblems, generalServerError, toGeneralBody } from '../general-rules';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm } from '../hooks/use-settings-form';

const keep = (value: GeneralSettings) => value;
const save = (draft: GeneralSettings) => saveGeneralSettings(toGeneralBody(draft));

// /settings: the general settings of the branch (SPEC 3, 4).
export function GeneralSettingsPage() {
  const { t } = useTranslation(['settings', 'pages']);
  const { accId } = useSession();
  const form = useSettingsForm({
    query: generalSettingsQuery(accId),
    toDraft: keep,
    save,
    validate: generalProblems,
    serverError: generalServerError,
  });
  const errorOf = useFieldError(form.fieldErrors);
  return (
    <Stack gap="lg">
      <SettingsPageFrame title={t('pages:titles.settings')} intro={t('settings:general.intro')} form={form}>
        {(value) => <GeneralSettingsFields value={value} update={form.update} errorOf={errorOf} />}
      </SettingsPageFrame>
      <StartPageLinkCard accId={accId} />
    </Stack>
  );
}
