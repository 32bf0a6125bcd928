import { useMutation, useQueryClient } from '@tanstack/react-query';
import { segmentFilters, segmentSavedResponse, type SegmentFilters } from '@salon/contract/mailing-segments';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { segmentKeys } from './segment-keys';

export interface SaveSegmentInput {
  // null: a new segment.
  segmentId: number | null;
  name: string;
  description: string;
  filters: SegmentFilters;
}

// POST /sendout_segments?segment_name&segment_description (a new one) or PUT with segment_id (a
// change); the filters are the body (SPEC 7).
export function saveSegment({ segmentId, name, description, filters }: SaveSegmentInput) {
  return api.request({
    host: 'mailing',
    method: segmentId === null ? 'POST' : 'PUT',
    path: '/sendout_segments',
    query: { segment_id: segmentId ?? undefined, segment_name: name.trim(), segment_description: description.trim() },
    body: segmentFilters.parse(filters),
    schema: segmentSavedResponse,
  });
}

export function useSaveSegment() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: saveSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.list(accId) }),
  });
}
