import { useMutation } from '@tanstack/react-query';
import { consentXlsxBody, consentXlsxResponse } from '@salon/contract/consents';
import { api } from '../../../shared/api/api';
import type { ExportFlags } from '../consent-list-rules';

// POST /send_consent_xlsx {consent, declines, neutral}: the admin bot sends the file to the user.
export function sendConsentsXlsx(flags: ExportFlags) {
  return api.request({
    host: 'mailing',
    method: 'POST',
    path: '/send_consent_xlsx',
    body: consentXlsxBody.parse(flags),
    schema: consentXlsxResponse,
  });
}

export function useSendConsentsXlsx() {
  return useMutation({ mutationFn: sendConsentsXlsx });
}
