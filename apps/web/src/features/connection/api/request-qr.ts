import { useMutation } from '@tanstack/react-query';
import { qrResponse } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';
import { track } from '../../../shared/metrics/track';
import type { MessengerCode } from '../channel-state';

const PATHS: Record<MessengerCode, string> = { WA: '/connection/wa/qr_code', TG: '/connection/tg/qr_code' };

// POST /connection/wa/qr_code or /connection/tg/qr_code: the QR to scan (the same one while it lives).
export function requestQr(channel: MessengerCode) {
  track('connect_qr', { channel });
  return api.request({ method: 'POST', path: PATHS[channel], body: {}, schema: qrResponse });
}

export function useRequestQr(channel: MessengerCode) {
  return useMutation({ mutationFn: () => requestQr(channel) });
}
