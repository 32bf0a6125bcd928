import type { QueryClient } from '@tanstack/react-query';
import type { KnowledgeFile } from '@salon/contract/ai-files';
import { knowledgeKeys } from './knowledge-keys';

// The list as the server answers it: up to 500 files and how many the branch has.
export interface FilesPage {
  data: KnowledgeFile[];
  total: number;
}

// The cached list follows what uploads, streams and edits report, without a refetch each time.
// Answers whether the file's state changed (the total size follows state changes).
export function putFile(queryClient: QueryClient, accId: number | null, file: KnowledgeFile): boolean {
  let changed = true;
  queryClient.setQueryData<FilesPage>(knowledgeKeys.files(accId), (page) => {
    if (!page) return page;
    const old = page.data.find((f) => f.id === file.id);
    if (!old) return { data: [file, ...page.data], total: page.total + 1 };
    changed = old.state !== file.state;
    return { ...page, data: page.data.map((f) => (f.id === file.id ? file : f)) };
  });
  return changed;
}

export function dropFile(queryClient: QueryClient, accId: number | null, fileId: number): void {
  queryClient.setQueryData<FilesPage>(knowledgeKeys.files(accId), (page) => {
    if (!page?.data.some((f) => f.id === fileId)) return page;
    return { data: page.data.filter((f) => f.id !== fileId), total: Math.max(0, page.total - 1) };
  });
}

export function refreshTotalSize(queryClient: QueryClient, accId: number | null): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: knowledgeKeys.totalSize(accId) });
}
