import { billDataSaved, type BillData } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';

// POST /settings/bill_data: answers the saved data.
export function saveBillData(body: BillData): Promise<BillData> {
  return api.request({ method: 'POST', path: '/settings/bill_data', body, schema: billDataSaved }).then((a) => a.data);
}
