import { useMemo, useState } from 'react';
import {
  AUTO_CONNECT_LAST_STEP,
  autoConnectFieldOfStatus,
  isAutoConnectStep,
  nextAutoConnectStep,
  previousAutoConnectStep,
  type AutoConnectField,
  type AutoConnectForm,
  type AutoConnectProblem,
  type AutoConnectStep,
} from '@salon/contract/auto-connect';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useAcceptStep } from '../api/auto-connect';
import {
  stateOfForm,
  stepBody,
  stepErrors,
  stepErrorText,
  type StepErrors,
  type WizardState,
} from '../auto-connect-rules';

type FormKey = { acc_id: string; form_hash: string; crm_name: string };

const FIELD_OF_KEY: Record<keyof WizardState, AutoConnectField | null> = {
  promoCode: 'promoCode',
  branchName: 'branchName',
  emoji: 'emoji',
  address: 'address',
  salonPhone: 'salonPhone',
  ownerPhone: 'ownerPhone',
  waAge: 'waAge',
  mainChannel: 'mainChannel',
  links: 'links',
  telegramId: 'telegramId',
  mandatoryAgreement: 'agreement',
  optionalAgreement: null,
};

const stepOf = (value: number): AutoConnectStep => (isAutoConnectStep(value) ? value : 1);

// The wizard's values, the step on screen, its errors (shown once "next" was tried) and the send of
// a step; a refusal of the server goes under its field, its text by code or else as it came (SPEC 8).
export function useAutoConnectWizard(key: FormKey, form: AutoConnectForm) {
  const { t, i18n } = useTranslation(['onboarding', 'errors']);
  const accept = useAcceptStep(key);
  const [state, setState] = useState<WizardState>(() => stateOfForm(form));
  const [step, setStep] = useState<AutoConnectStep>(() => stepOf(form.stepId));
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ field: AutoConnectField; status: AutoConnectProblem } | null>(null);
  const hasPromo = form.promoCode !== null;

  const errors = useMemo<StepErrors>(() => {
    const own = tried ? stepErrors(step, state) : {};
    return serverError && !own[serverError.field] ? { ...own, [serverError.field]: serverError.status } : own;
  }, [state, step, tried, serverError]);

  const set = <K extends keyof WizardState>(field: K, value: WizardState[K]) => {
    setState((prev) => ({ ...prev, [field]: value }));
    if (serverError && serverError.field === FIELD_OF_KEY[field]) setServerError(null);
  };

  const goTo = (target: number) => {
    if (target < 1 || target > form.stepId || accept.isPending) return;
    setTried(false);
    setServerError(null);
    setStep(stepOf(target));
  };

  const next = () => {
    setTried(true);
    if (Object.keys(stepErrors(step, state)).length > 0 || accept.isPending) return;
    accept.mutate(stepBody(step, state, form), {
      onSuccess: (saved) => {
        setTried(false);
        setServerError(null);
        if (!saved.completed)
          setStep(stepOf(Math.min(nextAutoConnectStep(step, saved.promoCode !== null), saved.stepId)));
      },
      onError: (error) => {
        const status = isApiError(error) ? error.status : '';
        const field = autoConnectFieldOfStatus(status);
        if (field) setServerError({ field, status: status as AutoConnectProblem });
        const text = isApiError(error)
          ? stepErrorText(
              status,
              error.detail,
              (k) => i18n.exists(`onboarding:${k}`),
              (k) => t(`onboarding:${k}` as 'onboarding:autoConnect.title'),
            )
          : t(`errors:${statusMessageKey(error)}`);
        showToast('error', t('onboarding:autoConnect.failed', { reason: text }));
      },
    });
  };

  return {
    state,
    set,
    step,
    errors,
    next,
    back: () => goTo(previousAutoConnectStep(step, hasPromo)),
    goTo,
    isFirst: step === 1,
    isLast: step === AUTO_CONNECT_LAST_STEP,
    hasPromo,
    pending: accept.isPending,
  };
}
