import { z } from 'zod';
import { modulesBody } from '@salon/contract/payments';
import { api } from '../../../shared/api/api';
import type { PriceRequest } from './calculate-price';

// The answer is checked by payLinkOutcome (isPayLink), so SPEC 8's "not a valid URL" is ours to report
// instead of a schema failure.
const anyAnswer = z.unknown();

// POST /get_link: the provider's checkout URL for the chosen card and modules.
export function getPayLink({ months, modules }: PriceRequest): Promise<unknown> {
  return api.request({
    method: 'POST',
    path: '/get_link',
    query: { months },
    body: modulesBody.parse({ modules }),
    schema: anyAnswer,
  });
}
