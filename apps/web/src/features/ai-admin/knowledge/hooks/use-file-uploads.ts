import { useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../../shared/session/use-session';
import { putFile, refreshTotalSize } from '../api/files-cache';
import { uploadFile } from '../api/upload-file';
import { uploadRefusal } from '../knowledge-rules';
import { nextUpload, uploadQueue, type UploadItem } from '../upload-queue';

export interface FileUploads {
  items: UploadItem[];
  add: (files: readonly File[]) => void;
  // Cancels a waiting or sending file, or dismisses a refused one.
  remove: (key: string) => void;
}

// Dropped files are checked, then sent one after another with their progress; a sent file joins
// the list (where its stream takes over) and the total size is read again.
export function useFileUploads(): FileUploads {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const [items, dispatch] = useReducer(uploadQueue, []);
  const files = useRef(new Map<string, File>());
  const sending = useRef<{ key: string; controller: AbortController } | null>(null);
  const counter = useRef(0);
  const next = nextUpload(items);
  const nextKey = next?.key ?? null;

  useEffect(() => {
    // The same file is never sent twice (StrictMode runs effects twice).
    if (nextKey === null || accId === null || sending.current?.key === nextKey) return;
    const file = files.current.get(nextKey);
    if (!file) {
      dispatch({ type: 'removed', key: nextKey });
      return;
    }
    const controller = new AbortController();
    sending.current = { key: nextKey, controller };
    dispatch({ type: 'started', key: nextKey });
    uploadFile({
      accId,
      file,
      onProgress: (fraction) => dispatch({ type: 'progress', key: nextKey, fraction }),
      signal: controller.signal,
    })
      .then(
        (saved) => {
          putFile(queryClient, accId, saved);
          void refreshTotalSize(queryClient, accId);
          dispatch({ type: 'sent', key: nextKey });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) dispatch({ type: 'failed', key: nextKey, problem: uploadRefusal(error) });
        },
      )
      .finally(() => {
        files.current.delete(nextKey);
        if (sending.current?.key === nextKey) sending.current = null;
      });
  }, [nextKey, accId, queryClient]);

  useEffect(() => () => sending.current?.controller.abort(), []);

  return {
    items,
    add: (picked) => {
      const batch = picked.map((file) => {
        counter.current += 1;
        const key = `${counter.current}:${file.name}`;
        files.current.set(key, file);
        return { key, name: file.name, size: file.size, type: file.type };
      });
      if (batch.length > 0) dispatch({ type: 'added', files: batch });
    },
    remove: (key) => {
      if (sending.current?.key === key) {
        sending.current.controller.abort();
        sending.current = null;
      }
      files.current.delete(key);
      dispatch({ type: 'removed', key });
    },
  };
}
