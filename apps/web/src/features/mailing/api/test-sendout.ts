import { useMutation } from '@tanstack/react-query';
import { testSendoutFields, testSendoutResponse } from '@salon/contract/mailing-sendouts';
import { api } from '../../../shared/api/api';
import type { TestSendoutInput } from '../launch-rules';
import type { MediaDraft } from '../new-mailing-state';
import { toForm } from './to-form';

// POST /test_sendout (multipart: media, text, keys JSON, sendout_id, phone): one message to a phone.
export function testSendout({ fields, media }: { fields: TestSendoutInput; media: MediaDraft | null }) {
  return api.request({
    host: 'mailing',
    method: 'POST',
    path: '/test_sendout',
    body: toForm(testSendoutFields.parse(fields), media),
    schema: testSendoutResponse,
  });
}

export function useTestSendout() {
  return useMutation({ mutationFn: testSendout });
}
