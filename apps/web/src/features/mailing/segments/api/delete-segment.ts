import { useMutation, useQueryClient } from '@tanstack/react-query';
import { segmentDeletedResponse } from '@salon/contract/mailing-segments';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { segmentKeys } from './segment-keys';

// DELETE /sendout_segments?segment_id
export function deleteSegment(segmentId: number) {
  return api.request({
    host: 'mailing',
    method: 'DELETE',
    path: '/sendout_segments',
    query: { segment_id: segmentId },
    schema: segmentDeletedResponse,
  });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: deleteSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.list(accId) }),
  });
}
