import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isFileInProcess, type KnowledgeFile } from '@salon/contract/ai-files';
import { API_BASE_URLS } from '../../../../shared/config/api-config';
import { session } from '../../../../shared/session/session';
import { useSession } from '../../../../shared/session/use-session';
import { dropFile, putFile, refreshTotalSize } from '../api/files-cache';
import { fetchFileState } from '../api/get-file-state';
import { knowledgeKeys } from '../api/knowledge-keys';
import { watchFileProgress, type FileProgressWatch } from '../file-progress-stream';
import { fileStreamUrl } from '../knowledge-rules';

interface Watched {
  accId: number;
  watch: FileProgressWatch;
}

// SPEC 4: one live progress stream per unfinished file; each state it reports lands in the cached
// list, and state changes refresh the total size. Files being deleted are not watched.
export function useFileProgress(files: readonly KnowledgeFile[] | undefined, skip: ReadonlySet<number>): void {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const watching = useRef(new Map<number, Watched>());
  const ids = (files ?? [])
    .filter((file) => isFileInProcess(file.state) && !skip.has(file.id))
    .map((file) => file.id)
    .sort((a, b) => a - b)
    .join(',');

  useEffect(() => {
    const wanted = new Set(accId === null || ids === '' ? [] : ids.split(',').map(Number));
    for (const [id, entry] of watching.current) {
      if (wanted.has(id) && entry.accId === accId) continue;
      entry.watch.close();
      watching.current.delete(id);
    }
    if (accId === null) return;
    for (const id of wanted) {
      if (watching.current.has(id)) continue;
      watching.current.set(id, {
        accId,
        watch: watchFileProgress({
          open: (url) => new EventSource(url),
          url: () => fileStreamUrl(API_BASE_URLS.ai, accId, id, session.get().accessToken ?? ''),
          probe: () => fetchFileState(accId, id),
          onFile: (file) => {
            if (putFile(queryClient, accId, file)) void refreshTotalSize(queryClient, accId);
          },
          onEnd: (reason) => {
            // Lost rights: the entry stays, so the file is not watched again until the page reopens.
            if (reason === 'denied') return;
            watching.current.delete(id);
            void refreshTotalSize(queryClient, accId);
            if (reason === 'gone') {
              dropFile(queryClient, accId, id);
              void queryClient.invalidateQueries({ queryKey: knowledgeKeys.files(accId) });
            }
          },
        }),
      });
    }
  }, [ids, accId, queryClient]);

  useEffect(() => {
    const current = watching.current;
    return () => {
      for (const entry of current.values()) entry.watch.close();
      current.clear();
    };
  }, []);
}
