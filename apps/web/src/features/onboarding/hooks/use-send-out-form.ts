import { useMemo, useState } from 'react';
import type { SendOutFormField, SendOutFormProblem, SendOutFormSaved } from '@salon/contract/onboarding';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useSaveSendOutForm } from '../api/save-send-out-form';
import {
  INITIAL_SEND_OUT_FORM,
  fieldErrors,
  fieldOfStatus,
  toSendOutBody,
  type FieldErrors,
  type SendOutFormState,
} from '../send-out-form-rules';

const FIELD_OF_KEY: Record<keyof SendOutFormState, SendOutFormField | null> = {
  ownerPhone: 'ownerPhone',
  salonPhone: 'salonPhone',
  waAge: 'waAge',
  utcOffset: 'timeZone',
  telegramId: 'telegramId',
  mandatoryAgreement: 'agreement',
  optionalAgreement: null,
};

// The form's values, its errors (shown once a send was tried, then kept current as the person
// corrects them) and the send itself; a refusal of the server goes under its field as well.
export function useSendOutForm(
  promoCode: string | null,
  onSaved: (saved: SendOutFormSaved, telegramId: string) => void,
) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const save = useSaveSendOutForm();
  const [state, setState] = useState<SendOutFormState>(INITIAL_SEND_OUT_FORM);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ field: SendOutFormField; status: SendOutFormProblem } | null>(null);

  const errors = useMemo<FieldErrors>(() => {
    const own = tried ? fieldErrors(state) : {};
    return serverError && !own[serverError.field] ? { ...own, [serverError.field]: serverError.status } : own;
  }, [state, tried, serverError]);

  const set = <K extends keyof SendOutFormState>(key: K, value: SendOutFormState[K]) => {
    setState((prev) => ({ ...prev, [key]: value }));
    if (serverError && serverError.field === FIELD_OF_KEY[key]) setServerError(null);
  };

  const submit = () => {
    setTried(true);
    if (Object.keys(fieldErrors(state)).length > 0 || save.isPending) return;
    save.mutate(toSendOutBody(state, promoCode, window.location.href), {
      onSuccess: (saved) => onSaved(saved, state.telegramId),
      onError: (error) => {
        const status = isApiError(error) ? error.status : '';
        const field = fieldOfStatus(status);
        if (field) setServerError({ field, status: status as SendOutFormProblem });
        const text =
          field || status === 'promo_code_unknown'
            ? t(`onboarding:errors.${status as SendOutFormProblem | 'promo_code_unknown'}`)
            : t(`errors:${statusMessageKey(error)}`);
        showToast('error', t('onboarding:failed', { reason: text }));
      },
    });
  };

  return { state, set, errors, submit, pending: save.isPending };
}
