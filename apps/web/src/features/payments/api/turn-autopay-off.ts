import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { paymentsKeys } from './payments-keys';

// The answer's body is not read: the pay data is asked again instead.
const anyAnswer = z.unknown();

export function turnAutopayOff(): Promise<unknown> {
  return api.request({ method: 'POST', path: '/autopay_off', schema: anyAnswer });
}

// POST /autopay_off, then GET /pay again (the autopay flag and the card change there).
export function useTurnAutopayOff() {
  const { accId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: turnAutopayOff,
    onSuccess: () => client.invalidateQueries({ queryKey: paymentsKeys.payData(accId) }),
  });
}
