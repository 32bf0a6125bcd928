import { SegmentedControl } from '@mantine/core';
import { LANGUAGES } from '@salon/contract/constants';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './language';
import { useChangeLanguage } from './use-change-language';

// ru/en switch of the header and the login page.
export function LangSwitch() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ru';

  return (
    <SegmentedControl
      data-testid="lang-switch"
      aria-label={t('language.label')}
      size="xs"
      value={current}
      onChange={(value) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`language.short.${language}`) }))}
    />
  );
}
