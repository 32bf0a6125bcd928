import { useMemo, useState } from 'react';
import { START_PAGE_STATUS, type CommunicationMethod, type StartPageStatus } from '@salon/contract/start-page';
import { isApiError } from '../../../shared/api/api-error';
import { useSubmitStartPage } from '../api/submit-start-page';
import {
  INITIAL_START_PAGE_FORM,
  fieldErrors,
  outcomeOf,
  toSubmitQuery,
  type StartPageFieldErrors,
  type StartPageFormState,
  type StartPageLinkParams,
} from '../start-page-rules';

const FIELD_OF_STATUS: Partial<Record<string, 'name' | 'phone'>> = {
  [START_PAGE_STATUS.nameEmpty]: 'name',
  [START_PAGE_STATUS.phoneEmpty]: 'phone',
  [START_PAGE_STATUS.phoneShort]: 'phone',
  [START_PAGE_STATUS.phoneInvalid]: 'phone',
};

export type StartPagePhase =
  { kind: 'form' } | { kind: 'success'; method: CommunicationMethod } | { kind: 'failed'; error: unknown };

// The form's values and errors (shown once a send was tried, kept current while the client
// corrects them), the send, and what the page shows after it (SPEC 4): a messenger chat link sends
// the browser there; otherwise the success page. Either way the form clears and WhatsApp is chosen again.
export function useStartPageForm(link: StartPageLinkParams, goTo: (url: string) => void) {
  const submitting = useSubmitStartPage();
  const [state, setState] = useState<StartPageFormState>(INITIAL_START_PAGE_FORM);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ field: 'name' | 'phone'; status: StartPageStatus } | null>(null);
  const [phase, setPhase] = useState<StartPagePhase>({ kind: 'form' });

  const errors = useMemo<StartPageFieldErrors>(() => {
    const own = tried ? fieldErrors(state) : {};
    return serverError && !own[serverError.field] ? { ...own, [serverError.field]: serverError.status } : own;
  }, [state, tried, serverError]);

  const set = <K extends keyof StartPageFormState>(key: K, value: StartPageFormState[K]) => {
    setState((prev) => ({ ...prev, [key]: value }));
    if (serverError?.field === key) setServerError(null);
  };

  const send = (values: StartPageFormState) => {
    if (submitting.isPending) return;
    submitting.mutate(toSubmitQuery(values, link), {
      onSuccess: (answer) => {
        setState(INITIAL_START_PAGE_FORM);
        setTried(false);
        setServerError(null);
        const outcome = outcomeOf(answer);
        setPhase({ kind: 'success', method: values.method });
        if (outcome.kind === 'chat') goTo(outcome.url);
      },
      onError: (error) => {
        const field = isApiError(error) ? FIELD_OF_STATUS[error.status] : undefined;
        if (field && isApiError(error)) {
          setServerError({ field, status: error.status as StartPageStatus });
          setPhase({ kind: 'form' });
        } else {
          setPhase({ kind: 'failed', error });
        }
      },
    });
  };

  const submit = () => {
    setTried(true);
    if (Object.keys(fieldErrors(state)).length > 0) return;
    send(state);
  };

  return {
    state,
    set,
    errors,
    submit,
    // The error page's retry sends the same request again.
    retry: () => send(state),
    // The success page's "send another".
    again: () => setPhase({ kind: 'form' }),
    pending: submitting.isPending,
    phase,
  };
}
