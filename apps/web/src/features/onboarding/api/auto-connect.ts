import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  autoConnectForm,
  autoConnectRequested,
  type AcceptStepBody,
  type AutoConnectFormQuery,
  type AutoConnectRequestBody,
} from '@salon/contract/auto-connect';
import { api } from '../../../shared/api/api';
import { onboardingKeys } from './onboarding-keys';

type FormKey = Required<{ [K in keyof AutoConnectFormQuery]: string }>;

export function autoConnectFormQuery(key: FormKey) {
  return queryOptions({
    queryKey: onboardingKeys.autoConnectForm(key.form_hash),
    queryFn: ({ signal }) =>
      api.request({ path: '/get_form', query: key, schema: autoConnectForm, auth: false, signal }),
    // A link that names no form is an answer, not a fault to retry.
    retry: false,
    staleTime: Infinity,
  });
}

// GET /get_form (public): the wizard's form as accepted so far (SPEC 7).
export function useAutoConnectForm(key: FormKey) {
  return useQuery(autoConnectFormQuery(key));
}

// POST /accept_step (public): one step; the answer is the form after it.
export function useAcceptStep(key: FormKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptStepBody) =>
      api.request({ method: 'POST', path: '/accept_step', query: key, body, schema: autoConnectForm, auth: false }),
    onSuccess: (form) => client.setQueryData(onboardingKeys.autoConnectForm(key.form_hash), form),
  });
}

// POST /autoconnect_request (public): opens a wizard for the salon's company.
export function useRequestAutoConnect() {
  return useMutation({
    mutationFn: (body: AutoConnectRequestBody) =>
      api.request({ method: 'POST', path: '/autoconnect_request', body, schema: autoConnectRequested, auth: false }),
  });
}
