import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { fileResponse, type KnowledgeFile, type summaryPatchBody } from '@salon/contract/ai-files';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { putFile } from './files-cache';

export interface SummaryPatch {
  fileId: number;
  // Already cut to 200 visible characters (knowledge-rules summaryDraft).
  summary: string;
}

// PATCH /api/ai/api/v1/files/summary?acc_id&account_id&file_id {summary}: answers the saved file.
export function patchSummary(accId: number, { fileId, summary }: SummaryPatch): Promise<KnowledgeFile> {
  return api
    .request({
      host: 'ai',
      method: 'PATCH',
      path: '/api/v1/files/summary',
      query: { account_id: accId, file_id: fileId },
      body: { summary } satisfies z.infer<typeof summaryPatchBody>,
      schema: fileResponse,
    })
    .then((answer) => answer.data);
}

export function usePatchSummary() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: (patch: SummaryPatch) => patchSummary(accId ?? 0, patch),
    onSuccess: (file) => putFile(queryClient, accId, file),
  });
}
