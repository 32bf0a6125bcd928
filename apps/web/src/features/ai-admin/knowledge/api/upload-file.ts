import { fileResponse, type KnowledgeFile } from '@salon/contract/ai-files';
import { uploadWithProgress } from '../../../../shared/api/upload-with-progress';

export interface FileUpload {
  accId: number;
  file: File;
  // 0..1 of the body sent.
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

// POST /api/ai/api/v1/files/?acc_id&account_id multipart {file}: answers the file in state 'upload'.
export function uploadFile({ accId, file, onProgress, signal }: FileUpload): Promise<KnowledgeFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(onProgress)
    .request({
      host: 'ai',
      method: 'POST',
      path: '/api/v1/files/',
      query: { account_id: accId },
      body: form,
      schema: fileResponse,
      signal,
    })
    .then((answer) => answer.data);
}
