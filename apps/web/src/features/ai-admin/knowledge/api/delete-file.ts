import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fileResponse, type KnowledgeFile } from '@salon/contract/ai-files';
import { api } from '../../../../shared/api/api';
import { useSession } from '../../../../shared/session/use-session';
import { dropFile, refreshTotalSize } from './files-cache';
import { knowledgeKeys } from './knowledge-keys';

// DELETE /api/ai/api/v1/files/?acc_id&account_id&file_id: answers the file in state 'deleted'.
export function deleteFile(accId: number, fileId: number): Promise<KnowledgeFile> {
  return api
    .request({
      host: 'ai',
      method: 'DELETE',
      path: '/api/v1/files/',
      query: { account_id: accId, file_id: fileId },
      schema: fileResponse,
    })
    .then((answer) => answer.data);
}

export interface FileDeletion {
  // Files whose removal is under way (SPEC 4: shown as 'upload' until removed).
  deleting: ReadonlySet<number>;
  remove: (fileId: number) => Promise<void>;
}

// Several files may be removed at once, each with its own pending state (one mutation would only
// know the last). A failed delete leaves the file as it was and rethrows for the caller's message.
export function useFileDeletion(): FileDeletion {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const mark = (fileId: number, on: boolean) =>
    setDeleting((old) => {
      const next = new Set(old);
      if (on) next.add(fileId);
      else next.delete(fileId);
      return next;
    });

  return {
    deleting,
    remove: async (fileId) => {
      if (accId === null) return;
      mark(fileId, true);
      try {
        await deleteFile(accId, fileId);
        dropFile(queryClient, accId, fileId);
        void refreshTotalSize(queryClient, accId);
        void queryClient.invalidateQueries({ queryKey: knowledgeKeys.files(accId) });
      } finally {
        mark(fileId, false);
      }
    },
  };
}
