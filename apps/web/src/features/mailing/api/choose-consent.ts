import { useMutation } from '@tanstack/react-query';
import { chooseConsentResponse, type ChooseConsentBody } from '@salon/contract/mailing-sendouts';
import { api } from '../../../shared/api/api';

// POST /choose_consent: the draft keeps the recipient choice (SPEC 4), so its launch sends to the
// recipients the page showed even if the launch form were to leave the choice out.
export function chooseConsent(body: ChooseConsentBody) {
  return api.request({ host: 'mailing', method: 'POST', path: '/choose_consent', body, schema: chooseConsentResponse });
}

export function useChooseConsent() {
  return useMutation({ mutationFn: chooseConsent });
}
