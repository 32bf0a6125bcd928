import { useMutation } from '@tanstack/react-query';
import { parsedClientFile } from '@salon/contract/mailing-sendouts';
import { uploadWithProgress } from '../../../shared/api/upload-with-progress';
import { track } from '../../../shared/metrics/track';

export interface ParseClientListInput {
  file: File;
  loyaltyActionId: string | null;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

// POST /parse_xlsx (multipart: the list as `data`, optional loyalty_action_id): the server reads the
// list, makes a draft send-out and answers SPEC 3's parsed client file.
export function parseClientList({ file, loyaltyActionId, onProgress, signal }: ParseClientListInput) {
  track('import_sendout_list');
  const form = new FormData();
  form.append('data', file, file.name);
  if (loyaltyActionId !== null) form.append('loyalty_action_id', loyaltyActionId);
  return uploadWithProgress(onProgress).request({
    host: 'mailing',
    method: 'POST',
    path: '/parse_xlsx',
    body: form,
    schema: parsedClientFile,
    signal,
  });
}

export function useParseClientList() {
  return useMutation({ mutationFn: parseClientList, onError: () => track('sendout_list_error') });
}
