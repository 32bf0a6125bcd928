import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../settings-page-state';

// The translated message under one input, or undefined when it has none.
export function useFieldError(errors: FieldErrors): (field: string) => string | undefined {
  const { t } = useTranslation('settings');
  return (field) => {
    const key = errors[field];
    return key === undefined ? undefined : t(`fieldErrors.${key}`);
  };
}
