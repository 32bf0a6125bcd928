import { useMutation } from '@tanstack/react-query';
import { pairingBody, pairingResponse } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';

// POST /connection/wa/auth_code {phone}: the 8-character code to type on the phone.
export function requestPairingCode(phone: string) {
  return api.request({
    method: 'POST',
    path: '/connection/wa/auth_code',
    body: pairingBody.parse({ phone }),
    schema: pairingResponse,
  });
}

export function useRequestPairingCode() {
  return useMutation({ mutationFn: requestPairingCode });
}
