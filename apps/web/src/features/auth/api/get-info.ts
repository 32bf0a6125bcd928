import { getInfoResponse } from '@salon/contract/auth';
import { api } from '../../../shared/api/api';

// POST /get_info: who the bearer is; the session re-check of SPEC 4.
export function getInfo() {
  return api.request({ method: 'POST', path: '/get_info', schema: getInfoResponse });
}
