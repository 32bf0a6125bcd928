import { fileResponse, type KnowledgeFile } from '@salon/contract/ai-files';
import { api } from '../../../../shared/api/api';

// GET /api/ai/api/v1/files/state?acc_id&account_id&file_id: one file as it is now. The progress
// stream's probe and poll; going through the client, it refreshes an expired token (SPEC 4).
export function fetchFileState(accId: number, fileId: number): Promise<KnowledgeFile> {
  return api
    .request({
      host: 'ai',
      path: '/api/v1/files/state',
      query: { account_id: accId, file_id: fileId },
      schema: fileResponse,
    })
    .then((answer) => answer.data);
}
