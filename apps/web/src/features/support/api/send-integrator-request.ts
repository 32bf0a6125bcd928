import { useMutation } from '@tanstack/react-query';
import { integratorRequestSent, type IntegratorRequestBody } from '@salon/contract/support';
import { api } from '../../../shared/api/api';

export function sendIntegratorRequest(accId: number, body: IntegratorRequestBody) {
  return api.request({
    method: 'POST',
    path: '/integrators_request',
    query: { acc_id: accId },
    body,
    schema: integratorRequestSent,
  });
}

// POST /integrators_request: nothing cached changes.
export function useSendIntegratorRequest(accId: number) {
  return useMutation({ mutationFn: (body: IntegratorRequestBody) => sendIntegratorRequest(accId, body) });
}
