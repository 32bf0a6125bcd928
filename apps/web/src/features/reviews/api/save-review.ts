import {
  idFromSaveStatus,
  saveReviewBody,
  saveReviewResponse,
  statusResponse,
  updateReviewBody,
  type ReviewChainData,
} from '@salon/contract/reviews';
import { api } from '../../../shared/api/api';
import { track } from '../../../shared/metrics/track';

export interface SaveChainRequest {
  id: number | null;
  stepsCount: number;
  data: ReviewChainData;
}

// POST /save_review {template_id: null, steps_count, data} creates a chain and answers its id in
// the status text (SPEC 4) and in `id`; PUT /update_review?template_id {data} updates one.
export async function saveChain({ id, stepsCount, data }: SaveChainRequest): Promise<number> {
  track('save_template_chain');
  if (id !== null) {
    await api.request({
      method: 'PUT',
      path: '/update_review',
      query: { template_id: id },
      body: updateReviewBody.parse({ data }),
      schema: statusResponse,
    });
    return id;
  }
  const answer = await api.request({
    method: 'POST',
    path: '/save_review',
    body: saveReviewBody.parse({ template_id: null, steps_count: stepsCount, data }),
    schema: saveReviewResponse,
  });
  return idFromSaveStatus(answer.status) ?? answer.id;
}
